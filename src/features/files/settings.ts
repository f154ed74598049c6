/** The files feature's settings, read once at start with the others (src/config.ts). */
import { ATTACHMENTS_FOLDER } from '../../helpdesk/fields';
import { ConfigError, integer, value, type Env } from '../../settings/read';

/** HELPDESK_ATTACHMENT_MAX_MB and HELPDESK_ATTACHMENTS_FOLDER, checked. */
export interface FilesSettings {
  /** Largest file taken, in bytes (HELPDESK_ATTACHMENT_MAX_MB, default 25, at most 250). */
  maxBytes: number;
  /** Folder of the site's default library holding one folder per ticket (HELPDESK_ATTACHMENTS_FOLDER, default ATTACHMENTS_FOLDER). */
  folder: string;
}

/** Reads the feature's variables; a malformed one throws a ConfigError naming it. */
export function readFilesSettings(env: Env): FilesSettings {
  const mb = integer(env, 'HELPDESK_ATTACHMENT_MAX_MB', 25, 1, 250);
  const folder = (value(env, 'HELPDESK_ATTACHMENTS_FOLDER') ?? ATTACHMENTS_FOLDER).replace(/^\/+|\/+$/g, '');
  if (folder === '' || folder.split('/').some((p) => p === '.' || p === '..' || /[\\:*?"<>|#%]/.test(p))) {
    throw new ConfigError('HELPDESK_ATTACHMENTS_FOLDER', `"${folder}" is not a folder path of the document library (e.g. ${ATTACHMENTS_FOLDER} or Help desk/Attachments)`);
  }
  return { maxBytes: mb * 1024 * 1024, folder };
}

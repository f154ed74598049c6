/**
 * The files a chat message carries, read from the platform's own payload (no SDK types): Slack's
 * `event.files`, Teams' attachments (file download info and pasted images). Nothing is fetched here.
 */
import type { FileRef } from './types';

/** The part of a Slack file object this reads. */
export interface SlackFile {
  id?: string;
  name?: string;
  title?: string;
  size?: number;
  mimetype?: string;
  mode?: string;
  url_private_download?: string;
  permalink?: string;
}

/** Slack `event.files` as FileRefs; external, hidden-by-limit and deleted files carry no download URL. */
export function slackFileRefs(files: readonly SlackFile[] | undefined): FileRef[] {
  return (files ?? []).map((f) => ({
    platform: 'slack' as const,
    name: f.name || f.title || f.id || 'file',
    ...(typeof f.size === 'number' ? { size: f.size } : {}),
    ...(f.mimetype ? { mimeType: f.mimetype } : {}),
    ...(f.mode === 'external' || f.mode === 'tombstone' || f.mode === 'hidden_by_limit' || !f.url_private_download ? {} : { url: f.url_private_download }),
    auth: 'slack-bot' as const,
    ...(f.permalink ? { chatLink: f.permalink } : {}),
  }));
}

/** The part of a Teams attachment this reads. */
export interface TeamsAttachment {
  contentType?: string;
  contentUrl?: string;
  name?: string;
  content?: unknown;
}

/** Teams' content type for a file sent to a bot in a personal chat (`supportsFiles`). */
export const TEAMS_FILE_DOWNLOAD_INFO = 'application/vnd.microsoft.teams.file.download.info';

/** Teams attachments as FileRefs: files sent to the bot (downloadUrl) and pasted images (contentUrl); cards and the HTML copy of the text are not files. */
export function teamsFileRefs(attachments: readonly TeamsAttachment[] | undefined, sentAt?: string): FileRef[] {
  const out: FileRef[] = [];
  let image = 0;
  for (const a of attachments ?? []) {
    if (a.contentType === TEAMS_FILE_DOWNLOAD_INFO) {
      const c = (a.content ?? {}) as { downloadUrl?: unknown; fileType?: unknown };
      out.push({ platform: 'teams', name: a.name || `file.${typeof c.fileType === 'string' ? c.fileType : 'bin'}`, url: typeof c.downloadUrl === 'string' ? c.downloadUrl : undefined, auth: 'none', ...(sentAt ? { sentAt } : {}) });
    } else if (a.contentType?.startsWith('image/') && a.contentUrl) {
      image += 1;
      const ext = a.contentType.slice('image/'.length).replace(/[^a-z0-9]/gi, '') || 'png';
      out.push({ platform: 'teams', name: a.name || `image-${image}.${ext === 'jpeg' ? 'jpg' : ext}`, mimeType: a.contentType, url: a.contentUrl, auth: 'teams-connector', ...(sentAt ? { sentAt } : {}) });
    }
  }
  return out;
}

/** How many of a Teams channel message's attachments are files (which the bot is never sent there). */
export function teamsChannelFileCount(attachments: readonly TeamsAttachment[] | undefined): number {
  return (attachments ?? []).filter((a) => a.contentType === TEAMS_FILE_DOWNLOAD_INFO || a.contentType === 'reference' || (a.contentType?.startsWith('image/') && a.contentUrl)).length;
}

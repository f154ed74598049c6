/**
 * The doctor's files line: writes a small probe file into the attachments folder and deletes it,
 * so the line says whether files will reach tickets and, if not, what to grant or create.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { isGraphError } from '../../graph';
import { translator } from '../../i18n';
import type { DriveClient } from './drive';

/** One doctor verdict. */
export interface LibraryCheck { kind: 'pass' | 'fail'; line: string }

/** Checks that `folder` of the site's default library can be written. */
export async function checkLibrary(drive: DriveClient, folder: string, locale?: string): Promise<LibraryCheck> {
  const t = translator(locale);
  const probe = `${folder}/.doctor-probe-${randomBytes(4).toString('hex')}.txt`;
  try {
    await drive.upload(probe, async () => ({ chunks: Readable.from([Buffer.from('help-desk doctor probe\n')]), size: 23, contentType: 'text/plain' }));
    await drive.remove(probe);
    return { kind: 'pass', line: t('files:doctor.pass', { folder }) };
  } catch (e) {
    if (isGraphError(e, 'not-found')) return { kind: 'fail', line: t('files:doctor.missing', { detail: e.detail }) };
    if (isGraphError(e, 'forbidden')) return { kind: 'fail', line: t('files:doctor.readOnly', { detail: e.detail }) };
    if (isGraphError(e)) return { kind: 'fail', line: t('files:doctor.failed', { detail: e.detail }) };
    throw e;
  }
}

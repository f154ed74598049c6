/** The feature's words: the ticket comment that links the files, and the line told for each file not kept. */
import { translator } from '../../i18n';
import type { DriveFile } from './drive';
import type { FileRef, Refusal } from './types';

/** "182 KB", "2.1 MB", "12 bytes" in the reader's language. */
export function formatSize(bytes: number, locale?: string): string {
  const t = translator(locale);
  if (bytes < 1024) return t('files:size.bytes', { count: bytes });
  const number = (n: number, digits: number) => new Intl.NumberFormat(locale ?? 'en', { maximumFractionDigits: digits }).format(n);
  if (bytes < 1024 * 1024) return t('files:size.kb', { value: number(Math.round(bytes / 1024), 0) });
  return t('files:size.mb', { value: number(bytes / (1024 * 1024), 1) });
}

/** "Sent in Teams chat at" time: an unambiguous UTC minute, as plain text on the ticket. */
function chatTime(iso: string | undefined): string {
  const d = iso ? new Date(iso) : new Date(NaN);
  return Number.isNaN(d.getTime()) ? '?' : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The one comment for a message's files: a line per kept file with its link, a line per file that stayed in chat. */
export function commentBody(kept: readonly DriveFile[], stayed: readonly FileRef[], locale?: string): string {
  const t = translator(locale);
  return [
    ...kept.map((f) => t('files:comment.attached', { name: f.name, size: formatSize(f.size, locale), url: f.webUrl })),
    ...stayed.map((f) => (f.chatLink
      ? t('files:comment.stayedSlack', { name: f.name, link: f.chatLink })
      : t('files:comment.stayedTeams', { name: f.name, time: chatTime(f.sentAt) }))),
  ].join('\n');
}

/** The line told to the person for a file not put on ticket `ticketId`, naming it and why (and, where it helps, how to add it without repeating the message). */
export function refusalLine(name: string, refusal: Refusal, ticketId: number, locale?: string): string {
  const t = translator(locale);
  const vars: Record<string, unknown> = { name, id: ticketId };
  if (refusal.kind === 'too-many') vars.max = refusal.max;
  if (refusal.kind === 'too-large') vars.maxMb = refusal.maxMb;
  // A sniffed kind (windows, linux, macos, script) is named in the reader's language; an extension as it is.
  if (refusal.kind === 'blocked-type') vars.what = refusal.what.startsWith('.') ? refusal.what : t(`files:sniffed.${refusal.what}`);
  return t(`files:refused.${refusal.kind}`, vars);
}

/** The one line a Teams channel message with files gets. */
export function teamsChannelLine(count: number, locale?: string): string {
  return translator(locale)('files:teamsChannel', { count });
}

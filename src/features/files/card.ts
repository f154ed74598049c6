/**
 * The files on an agent's ticket card: read from the ticket's folder with one children request,
 * only when the card is built for an agent and the ticket has files, and handed to the renderers
 * finished as the card's links (names, sizes, links): each channel lays out links under a ticket
 * the same way, whoever put them there.
 */
import { isGraphError } from '../../graph';
import { translator } from '../../i18n';
import type { LinkListView, TicketView } from '../../views/types';
import type { DriveClient, DriveFile } from './drive';
import type { FileNotes } from './file-notes';
import { formatSize } from './texts';

/** The files of a ticket, finished for the reader: names, sizes, links, and each file's line. */
export interface TicketFilesView {
  heading: string;
  files: { name: string; size: string; url: string; line: string }[];
}

/** The files as the card's links: the name linked, its size after it. */
export function filesAsLinks(view: TicketFilesView): LinkListView {
  return { heading: view.heading, links: view.files.map((f) => ({ text: f.name, url: f.url, note: f.size })) };
}

/** How many folder reads a process keeps (one per ticket version); the oldest goes first. */
const CACHED_FOLDERS = 500;

/** Whether a comment the card shows links a file in the ticket's folder (put there before the notes were kept). */
function commentsLinkFolder(view: TicketView, folder: string): boolean {
  const marker = `/${[...folder.split('/'), String(view.id)].map(encodeURIComponent).join('/')}/`;
  return view.comments.some((c) => c.body.includes(marker));
}

/**
 * The files for agents' cards. The folder is read only when the ticket has files: noted when the
 * bot put them there, or linked by a comment the card shows. A read is kept for the ticket's
 * version (its etag) and the note's, so a card shown again without a change costs no request.
 */
export function createCardFiles(drive: DriveClient, notes: FileNotes, folder: string) {
  const cache = new Map<string, DriveFile[]>();
  return async function cardFiles(view: TicketView): Promise<TicketFilesView | undefined> {
    const noted = await notes.version(view.id);
    if (noted === undefined && !commentsLinkFolder(view, folder)) return undefined;
    const key = `${view.id}|${view.etag}|${noted ?? 0}`;
    let found = cache.get(key);
    if (!found) {
      try {
        found = await drive.children(`${folder}/${view.id}`);
      } catch (e) {
        // The card is still shown without its files when the library cannot be read (the Graph layer logged why).
        if (!isGraphError(e)) throw e;
        return undefined;
      }
      cache.set(key, found);
      if (cache.size > CACHED_FOLDERS) cache.delete(cache.keys().next().value!);
    }
    return found.length > 0 ? filesView(found, view.locale) : undefined;
  };
}

/** The files, finished for the renderers in the reader's language. */
export function filesView(found: readonly DriveFile[], locale?: string): TicketFilesView {
  const t = translator(locale);
  return {
    heading: t('files:card.title'),
    files: found.map((f) => {
      const size = formatSize(f.size, locale);
      return { name: f.name, size, url: f.webUrl, line: t('files:card.line', { name: f.name, size }) };
    }),
  };
}

/** The ticket's files, as the library lists them, read now; none when the folder or library is absent. */
export async function ticketFiles(drive: DriveClient, folder: string, ticketId: number, locale?: string): Promise<TicketFilesView> {
  let found: DriveFile[];
  try {
    found = await drive.children(`${folder}/${ticketId}`);
  } catch (e) {
    // Without the library the ticket shows no files (the Graph layer logged why).
    if (!isGraphError(e)) throw e;
    found = [];
  }
  return filesView(found, locale);
}

/**
 * The files on an agent's ticket card: read from the ticket's folder with one children request,
 * only when the card is built for an agent, and handed to the renderers finished (names, sizes,
 * links). The Teams fragment (ticket-files.json) and the Slack blocks lay them out.
 */
import * as ACData from 'adaptivecards-templating';
import { isGraphError } from '../../graph';
import { translator } from '../../i18n';
import type { TicketFilesView } from '../../views/types';
import type { DriveClient } from './drive';
import { formatSize } from './texts';
import filesFragment from './ticket-files.json' with { type: 'json' };

export type { TicketFilesView } from '../../views/types';

/** The ticket's files, newest names sorted as the library lists them; none when the folder or library is absent. */
export async function ticketFiles(drive: DriveClient, folder: string, ticketId: number, locale?: string): Promise<TicketFilesView> {
  const t = translator(locale);
  let found: Awaited<ReturnType<DriveClient['children']>>;
  try {
    found = await drive.children(`${folder}/${ticketId}`);
  } catch (e) {
    // The card is still shown without its files when the library cannot be read (the Graph layer logged why).
    if (!isGraphError(e)) throw e;
    found = [];
  }
  return {
    heading: t('files:card.title'),
    files: found.map((f) => {
      const size = formatSize(f.size, locale);
      return { name: f.name, size, url: f.webUrl, line: t('files:card.line', { name: f.name, size }) };
    }),
  };
}

let fragment: ACData.Template | undefined;

/** The Adaptive Card elements for the files (a Container); none when there are no files. */
export function filesCardElements(view: TicketFilesView): Record<string, unknown>[] {
  if (view.files.length === 0) return [];
  fragment ??= new ACData.Template(filesFragment);
  return [fragment.expand({ $root: view }) as Record<string, unknown>];
}

/** Slack mrkdwn escaping for text inside a link label. */
const mrkdwn = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '¦');

/** The Slack blocks for the files: a heading and one linked line per file; none when there are no files. */
export function filesSlackBlocks(view: TicketFilesView): { type: 'section'; text: { type: 'mrkdwn'; text: string } }[] {
  if (view.files.length === 0) return [];
  const lines = view.files.map((f) => `<${f.url}|${mrkdwn(f.name)}> (${mrkdwn(f.size)})`);
  return [{ type: 'section', text: { type: 'mrkdwn', text: `*${mrkdwn(view.heading)}*\n${lines.join('\n')}`.slice(0, 3000) } }];
}

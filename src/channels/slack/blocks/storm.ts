/** A change storm's summary as Block Kit: counts, the first rows with Show and Claim, "and N more" and the list button. */
import type { StormView } from '../../../features/storms/storm-view';
import { actionsBlocks, type Block } from './elements';
import { BLOCK_LIMITS, escapeMrkdwn, mrkdwn, plain, userText } from './limits';
import type { SlackMessage } from './message';
import { ticketSummaryBlocks } from './ticket';

/** The block_id prefix that marks a summary, so a row click there answers the clicker alone (list-rows.ts). */
export const STORM_BLOCK = 'storm-';

/** The summary message; `text` is the notification and fallback. */
export function stormMessage(view: StormView): SlackMessage {
  const counts = view.counts.map((c) => `*${escapeMrkdwn(c.label)}:* ${userText(c.text, 1000)}`).join('\n');
  const blocks: Block[] = [
    { type: 'header', text: plain(view.title, BLOCK_LIMITS.headerText) },
    { type: 'section', text: mrkdwn(counts) },
    { type: 'divider' },
    ...view.rows.flatMap((r) => ticketSummaryBlocks(r)),
  ];
  const notes = [view.moreText, view.cardsText].filter(Boolean).map((x) => userText(x, 500));
  if (notes.length) blocks.push({ type: 'context', elements: [mrkdwn(notes.join('\n'))] });
  blocks.push(...actionsBlocks(view.actions, STORM_BLOCK.slice(0, -1)));
  return { text: escapeMrkdwn(view.fallback), blocks: blocks.slice(0, BLOCK_LIMITS.messageBlocks) };
}

/**
 * A ticket link unfurled in Slack (chat.unfurl): the one-line summary, built from the same
 * escaped pieces as lists, so a title or name can never ping or link anything. The search
 * helper's unfurl handler should call this and nothing else for user text.
 */
import type { TicketSummaryView } from '../../../views/types';
import type { Block } from './elements';
import { ticketSummaryBlocks } from './ticket';

/** The `unfurls[url]` entry for one ticket (blocks only; Slack shows them under the link). */
export function ticketUnfurl(summary: TicketSummaryView): { blocks: Block[] } {
  return { blocks: ticketSummaryBlocks({ ...summary, actions: [] }) };
}

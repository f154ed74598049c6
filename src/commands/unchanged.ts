/** The honest no-op: a change that was already true is not written, and the person is told so. */
import type { Ticket } from '../helpdesk/types';
import { notice, ticketReply } from './respond';
import type { CommandContext, Reply } from './types';

/**
 * The ticket as it is, privately (nothing happened that the conversation needs to see), with
 * e.g. "Already High — nothing changed." and outcome `unchanged`.
 */
export function unchangedReply(ctx: CommandContext, ticket: Ticket, already: string, more?: string): Promise<Reply> {
  const text = `Already ${already} — nothing changed.${more ? ` ${more}` : ''}`;
  return ticketReply(ctx, ticket, 'private', { notice: notice(text, 'success'), outcome: 'unchanged' });
}

/** The honest no-op: a change that was already true is not written, and the person is told so. */
import type { Ticket } from '../helpdesk/types';
import { notice, ticketReply, tr } from './respond';
import type { CommandContext, Reply } from './types';

/**
 * The ticket as it is, privately (nothing happened that the conversation needs to see), with
 * e.g. "Already High — nothing changed." and outcome `unchanged`.
 */
export function unchangedReply(ctx: CommandContext, ticket: Ticket, already: string, more?: string): Promise<Reply> {
  const t = tr(ctx);
  const text = more ? t('commands:common.alreadyNothingChangedMore', { value: already, more }) : t('commands:common.alreadyNothingChanged', { value: already });
  return ticketReply(ctx, ticket, 'private', { notice: notice(text, 'success'), outcome: 'unchanged' });
}

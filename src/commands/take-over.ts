/**
 * The answer to a claim that met someone else's ticket (helpdesk/claim-conflict.ts decides that):
 * the ticket as it is, "Already claimed by X. Take it over?", with Take over from X and Keep. It is
 * the same answer typed or clicked, in Teams or Slack, whether the claim lost before writing or to
 * a 412; only the confirmation (values.takeOver) takes the ticket.
 */
import type { Holder, Ticket } from '../helpdesk/types';
import { VERBS } from '../core';
import { notice, ticketReply, tr } from './respond';
import type { CommandContext, Reply } from './types';

/** The take-over question for a ticket `holder` holds. */
export async function takeOverQuestion(ctx: CommandContext, current: Ticket, holder: Holder): Promise<Reply> {
  const who = holder.name || holder.email;
  const t = tr(ctx);
  const text = t('commands:claim.takeOverQuestion', { holder: who });
  const reply = await ticketReply(ctx, current, 'private', { notice: notice(text, 'warning'), outcome: 'conflict' });
  if (reply.view.type === 'ticket') {
    reply.view.ticket.actions = [
      { verb: VERBS.claim, title: t('commands:claim.takeOverButton', { holder: who }), style: 'positive', ticketId: current.id, etag: current.etag, data: { takeOver: 'true' } },
      { verb: VERBS.refresh, title: t('commands:claim.leaveButton', { holder: who }), ticketId: current.id, etag: current.etag },
    ];
  }
  return reply;
}

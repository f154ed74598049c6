/**
 * `claim <id>`, the Claim and Take over buttons. Public: the conversation sees who took the ticket.
 * A ticket someone else holds is never taken silently: typed or clicked, the agent is asked to
 * confirm and told whom it is taken from; only the confirmation (values.takeOver) takes it.
 */
import { actedOnTicket } from './acted';
import { HelpdeskError, type Holder, type Ticket } from '../helpdesk/types';
import { byWhom, needTicket, notice, saved, ticketReply, tr } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { CommandContext, Handler, Reply } from './types';

/** The question a claim on someone else's ticket gets: the ticket as it is, Take over from … or Keep. */
async function confirmTakeOver(ctx: CommandContext, current: Ticket, holder: Holder): Promise<Reply> {
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

/**
 * Assigns the ticket to me. Who holds it is the service's call: someone else -> the take-over
 * question; me already -> unchanged, said privately.
 */
const claim: Handler = async (ctx, input) => {
  const id = needTicket(ctx, input, claimCommand.usage);
  if (typeof id !== 'number') return id;
  const takeOver = input.values?.takeOver === 'true';
  let result;
  try {
    result = await ctx.helpdesk.claim(ctx.actor, id, input.etag, { takeOver });
  } catch (err) {
    const { current, holder } = err instanceof HelpdeskError && err.kind === 'conflict' ? err.details : {};
    if (current && holder) return confirmTakeOver(ctx, current, holder);
    throw err;
  }
  const { ticket, outcome } = result;
  if (outcome === 'unchanged') {
    return ticketReply(ctx, ticket, 'private', { notice: notice(tr(ctx)('commands:claim.youHoldIt'), 'success'), outcome });
  }
  await actedOnTicket(ctx, ticket);
  return ticketReply(ctx, ticket, 'public', saved(tr(ctx)(takeOver ? 'commands:claim.takenOver' : 'commands:claim.claimed', { by: byWhom(ctx) })));
};

/** `claim <ticket id>`. */
export const claimCommand: CommandDeclaration = {
  name: 'claim',
  usage: 'claim <ticket id>',
  description: 'commands:describe.claim',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: EVERYWHERE,
  args: { kind: 'id' },
  verb: VERBS.claim,
  handles: { [VERBS.claim]: claim },
  inThread: true,
  writes: true,
  answers: 'ticket',
  examples: [
    { name: 'claim', typed: 'claim {id}', ticket: 'open', effect: 'assigned-me' },
    { name: 'take over', values: { takeOver: 'true' }, ticket: 'held', effect: 'assigned-me' },
  ],
  helpGroup: 'work',
};

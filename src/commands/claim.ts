/**
 * `claim <id>`, the Claim and Take over buttons. Public: the conversation sees who took the ticket.
 * A ticket someone else holds is never taken silently: typed or clicked, the agent is asked to
 * confirm and told whom it is taken from; only the confirmation (values.takeOver) takes it.
 */
import { actedOnTicket } from './acted';
import { HelpdeskError, type Holder, type Ticket } from '../helpdesk/types';
import { needTicket, notice, saved, ticketReply } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { CommandContext, Handler, Reply } from './types';

/** The question a claim on someone else's ticket gets: the ticket as it is, Take over from … or Keep. */
async function confirmTakeOver(ctx: CommandContext, current: Ticket, holder: Holder): Promise<Reply> {
  const who = holder.name || holder.email;
  const text = `Already claimed by ${who}. Take it over from ${who}? Nothing changes until you confirm.`;
  const reply = await ticketReply(ctx, current, 'private', { notice: notice(text, 'warning'), outcome: 'conflict' });
  if (reply.view.type === 'ticket') {
    reply.view.ticket.actions = [
      { verb: VERBS.claim, title: `Take over from ${who}`, style: 'positive', ticketId: current.id, etag: current.etag, data: { takeOver: 'true' } },
      { verb: VERBS.refresh, title: `Leave it with ${who}`, ticketId: current.id, etag: current.etag },
    ];
  }
  return reply;
}

/**
 * Assigns the ticket to me. Who holds it is the service's call: someone else -> the take-over
 * question; me already -> unchanged, said privately.
 */
const claim: Handler = async (ctx, input) => {
  const id = needTicket(input, claimCommand.usage);
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
    return ticketReply(ctx, ticket, 'private', { notice: notice('You already hold this ticket.', 'success'), outcome });
  }
  await actedOnTicket(ctx, ticket);
  return ticketReply(ctx, ticket, 'public', saved(`${takeOver ? 'Taken over' : 'Claimed'} by ${ctx.actor.name || ctx.actor.email}.`));
};

/** `claim <ticket id>`. */
export const claimCommand: CommandDeclaration = {
  name: 'claim',
  usage: 'claim <ticket id>',
  description: 'Assign a ticket to me',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: EVERYWHERE,
  args: { kind: 'id' },
  verb: VERBS.claim,
  handles: { [VERBS.claim]: claim },
};

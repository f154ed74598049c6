/**
 * `claim <id>`, the Claim and Take over buttons. Public: the conversation sees who took the ticket.
 * A ticket someone else holds is never taken silently: typed or clicked, the agent is asked to
 * confirm and told whom it is taken from; only the confirmation (values.takeOver) takes it.
 */
import { actedOnTicket } from './acted';
import { byWhom, needTicket, notice, saved, ticketReply, tr } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/**
 * Assigns the ticket to me. Who holds it is the service's call: someone else -> a conflict, whose
 * answer is the take-over question (take-over.ts); me already -> unchanged, said privately.
 */
const claim: Handler = async (ctx, input) => {
  const id = needTicket(ctx, input, claimCommand.usage);
  if (typeof id !== 'number') return id;
  const takeOver = input.values?.takeOver === 'true';
  // Someone else holding it is a conflict, answered with the take-over question in failure.ts like every conflict.
  const { ticket, outcome } = await ctx.helpdesk.claim(ctx.actor, id, input.etag, { takeOver });
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
  once: [VERBS.claim],
  inThread: true,
  writes: true,
  answers: 'ticket',
  examples: [
    { name: 'claim', typed: 'claim {id}', ticket: 'open', effect: 'assigned-me' },
    { name: 'take over', values: { takeOver: 'true' }, ticket: 'held', effect: 'assigned-me' },
  ],
  helpGroup: 'work',
};

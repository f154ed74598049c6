/**
 * `claim <id>` and the Claim button. Public: the conversation sees who took the ticket.
 * A button carries the etag the agent saw; a typed claim uses the ticket as it is now and never
 * takes over a ticket someone else holds (that is `assign`).
 */
import { actedOnTicket } from './acted';
import { needTicket, notice, saved, ticketReply } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/**
 * Assigns the ticket to me. Who holds it is the service's call: someone else -> a conflict that
 * failure.ts shows as "Already claimed by …"; me already -> unchanged, said privately to a typed claim.
 */
const claim: Handler = async (ctx, input) => {
  const id = needTicket(input, claimCommand.usage);
  if (typeof id !== 'number') return id;
  const { ticket, outcome } = await ctx.helpdesk.claim(ctx.actor, id, input.etag);
  if (outcome === 'saved') await actedOnTicket(ctx, ticket);
  if (outcome === 'unchanged' && !input.etag) {
    return ticketReply(ctx, ticket, 'private', { notice: notice('You already hold this ticket.', 'success'), outcome });
  }
  return ticketReply(ctx, ticket, 'public', saved(`Claimed by ${ctx.actor.name || ctx.actor.email}.`));
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

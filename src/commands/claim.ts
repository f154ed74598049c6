/**
 * `claim <id>` and the Claim button. Public: the conversation sees who took the ticket.
 * A button carries the etag the agent saw; a typed claim uses the ticket as it is now and never
 * takes over a ticket someone else holds (that is `assign`).
 */
import { sameEmail } from '../views/format';
import { agentName, needTicket, notice, saved, ticketReply } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Assigns the ticket to me unless someone else got there first. */
const claim: Handler = async (ctx, input) => {
  const id = needTicket(input, claimCommand.usage);
  if (typeof id !== 'number') return id;
  let etag = input.etag;
  if (!etag) {
    const current = await ctx.helpdesk.getTicket(ctx.actor, id);
    if (sameEmail(current.assignedTo, ctx.actor.email)) {
      return ticketReply(ctx, current, 'private', { notice: notice('You already hold this ticket.', 'success'), outcome: 'unchanged' });
    }
    if (current.assignedTo) {
      const holder = await agentName(ctx, current.assignedTo);
      return ticketReply(ctx, current, 'private', {
        notice: notice(`Already claimed by ${holder}. To take it over, use \`assign ${id} ${ctx.actor.email}\`.`, 'warning'),
        outcome: 'conflict',
      });
    }
    etag = current.etag;
  }
  const ticket = await ctx.helpdesk.claim(ctx.actor, id, etag);
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

/** `show <id>` and the Refresh button: the ticket with the comments this person may see. Private. */
import { needTicket, ticketReply } from './respond';
import type { Handler } from './types';

/** Shows one ticket; the service refuses requesters other people's tickets. */
export const show: Handler = async (ctx, input) => {
  const id = needTicket(input, 'show');
  if (typeof id !== 'number') return id;
  const ticket = await ctx.helpdesk.getTicket(ctx.actor, id);
  // Private: an agent's card carries internal notes, which must not reach a shared channel.
  return ticketReply(ctx, ticket, 'private');
};

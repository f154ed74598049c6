/** `show <id>` and the Refresh button: the ticket with the comments this person may see. Private. */
import { needTicket, ticketReply } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Shows one ticket; the service refuses requesters other people's tickets. */
const show: Handler = async (ctx, input) => {
  const id = needTicket(ctx, input, showCommand.usage);
  if (typeof id !== 'number') return id;
  const { ticket, comments } = await ctx.helpdesk.getTicketWithComments(ctx.actor, id);
  // Private: an agent's card carries internal notes, which must not reach a shared channel.
  return ticketReply(ctx, ticket, 'private', {}, comments);
};

/** `show <ticket id>`. */
export const showCommand: CommandDeclaration = {
  name: 'show',
  usage: 'show <ticket id>',
  description: 'commands:describe.show',
  who: 'everyone',
  scopes: EVERYWHERE,
  menus: ['personal', 'group'],
  args: { kind: 'id' },
  verb: VERBS.show,
  handles: { [VERBS.show]: show, [VERBS.refresh]: show },
  inThread: true,
  answers: 'ticket',
  examples: [
    { name: 'show', typed: 'show {id}', ticket: 'open' },
    { name: 'bare id', typed: '#{id}', ticket: 'open' },
    { name: 'refresh', verb: VERBS.refresh, ticket: 'open' },
  ],
  helpGroup: 'tickets',
};

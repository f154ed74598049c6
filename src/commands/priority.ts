/** `priority <id> <priority>`, and the priority button (data.priority). Public result. */
import { matchValue } from '../views/format';
import { errorReply, needTicket, ticketReply } from './respond';
import type { Handler } from './types';

/** Changes the priority; matched case-insensitively against the configured set. */
export const priority: Handler = async (ctx, input) => {
  const id = needTicket(input, 'priority');
  if (typeof id !== 'number') return id;
  const typed = (input.values?.priority ?? input.text ?? '').trim();
  const priorities = ctx.helpdesk.vocabulary.priorities;
  if (!typed) return errorReply(`Say which priority: ${priorities.join(', ')}.`, 'priority');
  const wanted = matchValue(priorities, typed);
  if (!wanted) return errorReply(`“${typed}” is not a priority. Priorities: ${priorities.join(', ')}.`, 'priority');
  const ticket = await ctx.helpdesk.setPriority(ctx.actor, id, wanted, input.etag);
  return ticketReply(ctx, ticket, 'public', `Priority set to ${wanted} by ${ctx.actor.name || ctx.actor.email}.`);
};

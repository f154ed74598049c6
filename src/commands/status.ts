/** `status <id> <status>`, and the Start/Reopen buttons (data.status). Public result. */
import { matchValue } from '../views/format';
import { errorReply, needTicket, ticketReply } from './respond';
import type { Handler } from './types';

/** Changes the status; the status is matched case-insensitively against the configured set. */
export const status: Handler = async (ctx, input) => {
  const id = needTicket(input, 'status');
  if (typeof id !== 'number') return id;
  const typed = (input.values?.status ?? input.text ?? '').trim();
  const statuses = ctx.helpdesk.vocabulary.statuses;
  if (!typed) return errorReply(`Say which status: ${statuses.join(', ')}.`, 'status');
  const wanted = matchValue(statuses, typed);
  if (!wanted) return errorReply(`“${typed}” is not a status. Statuses: ${statuses.join(', ')}.`, 'status');
  const ticket = await ctx.helpdesk.setStatus(ctx.actor, id, wanted, input.etag);
  return ticketReply(ctx, ticket, 'public', `Status set to ${wanted} by ${ctx.actor.name || ctx.actor.email}.`);
};

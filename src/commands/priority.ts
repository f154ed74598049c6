/** `priority <id> <priority>`, and the priority button (data.priority). Public result. */
import { actedOnTicket } from './acted';
import { unchangedReply } from './unchanged';
import { matchValue } from '../views/format';
import { errorReply, needTicket, saved, ticketReply } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Changes the priority; matched case-insensitively against the configured set. */
const priority: Handler = async (ctx, input) => {
  const id = needTicket(input, priorityCommand.usage);
  if (typeof id !== 'number') return id;
  const typed = (input.values?.priority ?? '').trim();
  const priorities = ctx.helpdesk.vocabulary.priorities;
  if (!typed) return errorReply(`Say which priority: ${priorities.join(', ')}.`, priorityCommand.usage);
  const wanted = matchValue(priorities, typed);
  if (!wanted) return errorReply(`“${typed}” is not a priority. Priorities: ${priorities.join(', ')}.`, priorityCommand.usage);
  const { ticket, outcome } = await ctx.helpdesk.setPriority(ctx.actor, id, wanted, input.etag);
  if (outcome === 'unchanged') return unchangedReply(ctx, ticket, ticket.priority);
  await actedOnTicket(ctx, ticket);
  return ticketReply(ctx, ticket, 'public', saved(`Priority set to ${wanted} by ${ctx.actor.name || ctx.actor.email}.`));
};

/** `priority <ticket id> <priority>`. */
export const priorityCommand: CommandDeclaration = {
  name: 'priority',
  usage: 'priority <ticket id> <priority>',
  description: 'Change the priority',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'id text', key: 'priority', what: 'new priority' },
  verb: VERBS.priority,
  handles: { [VERBS.priority]: priority },
};

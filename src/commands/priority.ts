/** `priority <id> <priority>`, and the priority button (data.priority). Public result. */
import { actedOnTicket } from './acted';
import { unchangedReply } from './unchanged';
import { matchValue, valueLabel } from '../views/format';
import { byWhom, errorReply, needTicket, saved, ticketReply, tr } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Changes the priority; matched case-insensitively against the configured set. */
const priority: Handler = async (ctx, input) => {
  const id = needTicket(ctx, input, priorityCommand.usage);
  if (typeof id !== 'number') return id;
  const typed = (input.values?.priority ?? '').trim();
  const priorities = await ctx.helpdesk.valuesFor('priority', typed);
  const t = tr(ctx);
  if (!typed) return errorReply(t('commands:priority.sayWhich', { choices: priorities.join(', ') }), priorityCommand.usage);
  const wanted = matchValue(priorities, typed);
  if (!wanted) return errorReply(t('commands:priority.notOne', { typed, choices: priorities.join(', ') }), priorityCommand.usage);
  const { ticket, outcome } = await ctx.helpdesk.setPriority(ctx.actor, id, wanted, input.etag);
  if (outcome === 'unchanged') return unchangedReply(ctx, ticket, valueLabel(t, 'priority', ticket.priority));
  await actedOnTicket(ctx, ticket);
  return ticketReply(ctx, ticket, 'public', saved(t('commands:priority.done', { value: valueLabel(t, 'priority', wanted), by: byWhom(ctx) })));
};

/** `priority <ticket id> <priority>`. */
export const priorityCommand: CommandDeclaration = {
  name: 'priority',
  usage: 'priority <ticket id> <priority>',
  description: 'commands:describe.priority',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'id text', key: 'priority', what: 'commands:what.priority' },
  verb: VERBS.priority,
  handles: { [VERBS.priority]: priority },
  once: [VERBS.priority],
  inThread: true,
  writes: true,
  answers: 'ticket',
  examples: [{ name: 'priority', typed: 'priority {id} High', values: { priority: 'High' }, ticket: 'open', effect: 'priority' }],
  helpGroup: 'work',
};

/** `status <id> <status>`, and the Start/Reopen buttons (data.status). Public result. */
import { actedOnTicket } from './acted';
import { unchangedReply } from './unchanged';
import { matchValue, valueLabel } from '../views/format';
import { byWhom, errorReply, needTicket, saved, ticketReply, tr } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Changes the status; the status is matched case-insensitively against the configured set. */
const status: Handler = async (ctx, input) => {
  const id = needTicket(ctx, input, statusCommand.usage);
  if (typeof id !== 'number') return id;
  const typed = (input.values?.status ?? '').trim();
  const statuses = await ctx.helpdesk.valuesFor('status', typed);
  const t = tr(ctx);
  if (!typed) return errorReply(t('commands:status.sayWhich', { choices: statuses.join(', ') }), statusCommand.usage);
  const wanted = matchValue(statuses, typed);
  if (!wanted) return errorReply(t('commands:status.notOne', { typed, choices: statuses.join(', ') }), statusCommand.usage);
  const { ticket, outcome } = await ctx.helpdesk.setStatus(ctx.actor, id, wanted, input.etag);
  if (outcome === 'unchanged') return unchangedReply(ctx, ticket, valueLabel(t, 'status', ticket.status));
  await actedOnTicket(ctx, ticket);
  return ticketReply(ctx, ticket, 'public', saved(t('commands:status.done', { value: valueLabel(t, 'status', wanted), by: byWhom(ctx) })));
};

/** `status <ticket id> <status>`. */
export const statusCommand: CommandDeclaration = {
  name: 'status',
  usage: 'status <ticket id> <status>',
  description: 'commands:describe.status',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: ['channel', 'group'],
  args: { kind: 'id text', key: 'status', what: 'commands:what.status' },
  verb: VERBS.status,
  handles: { [VERBS.status]: status },
  once: [VERBS.status],
  inThread: true,
  writes: true,
  answers: 'ticket',
  examples: [{ name: 'status', typed: 'status {id} In Progress', values: { status: 'In Progress' }, ticket: 'open', effect: 'status' }],
  helpGroup: 'work',
};

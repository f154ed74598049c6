/** `status <id> <status>`, and the Start/Reopen buttons (data.status). Public result. */
import { actedOnTicket } from './acted';
import { unchangedReply } from './unchanged';
import { matchValue } from '../views/format';
import { errorReply, needTicket, saved, ticketReply } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Changes the status; the status is matched case-insensitively against the configured set. */
const status: Handler = async (ctx, input) => {
  const id = needTicket(input, statusCommand.usage);
  if (typeof id !== 'number') return id;
  const typed = (input.values?.status ?? '').trim();
  const statuses = ctx.helpdesk.vocabulary.statuses;
  if (!typed) return errorReply(`Say which status: ${statuses.join(', ')}.`, statusCommand.usage);
  const wanted = matchValue(statuses, typed);
  if (!wanted) return errorReply(`“${typed}” is not a status. Statuses: ${statuses.join(', ')}.`, statusCommand.usage);
  const { ticket, outcome } = await ctx.helpdesk.setStatus(ctx.actor, id, wanted, input.etag);
  if (outcome === 'unchanged') return unchangedReply(ctx, ticket, ticket.status);
  await actedOnTicket(ctx, ticket);
  return ticketReply(ctx, ticket, 'public', saved(`Status set to ${wanted} by ${ctx.actor.name || ctx.actor.email}.`));
};

/** `status <ticket id> <status>`. */
export const statusCommand: CommandDeclaration = {
  name: 'status',
  usage: 'status <ticket id> <status>',
  description: 'Change the status, e.g. `status 12 in progress`',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: ['channel', 'group'],
  args: { kind: 'id text', key: 'status', what: 'new status' },
  verb: VERBS.status,
  handles: { [VERBS.status]: status },
};

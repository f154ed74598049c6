/** `queue [unassigned|mine|high|all]`: open tickets for agents (the service enforces who may list). Private. */
import type { TicketQuery } from '../helpdesk/types';
import { ticketListView } from '../views/list-view';
import { own } from './input';
import { errorReply, privately } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

const LIMIT = 20;

const QUEUES: Record<string, { title: string; empty: string; query: (email: string) => TicketQuery }> = {
  unassigned: { title: 'Unassigned open tickets', empty: 'Nothing is waiting to be claimed.', query: () => ({ open: true, unassigned: true }) },
  mine: { title: 'Open tickets assigned to me', empty: 'Nothing is assigned to you.', query: (email) => ({ open: true, assignedTo: email }) },
  high: { title: 'Open high-priority tickets', empty: 'No open high-priority tickets.', query: () => ({ open: true, highPriority: true }) },
  all: { title: 'All open tickets', empty: 'No open tickets.', query: () => ({ open: true }) },
};

/** Lists one of the agent queues, newest first, with a footer when there are more. */
const queue: Handler = async (ctx, input) => {
  const name = (input.values?.queue ?? 'unassigned').trim().toLowerCase() || 'unassigned';
  const q = own(QUEUES, name);
  if (!q) return errorReply(`“${name}” is not a queue.`, queueCommand.usage);
  // The service narrows a requester's list to their own tickets; a list titled "queue" would mislead.
  if (!(await ctx.helpdesk.isAgent(ctx.actor.email))) {
    return errorReply('The queue is for help-desk agents. Type `mine` to see your own tickets.');
  }
  const tickets = await ctx.helpdesk.listTickets(ctx.actor, { ...q.query(ctx.actor.email), limit: LIMIT + 1 });
  const footer = tickets.length > LIMIT
    ? `Showing the newest ${LIMIT}; there are more.${name === 'all' ? ' Try `queue high` or `queue unassigned`.' : ''}`
    : undefined;
  const list = ticketListView(q.title, tickets.slice(0, LIMIT), { email: ctx.actor.email, isAgent: true }, q.empty, footer);
  return privately({ type: 'ticket-list', list });
};

/** `queue [unassigned|mine|high|all]`; the choices are the queues above. */
export const queueCommand: CommandDeclaration = {
  name: 'queue',
  usage: `queue [${Object.keys(QUEUES).join('|')}]`,
  description: 'Open tickets (default: unassigned)',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: EVERYWHERE,
  args: { kind: 'choice', key: 'queue', choices: Object.keys(QUEUES), noun: 'a queue', fallback: 'unassigned' },
  verb: VERBS.queue,
  handles: { [VERBS.queue]: queue },
};

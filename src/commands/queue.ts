/**
 * `queue [unassigned|mine|high|all]` and its Previous/Next buttons (values.page): open tickets for
 * agents, most urgent and oldest first (the service enforces who may list). Private.
 */
import type { Ticket, TicketQuery } from '../helpdesk/types';
import type { ActionView } from '../views/types';
import { keepingList, ticketListView } from '../views/list-view';
import { peopleNames } from './people';
import { own } from './input';
import { errorReply, privately, tr } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';
import { ALL_SPACES, listScope, scopedList } from './space-scope';
import { extensionsOf } from './extensions';

/** Rows per page of a queue in chat. */
export const PAGE_SIZE = 20;

/** How many open tickets a queue reads to order and count; beyond it the count reads "1000+". */
export const QUEUE_SCAN = 1000;

/** Each queue's query; its title and empty text are `commands:queue.<name>.title` / `.empty`. */
const QUEUES: Record<string, { query: (email: string) => TicketQuery }> = {
  unassigned: { query: () => ({ open: true, unassigned: true }) },
  mine: { query: (email) => ({ open: true, assignedTo: email }) },
  high: { query: () => ({ open: true, highPriority: true }) },
  all: { query: () => ({ open: true }) },
};

/**
 * Work order: most urgent priority first (the configured list runs from least to most urgent),
 * then the one waiting longest, then by number so the order never shuffles between pages.
 */
export function byUrgencyThenAge(priorities: readonly string[]): (a: Ticket, b: Ticket) => number {
  const rank = (p: string) => priorities.findIndex((x) => x.toLowerCase() === p.trim().toLowerCase());
  return (a, b) => rank(b.priority) - rank(a.priority) || a.created.localeCompare(b.created) || a.id - b.id;
}

/** Lists one of the agent queues, a page at a time, in work order, saying "N–M of T". */
const queue: Handler = async (ctx, input) => {
  const name = (input.values?.queue ?? 'unassigned').trim().toLowerCase() || 'unassigned';
  const t = tr(ctx);
  // A queue a feature lists (`queue due`; `queue changes` from a change storm's summary): agents only.
  const listed = extensionsOf(ctx).queue(name);
  if (listed) return (await ctx.helpdesk.isAgent(ctx.actor.email)) ? listed(ctx, input) : errorReply(t('commands:queue.agentsOnly'));
  const q = own(QUEUES, name);
  if (!q) return errorReply(t('commands:queue.notAQueue', { name }), queueCommand.usage);
  // The service narrows a requester's list to their own tickets; a list titled "queue" would mislead.
  if (!(await ctx.helpdesk.isAgent(ctx.actor.email))) {
    return errorReply(t('commands:queue.agentsOnly'));
  }
  // A channel bound to a space lists that space's tickets, unless its button asked for every space.
  const scope = await listScope(ctx, input.values);
  // The whole open queue is read so it can be ordered by urgency and counted; open queues are small.
  const all = (await ctx.helpdesk.listTickets(ctx.actor, { ...q.query(ctx.actor.email), spaceId: scope.shown, limit: QUEUE_SCAN })).sort(byUrgencyThenAge(ctx.helpdesk.vocabulary.priorities));
  const totalText = all.length >= QUEUE_SCAN ? `${QUEUE_SCAN}+` : String(all.length);
  const pages = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
  const asked = Number.parseInt(input.values?.page ?? '1', 10);
  const page = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), pages) : 1;
  const from = (page - 1) * PAGE_SIZE;
  const shown = all.slice(from, from + PAGE_SIZE);
  const footer = all.length > shown.length ? t('commands:queue.range', { from: from + 1, to: from + shown.length, total: totalText }) : undefined;
  const viewer = { email: ctx.actor.email, isAgent: true, locale: ctx.locale };
  const list = ticketListView(t(`commands:queue.${name}.title`), shown, viewer, t(`commands:queue.${name}.empty`), footer, await peopleNames(ctx), ctx.helpdesk.vocabulary);
  if (all.length > 0) list.page = { number: page, from: from + 1, to: from + shown.length, total: all.length };
  const spaces: Record<string, string> = scope.bound && !scope.shown ? { spaces: ALL_SPACES } : {};
  const turn = (to: number, title: string): ActionView => ({ verb: VERBS.queue, title, data: { queue: name, page: String(to), ...spaces } });
  const paging = [...(page > 1 ? [turn(page - 1, t('views:button.previous'))] : []), ...(page < pages ? [turn(page + 1, t('views:button.next'))] : [])];
  if (paging.length) list.actions = paging;
  scopedList(ctx, list, scope, VERBS.queue, { queue: name });
  return privately({ type: 'ticket-list', list: keepingList(list, { verb: VERBS.queue, values: { queue: name, page: String(page), ...spaces } }) });
};

/** `queue [unassigned|mine|high|all]`; the choices are the queues above. */
export const queueCommand: CommandDeclaration = {
  name: 'queue',
  usage: `queue [${[...Object.keys(QUEUES), 'due'].join('|')}]`,
  description: 'commands:describe.queue',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: EVERYWHERE,
  args: { kind: 'choice', key: 'queue', choices: [...Object.keys(QUEUES), 'due'], noun: 'commands:queue.noun', fallback: 'unassigned' },
  verb: VERBS.queue,
  handles: { [VERBS.queue]: queue },
  answers: 'ticket-list',
  examples: [
    { typed: 'queue' },
    ...['unassigned', 'mine', 'high', 'all'].map((queue) => ({ name: `queue ${queue}`, typed: `queue ${queue}`, values: { queue } })),
    { name: 'queue page 2', values: { queue: 'all', page: '2' } },
  ],
  helpGroup: 'work',
};

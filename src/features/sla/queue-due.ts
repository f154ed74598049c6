/**
 * `queue due`: open tickets with a running SLA clock (waiting ones included), nearest due first,
 * so breached first, in the order of the due times the store keeps, a page at a time ("N–M of T").
 * In a channel bound to a space, the space's tickets only, unless its button asked for every space.
 * Asked for App Home (`home: 'true'`), the first rows of it as "Due soon" (clock-view.ts dueSoonView).
 */
import type { ActionView } from '../../views/types';
import { keepingList, ticketListView } from '../../views/list-view';
import { VERBS } from '../../core';
import type { Ticket } from '../../helpdesk/types';
import { peopleNames } from '../../commands/people';
import { errorReply, privately, tr } from '../../commands/respond';
import { ALL_SPACES, listScope, scopedList } from '../../commands/space-scope';
import type { CommandContext, CommandInput, Reply } from '../../commands/types';
import { PAGE_SIZE, QUEUE_SCAN } from '../../commands/queue';
import type { HostServices } from '../types';
import type { SlaStore } from './sla-table';
import { dueSoonView } from './clock-view';

type DueRow = { id: number; dueAt: number };

/** Lists one page of the due queue; the ticket rows come from one read of the open tickets. */
export async function dueQueue(ctx: CommandContext, input: CommandInput, services: Pick<HostServices, 'slaPolicy'> & { sla: Pick<SlaStore, 'slaQueue'> }): Promise<Reply> {
  const [pageSize, scan] = [PAGE_SIZE, QUEUE_SCAN];
  const t = tr(ctx);
  if (!services.slaPolicy) return errorReply(t('sla:command.off'));
  const slaDue = (offset: number, limit: number) => services.sla.slaQueue(offset, limit);
  const scope = await listScope(ctx, input.values);
  const asked = Number.parseInt(input.values?.page ?? '1', 10);
  const first = await slaDue(0, 0);
  const open = new Map<number, Ticket>();
  let pageOf: (from: number) => Promise<{ rows: DueRow[]; total: number }>;
  if (scope.shown) {
    // The store keeps due times for every space: the space's open tickets (one read) pick its rows, paged here.
    for (const tk of await ctx.helpdesk.listTickets(ctx.actor, { open: true, spaceId: scope.shown, limit: scan })) open.set(tk.id, tk);
    const inSpace = first.total && open.size ? (await slaDue(0, first.total)).rows.filter((r) => open.has(r.id)) : [];
    pageOf = async (from) => ({ rows: inSpace.slice(from, from + pageSize), total: inSpace.length });
  } else {
    pageOf = (from) => slaDue(from, pageSize);
  }
  const total = scope.shown ? (await pageOf(0)).total : first.total;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), pages) : 1;
  const from = (page - 1) * pageSize;
  const { rows } = await pageOf(from);
  if (rows.length > 0 && !scope.shown) for (const tk of await ctx.helpdesk.listTickets(ctx.actor, { open: true, limit: scan })) open.set(tk.id, tk);
  const shown = rows.map((r) => open.get(r.id)).filter((x): x is Ticket => x !== undefined);
  const footer = total > shown.length ? t('commands:queue.range', { from: from + 1, to: from + shown.length, total }) : undefined;
  const viewer = { email: ctx.actor.email, isAgent: true, locale: ctx.locale };
  const list = ticketListView(t('sla:queue.title'), shown, viewer, t('sla:queue.empty'), footer, await peopleNames(ctx));
  if (shown.length > 0) list.page = { number: page, from: from + 1, to: from + shown.length, total };
  const spaces: Record<string, string> = scope.bound && !scope.shown ? { spaces: ALL_SPACES } : {};
  const turn = (to: number, title: string): ActionView => ({ verb: VERBS.queue, title, data: { queue: 'due', page: String(to), ...spaces } });
  const paging = [...(page > 1 ? [turn(page - 1, t('views:button.previous'))] : []), ...(page < pages ? [turn(page + 1, t('views:button.next'))] : [])];
  if (paging.length) list.actions = paging;
  scopedList(ctx, list, scope, VERBS.queue, { queue: 'due' });
  const view = { type: 'ticket-list' as const, list: keepingList(list, { verb: VERBS.queue, values: { queue: 'due', page: String(page), ...spaces } }) };
  // App Home's part: nothing due is an empty list, which the home leaves out.
  if (input.values?.home === 'true') return privately(dueSoonView(view, ctx.locale) ?? { ...view, list: { ...view.list, tickets: [] } });
  return privately(view);
}

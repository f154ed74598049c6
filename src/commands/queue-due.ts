/**
 * `queue due`: open tickets with a running SLA clock (waiting ones included), nearest due first,
 * so breached first, in the order of the due times the store keeps, a page at a time ("N–M of T").
 */
import type { ActionView } from '../views/types';
import { keepingList, ticketListView } from '../views/list-view';
import { VERBS } from '../core';
import type { Ticket } from '../helpdesk/types';
import { peopleNames } from './people';
import { errorReply, privately, tr } from './respond';
import type { CommandContext, CommandInput, Reply } from './types';

/** Lists one page of the due queue; the ticket rows come from one read of the open tickets. */
export async function dueQueue(ctx: CommandContext, input: CommandInput, pageSize: number, scan: number): Promise<Reply> {
  const t = tr(ctx);
  if (!ctx.notifications?.slaDue) return errorReply(t('commands:sla.off'));
  const asked = Number.parseInt(input.values?.page ?? '1', 10);
  const first = await ctx.notifications.slaDue(0, 0);
  const pages = Math.max(1, Math.ceil(first.total / pageSize));
  const page = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), pages) : 1;
  const from = (page - 1) * pageSize;
  const { rows, total } = await ctx.notifications.slaDue(from, pageSize);
  const open = new Map<number, Ticket>();
  if (rows.length > 0) for (const tk of await ctx.helpdesk.listTickets(ctx.actor, { open: true, limit: scan })) open.set(tk.id, tk);
  const shown = rows.map((r) => open.get(r.id)).filter((x): x is Ticket => x !== undefined);
  const footer = total > shown.length ? t('commands:queue.range', { from: from + 1, to: from + shown.length, total }) : undefined;
  const viewer = { email: ctx.actor.email, isAgent: true, locale: ctx.locale };
  const list = ticketListView(t('commands:queue.due.title'), shown, viewer, t('commands:queue.due.empty'), footer, await peopleNames(ctx));
  if (shown.length > 0) list.page = { number: page, from: from + 1, to: from + shown.length, total };
  const turn = (to: number, title: string): ActionView => ({ verb: VERBS.queue, title, data: { queue: 'due', page: String(to) } });
  const paging = [...(page > 1 ? [turn(page - 1, t('views:button.previous'))] : []), ...(page < pages ? [turn(page + 1, t('views:button.next'))] : [])];
  if (paging.length) list.actions = paging;
  return privately({ type: 'ticket-list', list: keepingList(list, { verb: VERBS.queue, values: { queue: 'due', page: String(page) } }) });
}

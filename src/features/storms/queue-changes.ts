/**
 * `queue changes` (from a change storm's summary, src/features/storms/storm-planning.ts): every ticket that storm
 * changed, in the order it saw them, a page at a time ("N–M of T"), with Previous, Next and a
 * Refresh that reads the page's tickets again. The storm's ticket ids are what the store kept.
 */
import { VERBS } from '../../core';
import type { Ticket } from '../../helpdesk/types';
import { stormListValues } from './storm-view';
import { keepingList, ticketListView } from '../../views/list-view';
import type { ActionView } from '../../views/types';
import { peopleNames } from '../../commands/people';
import { errorReply, privately, tr } from '../../commands/respond';
import type { CommandContext, CommandInput, Reply } from '../../commands/types';
import { PAGE_SIZE } from '../../commands/queue';
import type { Store } from '../../store/types';
import { stormMemoKey } from './storm-planning';

/** Lists one page of a storm's tickets; each row is read from the help desk as it is now. */
export async function changesQueue(ctx: CommandContext, input: CommandInput, store: Pick<Store, 'getMemo'>): Promise<Reply> {
  const pageSize = PAGE_SIZE;
  const t = tr(ctx);
  const id = input.values?.storm ?? '';
  const ids = id ? await store.getMemo<number[]>(stormMemoKey(id)) : undefined;
  if (!ids) return errorReply(t('storms:changes.empty'));
  const pages = Math.max(1, Math.ceil(ids.length / pageSize));
  const asked = Number.parseInt(input.values?.page ?? '1', 10);
  const page = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), pages) : 1;
  const from = (page - 1) * pageSize;
  const read = await Promise.allSettled(ids.slice(from, from + pageSize).map((n) => ctx.helpdesk.getTicket(ctx.actor, n)));
  // A ticket deleted since the storm is left out of its page rather than failing the list.
  const shown = read.filter((r): r is PromiseFulfilledResult<Ticket> => r.status === 'fulfilled').map((r) => r.value);
  const footer = t('commands:queue.range', { from: from + 1, to: from + shown.length, total: ids.length });
  const viewer = { email: ctx.actor.email, isAgent: true, locale: ctx.locale };
  const list = ticketListView(t('storms:changes.title'), shown, viewer, t('storms:changes.empty'), footer, await peopleNames(ctx), ctx.helpdesk.vocabulary);
  list.page = { number: page, from: from + 1, to: from + shown.length, total: ids.length };
  const turn = (to: number, title: string): ActionView => ({ verb: VERBS.queue, title, data: stormListValues(id, to) });
  list.actions = [
    ...(page > 1 ? [turn(page - 1, t('views:button.previous'))] : []),
    ...(page < pages ? [turn(page + 1, t('views:button.next'))] : []),
    turn(page, t('views:button.refresh')),
  ];
  return privately({ type: 'ticket-list', list: keepingList(list, { verb: VERBS.queue, values: stormListValues(id, page) }) });
}

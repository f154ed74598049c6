/**
 * Lists stay lists: Show or Claim clicked on a row of a `queue`, `mine` or search list runs as
 * usual, then the list is built again (same queue, page or words) with that row's new state and a
 * line saying what happened. Show's ticket card, and a take-over question, are answered on their
 * own, so the agent can go on working the list.
 */
import { VERBS } from '../core';
import { translator, type Translate } from '../i18n';
import { listOriginOf, rowFromTicket, ROW_KEYS } from '../views/list-view';
import type { TicketListView } from '../views/types';
import { dispatch } from './index';
import { PRIVATE_UNREACHABLE_KEY, tr } from './respond';
import type { CommandContext, CommandInput, Reply } from './types';

/** Said in place of the list when it could not be built again; the answer itself came on its own. */
export function answeredBelow(locale?: string): string {
  return translator(locale)('commands:listRow.answeredBelow');
}

/** What a click on a list row comes to. */
export interface RowAnswer {
  /** The clicked action's own reply (its error, when it failed). */
  action: Reply;
  /** The list again, the clicked row updated; absent when the action failed or the list could not be built. */
  list?: Reply;
  /** An answer shown as its own message: the ticket card for Show, the take-over question for a lost claim. */
  separate?: Reply;
  /** In the reader's language: said in place of a list that could not be built again. */
  answeredBelow: string;
  /** In the reader's language: said when the separate answer could not reach the private chat. */
  privateUnreachable: string;
}

/** The line a row gets after a click. */
function rowNotice(input: CommandInput, action: Reply, t: Translate): string {
  if (input.verb === VERBS.show) return t('commands:listRow.shown');
  const notice = action.view.type === 'ticket' ? action.view.ticket.notice?.text : undefined;
  return notice ?? t('commands:listRow.done');
}

/** Puts the clicked ticket's new state in its row (back where it was when it has left the list). */
function updateRow(list: TicketListView, action: Reply, id: number, at: number, notice: string): void {
  const index = list.tickets.findIndex((t) => t.id === id);
  if (index >= 0) {
    list.tickets[index] = { ...list.tickets[index], notice };
    return;
  }
  if (action.view.type !== 'ticket') return;
  const row = { ...rowFromTicket(action.view.ticket), notice };
  const place = Number.isInteger(at) ? Math.min(Math.max(at, 0), list.tickets.length) : list.tickets.length;
  list.tickets.splice(place, 0, row);
}

/** Runs a row click; undefined when the input is not a click on a list row. */
export async function listRowAction(ctx: CommandContext, input: CommandInput): Promise<RowAnswer | undefined> {
  const origin = listOriginOf(String(input.verb), input.values);
  if (!origin || typeof input.ticketId !== 'number') return undefined;
  const { [ROW_KEYS.list]: _list, [ROW_KEYS.row]: row, ...rest } = input.values ?? {};
  const t = tr(ctx);
  const texts = { answeredBelow: answeredBelow(ctx.locale), privateUnreachable: t(PRIVATE_UNREACHABLE_KEY) };
  const action = await dispatch(ctx, { ...input, values: Object.keys(rest).length ? rest : undefined });
  if (action.view.type === 'error') return { action, ...texts };
  const separate = input.verb === VERBS.show || action.outcome === 'conflict' ? action : undefined;
  const list = await dispatch(ctx, { verb: origin.verb, values: origin.values });
  if (list.view.type !== 'ticket-list') return { action, separate: separate ?? action, ...texts };
  updateRow(list.view.list, action, input.ticketId, Number.parseInt(row ?? '', 10), rowNotice(input, action, t));
  return { action, list, separate, ...texts };
}

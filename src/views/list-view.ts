/** Ticket list builder (mine, queue). */
import type { Ticket } from '../helpdesk/types';
import { normalizeLocale } from '../i18n';
import { ticketSummary, type PeopleNames, type Viewer } from './ticket-view';
import type { TicketListView } from './types';

/** A titled list of ticket summaries with the text shown when it is empty and an optional footer. */
export function ticketListView(
  title: string,
  tickets: readonly Ticket[],
  viewer: Viewer,
  emptyText: string,
  footer?: string,
  names?: PeopleNames,
): TicketListView {
  const list: TicketListView = { locale: normalizeLocale(viewer.locale), title, tickets: tickets.map((t) => ticketSummary(t, viewer, names)), emptyText };
  if (footer) list.footer = footer;
  return list;
}

/** A ticket's summary (a list row) as an element row: "#12 Title" bold, its line with the date marked, its buttons. */
import { row, type RowView } from './elements';
import type { TicketSummaryView } from './types';

/** The row a screen shows for a ticket summary; its date is marked for the platforms' own date tokens. */
export function summaryRow(t: TicketSummaryView): RowView {
  const line = `${t.line.before}${t.modifiedText}${t.line.after}`;
  return row(`#${t.id} ${t.title}`, [line], t.actions, t.modifiedText ? [{ text: t.modifiedText, iso: t.modified }] : undefined);
}

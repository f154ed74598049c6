/** A channel digest as an Adaptive Card (cards/digest.json): a FactSet of figures and the oldest unassigned tickets as rows with Claim. */
import { placeDates } from '../../features/sla/clock-view';
import type { ActionView, DigestView } from '../../views/types';
import { cardDateTime, literal } from './card-text';

function action(a: ActionView) {
  const data: Record<string, unknown> = { ...a.data };
  if (a.ticketId !== undefined) data.ticketId = a.ticketId;
  if (a.etag !== undefined) data.etag = a.etag;
  return { title: a.title, verb: a.verb, style: a.style ?? 'default', data };
}

/** The template's data: every text escaped for Teams markdown, buttons as Action.Execute data. */
export function digestData(d: DigestView) {
  return {
    title: literal(d.title),
    // Each time as Teams' date token: every reader sees it in their own time zone.
    late: placeDates(literal(d.late ?? ''), d.dates, cardDateTime),
    period: placeDates(literal(d.period), d.dates, cardDateTime),
    facts: d.facts.map((f) => ({ title: literal(f.title), value: literal(f.value) })),
    rowsTitle: literal(d.rowsTitle),
    emptyText: literal(d.emptyText),
    rows: d.rows.map((r) => ({ id: r.id, title: literal(r.title), line: placeDates(literal(r.line), d.dates, cardDateTime), actions: r.actions.map(action) })),
    more: literal(d.moreText ?? ''),
  };
}

/** A channel digest as an Adaptive Card (cards/digest.json): a FactSet of figures and the oldest unassigned tickets as rows with Claim. */
import type { DigestView } from '../../features/digests/digest-view';
import type { ActionView } from '../../views/types';
import { expand } from './cards';
import { literal } from './card-text';

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
    late: literal(d.late ?? ''),
    period: literal(d.period),
    facts: d.facts.map((f) => ({ title: literal(f.title), value: literal(f.value) })),
    rowsTitle: literal(d.rowsTitle),
    emptyText: literal(d.emptyText),
    rows: d.rows.map((r) => ({ id: r.id, title: literal(r.title), line: literal(r.line), actions: r.actions.map(action) })),
    more: literal(d.moreText ?? ''),
  };
}

/** The digest card. */
export function digestCard(d: DigestView): Record<string, unknown> {
  return expand('digest', digestData(d));
}

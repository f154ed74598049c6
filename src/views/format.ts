/** Display helpers shared by the view builders. */
import type { Vocabulary } from '../helpdesk/types';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** ISO timestamp -> "22 Nov 2026 14:05 UTC"; an unreadable value is shown as it is. */
export function formatDate(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${hh}:${mm} UTC`;
}

/** ISO date -> "22 Nov 2026" (no time), for warranty dates. */
export function formatDay(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** Case- and space-insensitive match of typed text against a value set; returns the canonical value. */
export function matchValue(values: readonly string[], typed: string): string | undefined {
  const norm = (s: string) => s.trim().replace(/[\s_-]+/g, ' ').toLowerCase();
  const want = norm(typed);
  return values.find((v) => norm(v) === want);
}

/** Same email, ignoring case and surrounding spaces. */
export function sameEmail(a: string | undefined, b: string | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}

const DONE = ['resolved', 'closed', 'cancelled', 'canceled', 'done'];

/** True when the ticket is finished (Resolved/Closed): agents get "Reopen" instead of "Resolve". */
export function isDone(status: string): boolean {
  return DONE.includes(status.trim().toLowerCase());
}

/** The status a resolved ticket goes back to: "In Progress" when someone holds it, else "New". */
export function reopenStatus(vocabulary: Vocabulary, assigned: boolean): string {
  const wanted = assigned ? 'In Progress' : 'New';
  return matchValue(vocabulary.statuses, wanted) ?? vocabulary.openStatuses[0] ?? wanted;
}

/** The status meaning "being worked on", if the vocabulary has one. */
export function workingStatus(vocabulary: Vocabulary): string | undefined {
  return matchValue(vocabulary.statuses, 'In Progress');
}

/** The status `resolve` sets and `mine` lists as recently finished. */
export function resolvedStatus(vocabulary: Vocabulary): string {
  return matchValue(vocabulary.statuses, 'Resolved') ?? 'Resolved';
}

/**
 * A digest's figures from what the store already keeps: the poller's ticket index (open tickets and
 * those changed since the last digest) and the SLA store's due times. No Graph request.
 */
import { DateTime } from 'luxon';
import { isDone, matches, slaInner, type DigestFigures, type IndexedTicket, type SubscriptionFilter, type Vocabulary } from '../../core';
import { ageCounts, countPeriod, volume } from '../../views/ticket-charts';

/** Unassigned tickets a digest lists as rows with Claim. */
export const DIGEST_ROWS = 5;

export type { DigestFigures };

/** The union of a channel's subscriptions (an SLA one by the tickets it narrows to); none means every ticket. */
export function coveredBy(filters: readonly SubscriptionFilter[], vocabulary: Vocabulary): (t: IndexedTicket) => boolean {
  const plain = filters.map((f) => (f.kind === 'sla' ? slaInner(f) : f));
  if (plain.length === 0) return () => true;
  return (t) => plain.some((f) => matches(f, t, vocabulary.highPriorities));
}

/** What a digest needs to count. */
export interface FigureInput {
  tickets: readonly IndexedTicket[];
  filters: readonly SubscriptionFilter[];
  vocabulary: Vocabulary;
  /** Epoch ms: "since the last digest" and the digest's own time. */
  since: number;
  until: number;
  /** The zone whose day "due today" means. */
  zone: string;
  /** Due times of tickets with a running SLA clock; absent when no policy is set. */
  slaDue?: readonly { id: number; dueAt: number }[];
  /** A weekly digest: also count its charts (the tickets must then reach back to `readFrom(…, true)`). */
  weekly?: boolean;
}

/** Days a weekly digest's volume chart covers (today included). */
export const WEEK_DAYS = 7;

/**
 * The earliest change a digest reads from the index: its own `since`, or for a weekly digest the
 * first day its volume chart counts, whichever is earlier (a ticket opened or resolved that week was
 * modified since).
 */
export function readFrom(since: number, until: number, zone: string, weekly: boolean): number {
  return weekly ? Math.min(since, countPeriod(until, WEEK_DAYS, zone).from) : since;
}

/** Tickets filed (created) from `since` until `until`, desk-wide: what the questions answered without a ticket are set next to. */
export function filedBetween(tickets: readonly IndexedTicket[], since: number, until: number): number {
  return tickets.filter((t) => {
    const at = Date.parse(t.created);
    return at >= since && at < until;
  }).length;
}

/** Counts a digest's figures. */
export function digestFigures(input: FigureInput): DigestFigures {
  const { vocabulary, since, until } = input;
  const covered = coveredBy(input.filters, vocabulary);
  const mine = input.tickets.filter(covered);
  const open = mine.filter((t) => !isDone(vocabulary, t.status));
  const counts = new Map<string, number>();
  for (const t of open) counts.set(t.status, (counts.get(t.status) ?? 0) + 1);
  const order = [...vocabulary.statuses, ...[...counts.keys()].filter((s) => !vocabulary.statuses.includes(s))];
  const within = (iso: string) => {
    const at = Date.parse(iso);
    return at >= since && at < until;
  };
  const unassigned = open.filter((t) => !t.assigneeEmail.trim()).sort((a, b) => a.created.localeCompare(b.created) || a.id - b.id);
  const figures: DigestFigures = {
    openByStatus: order.filter((s) => counts.has(s)).map((status) => ({ status, count: counts.get(status)! })),
    openTotal: open.length,
    newSince: mine.filter((t) => within(t.created)).length,
    resolvedSince: mine.filter((t) => isDone(vocabulary, t.status) && within(t.modified)).length,
    unassignedTotal: unassigned.length,
    unassigned: unassigned.slice(0, DIGEST_ROWS),
  };
  if (input.weekly) {
    // Resolved as the digest's own figure counts it: in a done status, last changed that day.
    const period = countPeriod(until, WEEK_DAYS, input.zone);
    const v = volume(mine.map((t) => ({ created: Date.parse(t.created), ...(isDone(vocabulary, t.status) ? { resolvedAt: Date.parse(t.modified) } : {}) })), period);
    figures.week = { zone: input.zone, from: period.from, to: period.to, days: v.buckets, ages: ageCounts(open.map((t) => Date.parse(t.created)), until) };
  }
  if (input.slaDue) {
    const openIds = new Set(open.map((t) => t.id));
    const endOfDay = DateTime.fromMillis(until, { zone: input.zone }).endOf('day').toMillis();
    const due = input.slaDue.filter((r) => openIds.has(r.id));
    figures.sla = { breached: due.filter((r) => r.dueAt <= until).length, dueToday: due.filter((r) => r.dueAt > until && r.dueAt <= endOfDay).length };
  }
  return figures;
}

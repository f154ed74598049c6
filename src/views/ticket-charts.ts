/**
 * Ticket counts over time and the charts that draw them, shared by every screen that shows how
 * the desk is doing (the reports, the weekly digest): tickets opened and resolved per day (or
 * week), and open tickets by age. Pure functions of epoch-ms moments, a zone and "now"; nothing
 * here reads a store or a clock. The charts take their words finished, from the catalog of the
 * feature that shows them, and carry the same numbers as facts for a client that cannot draw them.
 */
import { DateTime } from 'luxon';
import { chart, facts, type ChartDefinition, type ChartElement } from './elements';

const DAY = 86_400_000;

/** A period of local days ending now: the last `days` days of the reader, today included, bucketed by day (by 7 days over 31). */
export interface CountPeriod {
  days: number;
  zone: string;
  /** Local midnight of the first day. */
  from: number;
  to: number;
  unit: 'day' | 'week';
  /** Each bucket's first instant (local midnight), ascending; the last bucket ends at `to`. */
  starts: number[];
}

/** The period of `days` ending at `now`, in `zone`. */
export function countPeriod(now: number, days: number, zone: string): CountPeriod {
  const today = DateTime.fromMillis(now, { zone }).startOf('day');
  const first = today.minus({ days: days - 1 });
  const unit = days > 31 ? 'week' : 'day';
  const step = unit === 'week' ? 7 : 1;
  const starts: number[] = [];
  for (let d = 0; d < days; d += step) starts.push(first.plus({ days: d }).toMillis());
  return { days, zone, from: first.toMillis(), to: now, unit, starts };
}

/** Opened and resolved in one bucket of the period. */
export interface VolumeBucket {
  start: number;
  /** The bucket's first local day, `yyyy-MM-dd` in the period's zone. */
  date: string;
  opened: number;
  resolved: number;
}

/** What the volume counts of a ticket: when it was opened and, once resolved, when (epoch ms). */
export interface TicketMoments {
  created: number;
  resolvedAt?: number;
}

/** The bucket of the period a moment falls in (index into `period.starts`), or -1 outside it. */
function bucketIndex(at: number, period: CountPeriod): number {
  // Written so an unreadable moment (NaN) falls outside too.
  if (!(at >= period.from && at <= period.to)) return -1;
  // Binary search over the local midnights: one luxon call per bucket, none per ticket.
  let lo = 0;
  let hi = period.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (period.starts[mid] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The volume from counts per bucket (index into `period.starts`), as a store counts them. */
export function volumeOf(period: CountPeriod, opened: ArrayLike<number>, resolved: ArrayLike<number>): { buckets: VolumeBucket[]; opened: number; resolved: number } {
  const buckets = period.starts.map((start, i) => ({
    start, date: DateTime.fromMillis(start, { zone: period.zone }).toISODate() as string, opened: opened[i] ?? 0, resolved: resolved[i] ?? 0,
  }));
  return { buckets, opened: buckets.reduce((n, b) => n + b.opened, 0), resolved: buckets.reduce((n, b) => n + b.resolved, 0) };
}

/** Tickets opened and resolved per bucket. */
export function volume(rows: readonly TicketMoments[], period: CountPeriod): { buckets: VolumeBucket[]; opened: number; resolved: number } {
  const opened = new Array<number>(period.starts.length).fill(0);
  const resolved = new Array<number>(period.starts.length).fill(0);
  for (const r of rows) {
    const o = bucketIndex(r.created, period);
    if (o >= 0) opened[o]++;
    const s = r.resolvedAt !== undefined ? bucketIndex(r.resolvedAt, period) : -1;
    if (s >= 0) resolved[s]++;
  }
  return volumeOf(period, opened, resolved);
}

/** Open tickets by age. */
export const AGE_BUCKETS = ['under1d', 'days1to3', 'days3to7', 'over7d'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

/** The age bucket of a ticket opened at `created`, at `now` (wall-clock). */
export function ageBucket(created: number, now: number): AgeBucket {
  const age = now - created;
  return age < DAY ? 'under1d' : age < 3 * DAY ? 'days1to3' : age < 7 * DAY ? 'days3to7' : 'over7d';
}

/** Open tickets counted by age bucket, from when each was opened. */
export function ageCounts(created: readonly number[], now: number): Record<AgeBucket, number> {
  const ages: Record<AgeBucket, number> = { under1d: 0, days1to3: 0, days3to7: 0, over7d: 0 };
  for (const at of created) if (Number.isFinite(at)) ages[ageBucket(at, now)]++;
  return ages;
}

/** The words of the volume chart, in the reader's language. */
export interface VolumeWords {
  title: string;
  opened: string;
  resolved: string;
  /** The x axis ("Day", "Week from") and the y axis ("Tickets"). */
  xLabel: string;
  yLabel: string;
  /** One bucket's numbers as its fact reads ("2 opened · 0 resolved"). */
  pair: (opened: number, resolved: number) => string;
}

/**
 * Opened and resolved per bucket: grouped bars up to 7 buckets, lines beyond. Its numbers read as
 * facts, one per bucket ("Thu, Mar 5: 2 opened · 0 resolved"): the same numbers as the table the
 * element would make, in a fraction of a Teams card's 28 KB.
 */
export function volumeChart(buckets: readonly VolumeBucket[], period: CountPeriod, words: VolumeWords, locale: string): ChartElement {
  // A week of days is a bar per day, named in full; a longer line's points get short dates ("11/7", "7.11."), so a
  // month of them still fits under the chart (the facts spell each day out).
  const bars = buckets.length <= 7;
  const long = period.unit === 'week' ? ({ day: 'numeric', month: 'short' } as const) : ({ weekday: 'short', day: 'numeric', month: 'short' } as const);
  const dayOf = (b: VolumeBucket) => DateTime.fromMillis(b.start, { zone: period.zone }).setLocale(locale);
  const spelled = buckets.map((b) => dayOf(b).toLocaleString(long));
  const categories = bars ? spelled : buckets.map((b) => dayOf(b).toLocaleString({ day: 'numeric', month: 'numeric' }));
  const series = [
    { name: words.opened, values: buckets.map((b) => b.opened) },
    { name: words.resolved, values: buckets.map((b) => b.resolved) },
  ];
  const axes = { categories, series, xLabel: words.xLabel, yLabel: words.yLabel };
  const definition: ChartDefinition = bars ? { type: 'bar', orientation: 'vertical', layout: 'grouped', ...axes } : { type: 'line', ...axes };
  return { kind: 'chart', title: words.title, chart: definition, fallback: facts(buckets.map((b, i) => ({ label: spelled[i], value: words.pair(b.opened, b.resolved) }))) };
}

/** The words of the age chart: its title, the y axis (and its one series) and each bucket's label. */
export interface AgeWords {
  title: string;
  tickets: string;
  buckets: Record<AgeBucket, string>;
}

/** Open tickets by age as bars, its numbers as facts (one per bucket). */
export function agesChart(ages: Record<AgeBucket, number>, words: AgeWords, locale: string): ChartElement {
  return chart(words.title, {
    type: 'bar', orientation: 'vertical', layout: 'grouped', yLabel: words.tickets,
    categories: AGE_BUCKETS.map((k) => words.buckets[k]), series: [{ name: words.tickets, values: AGE_BUCKETS.map((k) => ages[k]) }],
  }, locale);
}

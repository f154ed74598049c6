/**
 * Time to first response and to resolution, median and 90th percentile, for the desk and per
 * agent, without holding the period's tickets as objects: the engine hands over a week of tickets
 * at a time as one text of moments per agent, and only each duration is kept, a number in an array
 * per agent, sorted in one reused Float64Array. The numbers are those of quantile() over all the
 * durations sorted, in wall-clock time or in business hours (which need the calendar per ticket).
 *
 * Measured at 1M tickets (docs/figures.md): letting the engine rank the durations itself (window
 * functions: ROW_NUMBER and COUNT per agent, the ranks the percentiles read) was slower on both
 * engines: SQLite sorts through temporary B-trees, and PostgreSQL's 90-day wall-clock report took
 * 229 ms (p50) against 153 ms for the same period in business hours read this way.
 */
import { sql, type Kysely } from 'kysely';
import { addressKey } from '../../core/vocabulary';
import { valuesOn } from '../../store/values';
import { workingTimeBetween, type Calendar } from '../sla/business-time';
import type { ReportPeriod, TimeStats } from './report-numbers';
import { filtered, type ReportFilter, type ReportTables } from './report-table';

/** The q-quantile of ascending values, linear between the two nearest ranks (as numpy's default). */
export function quantile(sorted: ArrayLike<number>, q: number): number | undefined {
  if (sorted.length === 0) return undefined;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (h - lo);
}

/** Median and 90th percentile of ascending durations. */
export function timeStats(sorted: ArrayLike<number>): TimeStats {
  const stats: TimeStats = { count: sorted.length };
  if (sorted.length) {
    // Whole milliseconds: the interpolation's float error is not a difference anyone reads.
    stats.median = Math.round(quantile(sorted, 0.5)!);
    stats.p90 = Math.round(quantile(sorted, 0.9)!);
  }
  return stats;
}

/** Which duration: from creation to the first response, or to the resolution. */
export type TimeKind = 'firstResponse' | 'resolution';

/** The durations of one kind summed up: the desk's and each agent's (address key). */
export interface KindStats {
  desk: TimeStats;
  perAgent: Map<string, TimeStats>;
}

/** What the times are read over. */
export interface TimesQuery {
  period: ReportPeriod;
  /** When measuring began; first responses count only of tickets filed since. */
  since?: number;
  filter: ReportFilter;
  /** Business hours; undefined: wall-clock. */
  calendar?: Calendar;
}

/** The moments a kind's tickets are picked by: created (since measuring began) or resolved in the period. */
function rangeOf(kind: TimeKind, q: TimesQuery): [from: number, to: number] {
  // Not measuring yet: no first response of the period is counted.
  return kind === 'firstResponse' ? [Math.max(q.period.from, q.since ?? Number.MAX_SAFE_INTEGER), q.period.to] : [q.period.from, q.period.to];
}

/**
 * Where the durations are sorted, kept between reports: 8 bytes a duration of the largest period
 * summed up so far (0.6 MiB at 1M tickets and 90 days). An array per report is memory outside
 * V8's heap that its collector gets to late: in the bench, 18 MiB of them piled up over ten reports.
 */
let sortSpace = new Float64Array(0);

/** Each agent's stats and the desk's, in the sort space: each agent's run sorted in place, then the whole. */
function summedUp(perKey: ReadonlyMap<string, number[]>, others: readonly number[]): KindStats {
  let total = others.length;
  for (const d of perKey.values()) total += d.length;
  if (sortSpace.length < total) sortSpace = new Float64Array(Math.ceil(total * 1.25));
  const all = sortSpace.subarray(0, total);
  const perAgent = new Map<string, TimeStats>();
  let at = 0;
  for (const [key, d] of perKey) {
    all.set(d, at);
    perAgent.set(key, timeStats(all.subarray(at, at + d.length).sort()));
    at += d.length;
  }
  all.set(others, at);
  return { desk: timeStats(all.sort()), perAgent };
}

/** A week of tickets at a time: a slice of moments is read exactly, with no cursor, and its text stays small. */
const SLICE = 7 * 86_400_000;

/**
 * The kind's tickets picked in [from, to], one row per agent as stored: their start and end
 * moments as one text, "start,end,start,end,…". A row object per ticket would be some 100 bytes of
 * garbage each (150,000 of them in a 90-day report at 1M tickets); this is the digits alone.
 */
function momentsPerAgent(db: Kysely<ReportTables>, kind: TimeKind, q: TimesQuery, [from, to]: [number, number]) {
  const [start, end, agent, moment] = kind === 'firstResponse'
    ? (['created_at', 'first_response_at', 'first_responder', 'created_at'] as const)
    : (['created_at', 'resolved_at', 'resolver', 'resolved_at'] as const);
  const pair = sql`${sql.ref(start)} || ',' || ${sql.ref(end)}`;
  const moments = valuesOn(db).engine === 'postgres' ? sql<string>`string_agg(${pair}, ',')` : sql<string>`group_concat(${pair}, ',')`;
  return filtered(db.selectFrom('report_tickets').select([sql.ref<string | null>(agent).as('agent'), moments.as('moments')]), q.filter)
    .where(moment, '>=', from).where(moment, '<=', to).where(end, 'is not', null).groupBy(agent);
}

/** Calls `each` with every ticket of a kind (its agent as stored, start and end), a week of them at a time. */
async function eachTicket(db: Kysely<ReportTables>, kind: TimeKind, q: TimesQuery, each: (agent: string | null, start: number, end: number) => void): Promise<void> {
  const [from, to] = rangeOf(kind, q);
  for (let a = from; a <= to; a += SLICE) {
    for (const row of await momentsPerAgent(db, kind, q, [a, Math.min(a + SLICE - 1, to)]).execute()) {
      // The digits read as they come: no string or number object per ticket.
      const text = row.moments;
      let n = 0;
      let first = -1;
      for (let i = 0; i <= text.length; i++) {
        const c = i < text.length ? text.charCodeAt(i) : 44;
        if (c !== 44) n = n * 10 + (c - 48);
        else if (first < 0) (first = n, (n = 0));
        else (each(row.agent, first, n), (first = -1), (n = 0));
      }
    }
  }
}

/** The stats of one kind over the period: the durations, a week of tickets at a time, summed up per address key. */
export async function kindStats(db: Kysely<ReportTables>, kind: TimeKind, q: TimesQuery): Promise<KindStats> {
  // Round the clock, business hours are wall-clock time.
  const calendar = q.calendar?.kind === '24/7' ? undefined : q.calendar;
  const span = (a: number, b: number) => (calendar ? workingTimeBetween(a, b, calendar) : Math.max(0, b - a));
  // Plain arrays of doubles, on V8's heap: collected as soon as the report is done.
  const perKey = new Map<string, number[]>();
  // Durations of tickets without an agent count for the desk only.
  const others: number[] = [];
  // Addresses as stored, each made a key once: a handful of agents, tens of thousands of rows.
  const byAddress = new Map<string, number[]>();
  await eachTicket(db, kind, q, (agent, start, end) => {
    const d = span(start, end);
    if (!agent) {
      others.push(d);
      return;
    }
    let a = byAddress.get(agent);
    if (!a) {
      const key = addressKey(agent);
      a = perKey.get(key);
      if (!a) perKey.set(key, (a = []));
      byAddress.set(agent, a);
    }
    a.push(d);
  });
  return summedUp(perKey, others);
}

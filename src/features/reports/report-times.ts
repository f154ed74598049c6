/**
 * Time to first response and to resolution, median and 90th percentile, for the desk and per
 * agent, without holding the period's tickets as objects. PostgreSQL, wall-clock: the engine sorts
 * the durations (window functions) and hands back only the ranks the percentiles interpolate
 * between, a few rows per agent. Business hours (which need the calendar per ticket), and SQLite
 * (whose window functions sort through temporary B-trees, slower than it hands rows over): the
 * engine hands over a week of tickets at a time as one text of moments per agent, and only each
 * duration is kept, a number in an array per agent, sorted in one reused Float64Array. Either way
 * the numbers are those of quantile() over all the durations sorted.
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

/** Median and 90th percentile of ascending durations (only the ranks they read need be there). */
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

/** The tickets of a kind picked in [from, to], with their start, end and agent columns. */
function durationRows(db: Kysely<ReportTables>, kind: TimeKind, q: TimesQuery, [from, to]: [number, number]) {
  if (kind === 'firstResponse') {
    return filtered(db.selectFrom('report_tickets').select(['created_at as start', 'first_response_at as end', 'first_responder as agent']), q.filter)
      .where('created_at', '>=', from).where('created_at', '<=', to).where('first_response_at', 'is not', null);
  }
  return filtered(db.selectFrom('report_tickets').select(['created_at as start', 'resolved_at as end', 'resolver as agent']), q.filter)
    .where('resolved_at', '>=', from).where('resolved_at', '<=', to);
}

/**
 * Where the durations are sorted, kept between reports: 8 bytes a duration of the largest period
 * summed up so far (0.6 MiB at 1M tickets and 90 days). An array per report would be garbage
 * outside V8's heap, which V8 collects only once some 64 MiB of it has piled up.
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

/** The durations, a week of tickets at a time, summed up per address key; `calendar` counts business hours. */
async function listedStats(db: Kysely<ReportTables>, kind: TimeKind, q: TimesQuery, calendar?: Calendar): Promise<KindStats> {
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

/**
 * The engine sorts the wall-clock durations per agent and for the desk, and returns the ranks
 * around each percentile's (±1: JS's float rank (n−1)·0.9 may round past the integer one), by
 * address as stored. Undefined when two stored addresses are one agent's: their ranks cannot be merged.
 */
async function rankedStats(db: Kysely<ReportTables>, kind: TimeKind, q: TimesQuery): Promise<KindStats | undefined> {
  const near = (i: string, n: string) => sql<boolean>`(${sql.ref(i)} between (${sql.ref(n)} - 1) / 2 - 1 and ${sql.ref(n)} / 2 + 1
    or ${sql.ref(i)} between (${sql.ref(n)} - 1) * 9 / 10 - 1 and ((${sql.ref(n)} - 1) * 9 + 9) / 10 + 1)`;
  const rows = await db.with('d', () => durationRows(db, kind, q, rangeOf(kind, q)))
    .with('r', (w) => w.selectFrom('d').select((eb) => [
      'agent',
      eb.case().when('end', '>', eb.ref('start')).then(sql<number>`${sql.ref('end')} - ${sql.ref('start')}`).else(eb.lit(0)).end().as('ms'),
    ]))
    .with('k', (w) => w.selectFrom('r').select((eb) => [
      'agent', 'ms',
      sql<number>`row_number() over (partition by ${sql.ref('agent')} order by ${sql.ref('ms')}) - 1`.as('i'),
      eb.fn.countAll<number>().over((o) => o.partitionBy('agent')).as('n'),
      sql<number>`row_number() over (order by ${sql.ref('ms')}) - 1`.as('di'),
      eb.fn.countAll<number>().over().as('dn'),
    ]))
    .selectFrom('k').selectAll().where((eb) => eb.or([near('i', 'n'), near('di', 'dn')])).execute();
  const desk: { length: number; [rank: number]: number } = { length: 0 };
  const byAddress = new Map<string, { length: number; [rank: number]: number }>();
  for (const r of rows) {
    const ms = Number(r.ms);
    desk.length = Number(r.dn);
    desk[Number(r.di)] = ms;
    if (!r.agent) continue;
    let a = byAddress.get(r.agent);
    if (!a) byAddress.set(r.agent, (a = { length: Number(r.n) }));
    a[Number(r.i)] = ms;
  }
  const perAgent = new Map<string, TimeStats>();
  for (const [address, ranks] of byAddress) {
    const key = addressKey(address);
    if (perAgent.has(key)) return undefined;
    perAgent.set(key, timeStats(ranks));
  }
  return { desk: timeStats(desk), perAgent };
}

/** The stats of one kind over the period. */
export async function kindStats(db: Kysely<ReportTables>, kind: TimeKind, q: TimesQuery): Promise<KindStats> {
  // Round the clock, business hours are wall-clock time.
  const calendar = q.calendar?.kind === '24/7' ? undefined : q.calendar;
  // PostgreSQL sorts in its own memory and sends back a few rows instead of every duration over
  // the wire; SQLite hands the moments over in-process faster than it sorts them (top of the file).
  if (!calendar && valuesOn(db).engine === 'postgres') {
    const ranked = await rankedStats(db, kind, q);
    if (ranked) return ranked;
  }
  return listedStats(db, kind, q, calendar);
}

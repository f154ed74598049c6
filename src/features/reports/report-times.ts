/**
 * Time to first response and to resolution, median and 90th percentile, for the desk and per
 * agent, without holding the period's tickets. Wall-clock: the engine sorts the durations
 * (window functions, both engines) and hands back only the ranks the percentiles interpolate
 * between, a few rows per agent. Business hours need the calendar per ticket: the rows stream past
 * (SQLite iterates its statement, PostgreSQL fetches from a cursor) and only each duration is
 * kept, in a Float64Array per agent. Either way the numbers are those of quantile() over all the
 * durations sorted.
 */
import { CompiledQuery, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
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

/** The tickets of a kind with their start, end and agent columns. */
function durationRows(db: Kysely<ReportTables>, kind: TimeKind, q: TimesQuery) {
  const { period } = q;
  if (kind === 'firstResponse') {
    // Not measuring yet: no first response of the period is counted.
    const from = Math.max(period.from, q.since ?? Number.MAX_SAFE_INTEGER);
    return filtered(db.selectFrom('report_tickets').select(['created_at as start', 'first_response_at as end', 'first_responder as agent']), q.filter)
      .where('created_at', '>=', from).where('created_at', '<=', period.to).where('first_response_at', 'is not', null);
  }
  return filtered(db.selectFrom('report_tickets').select(['created_at as start', 'resolved_at as end', 'resolver as agent']), q.filter)
    .where('resolved_at', '>=', period.from).where('resolved_at', '<=', period.to);
}

type DurationRow = { start: number | string; end: number | string | null; agent: string | null };

/** Durations that grow without a boxed number each. */
class Durations {
  private values = new Float64Array(64);
  length = 0;
  push(v: number): void {
    if (this.length === this.values.length) {
      const more = new Float64Array(this.values.length * 2);
      more.set(this.values);
      this.values = more;
    }
    this.values[this.length++] = v;
  }
  sorted(): Float64Array {
    return this.values.subarray(0, this.length).sort();
  }
}

/** Calls `each` with every row of `query`, never holding more than a page of them. */
async function eachRow<R>(db: Kysely<ReportTables>, query: SelectQueryBuilder<any, any, R>, each: (row: R) => void): Promise<void> {
  if (valuesOn(db).engine === 'sqlite') {
    for await (const row of query.stream()) each(row);
    return;
  }
  // pg streams only through pg-cursor; a cursor of PostgreSQL's own does the same in SQL.
  const compiled = query.compile();
  await db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw(`declare report_rows no scroll cursor for ${compiled.sql}`, [...compiled.parameters]));
    for (;;) {
      const page = await trx.executeQuery<R>(CompiledQuery.raw('fetch forward 5000 from report_rows'));
      for (const row of page.rows) each(row);
      if (page.rows.length < 5000) break;
    }
  });
}

/** The durations streamed past, summed up per address key; `calendar` counts business hours. */
async function streamedStats(db: Kysely<ReportTables>, kind: TimeKind, q: TimesQuery, calendar?: Calendar): Promise<KindStats> {
  const span = (a: number, b: number) => (calendar ? workingTimeBetween(a, b, calendar) : Math.max(0, b - a));
  const desk = new Durations();
  const perKey = new Map<string, Durations>();
  // Addresses as stored, each made a key once: a handful of agents, tens of thousands of rows.
  const byAddress = new Map<string, Durations>();
  await eachRow(db, durationRows(db, kind, q), (r: DurationRow) => {
    const d = span(Number(r.start), Number(r.end));
    desk.push(d);
    if (!r.agent) return;
    let a = byAddress.get(r.agent);
    if (!a) {
      const key = addressKey(r.agent);
      a = perKey.get(key);
      if (!a) perKey.set(key, (a = new Durations()));
      byAddress.set(r.agent, a);
    }
    a.push(d);
  });
  return { desk: timeStats(desk.sorted()), perAgent: new Map([...perKey].map(([key, d]) => [key, timeStats(d.sorted())])) };
}

/**
 * The engine sorts the wall-clock durations per agent and for the desk, and returns the ranks
 * around each percentile's (±1: JS's float rank (n−1)·0.9 may round past the integer one), by
 * address as stored. Undefined when two stored addresses are one agent's: their ranks cannot be merged.
 */
async function rankedStats(db: Kysely<ReportTables>, kind: TimeKind, q: TimesQuery): Promise<KindStats | undefined> {
  const near = (i: string, n: string) => sql<boolean>`(${sql.ref(i)} between (${sql.ref(n)} - 1) / 2 - 1 and ${sql.ref(n)} / 2 + 1
    or ${sql.ref(i)} between (${sql.ref(n)} - 1) * 9 / 10 - 1 and ((${sql.ref(n)} - 1) * 9 + 9) / 10 + 1)`;
  const rows = await db.with('d', () => durationRows(db, kind, q))
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
  if (!calendar) {
    const ranked = await rankedStats(db, kind, q);
    if (ranked) return ranked;
  }
  return streamedStats(db, kind, q, calendar);
}

/**
 * The report's counts, counted by the engine (GROUP BY over the reports' table, both engines):
 * tickets opened and resolved per bucket of the period, what the response part could not count,
 * the SLA verdicts and the resolutions per agent. A handful of rows come back, however many
 * tickets the period holds; nothing is read ticket by ticket.
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { int8 } from '../../store/values';
import type { CountPeriod } from '../../views/ticket-charts';
import { filtered, type ReportFilter, type ReportTables } from './report-table';

type Eb = ExpressionBuilder<ReportTables, 'report_tickets'>;

/** What the engine counted of the period. */
export interface PeriodCounts {
  /** Opened and resolved per bucket (index into `period.starts`). */
  opened: number[];
  resolved: number[];
  /** Opened in the period before measuring began (or at all, when it has not begun). */
  unknownFirst: number;
  /** Opened in the period, closed, with no resolution moment. */
  unknownResolution: number;
  /** Opened in the period since measuring began, open and with no first response yet. */
  awaiting: number;
  /** Resolved in the period with an SLA verdict, and of those met. */
  slaCounted: number;
  slaMet: number;
  /** Resolved in the period per resolver as stored ('' when none). */
  resolvedBy: { resolver: string; count: number }[];
}

/** The bucket of a moment column: the last local midnight at or before it (the period's bounds are in the WHERE). */
export function bucketOf(eb: Eb, column: 'created_at' | 'resolved_at', starts: readonly number[]) {
  if (starts.length === 1) return eb.lit(0);
  let c = eb.case().when(column, '>=', starts[starts.length - 1]).then(eb.lit(starts.length - 1));
  for (let i = starts.length - 2; i >= 1; i--) c = c.when(column, '>=', starts[i]).then(eb.lit(i));
  return c.else(eb.lit(0)).end();
}

/** 1 where `condition` holds, else 0: summed, a count of the rows it holds for. */
const when = (eb: Eb, condition: ReturnType<Eb['and']>) => eb.fn.sum<number | string>(eb.case().when(condition).then(eb.lit(1)).else(eb.lit(0)).end());

/** Counts the period's tickets; `since`: when measuring began (undefined: not yet); `yes`: the engine's true flag. */
export async function periodCounts(db: Kysely<ReportTables>, period: CountPeriod, since: number | undefined, filter: ReportFilter, yes: number | boolean): Promise<PeriodCounts> {
  // Not measuring yet: no ticket was filed since.
  const measuredFrom = since ?? Number.MAX_SAFE_INTEGER;
  const [created, resolved] = await Promise.all([
    filtered(db.selectFrom('report_tickets').select((eb) => [
      bucketOf(eb, 'created_at', period.starts).as('bucket'),
      eb.fn.countAll<number | string>().as('n'),
      when(eb, eb.and([eb('created_at', '<', measuredFrom)])).as('unknown_first'),
      when(eb, eb.and([eb('open', '<>', yes), eb('resolved_at', 'is', null)])).as('unknown_resolution'),
      when(eb, eb.and([eb('created_at', '>=', measuredFrom), eb('first_response_at', 'is', null), eb('open', '=', yes)])).as('awaiting'),
    ]), filter).where('created_at', '>=', period.from).where('created_at', '<=', period.to).groupBy(sql.raw('1')).execute(),
    filtered(db.selectFrom('report_tickets').select((eb) => [
      bucketOf(eb, 'resolved_at', period.starts).as('bucket'),
      'resolver',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.count<number | string>('sla_met').as('counted'),
      when(eb, eb.and([eb('sla_met', '=', yes)])).as('met'),
    ]), filter).where('resolved_at', '>=', period.from).where('resolved_at', '<=', period.to).groupBy([sql.raw('1'), sql.raw('2')]).execute(),
  ]);
  const counts: PeriodCounts = {
    opened: period.starts.map(() => 0), resolved: period.starts.map(() => 0),
    unknownFirst: 0, unknownResolution: 0, awaiting: 0, slaCounted: 0, slaMet: 0, resolvedBy: [],
  };
  for (const r of created) {
    counts.opened[Number(r.bucket)] += int8(r.n);
    counts.unknownFirst += Number(r.unknown_first ?? 0);
    counts.unknownResolution += Number(r.unknown_resolution ?? 0);
    counts.awaiting += Number(r.awaiting ?? 0);
  }
  const by = new Map<string, number>();
  for (const r of resolved) {
    counts.resolved[Number(r.bucket)] += int8(r.n);
    counts.slaCounted += int8(r.counted);
    counts.slaMet += Number(r.met ?? 0);
    by.set(r.resolver ?? '', (by.get(r.resolver ?? '') ?? 0) + int8(r.n));
  }
  counts.resolvedBy = [...by].map(([resolver, count]) => ({ resolver, count }));
  return counts;
}

/**
 * A report's numbers read from the bot's store only: the reports' rows counted and summed up by the
 * engine, the surveys' ratings, the answers' count and the search index's titles of the three
 * oldest. No Graph request, and no ticket held as an object: memory stays flat at 1M tickets.
 */
import type { Kysely } from 'kysely';
import { answerPortsOver } from '../answers/answer-services';
import type { SlaPolicy } from '../sla/policy';
import { valuesOn } from '../../store/values';
import { periodCounts } from './report-counts';
import { reportNumbers, reportPeriod, type ReportNumbers } from './report-numbers';
import { createReportTable, type ReportFilter, type ReportTables } from './report-table';
import { kindStats } from './report-times';

/** The numbers, and what the view names besides them. */
export interface ReportData {
  numbers: ReportNumbers;
  filter: ReportFilter;
  /** Titles of the three oldest open tickets, by id. */
  titles: ReadonlyMap<number, string>;
  /** False while tickets from before the feature ran are still being copied from the search index. */
  complete: boolean;
  /** The SLA policy's zone, when times are counted in its business hours. */
  businessZone?: string;
}

/** Reads a report over the last `days` for `filter`, as of `now`, with dates in `zone`. */
export async function readReport(db: Kysely<ReportTables>, options: { days: number; filter: ReportFilter; now: number; zone: string; policy?: SlaPolicy }): Promise<ReportData> {
  const table = createReportTable(db);
  const period = reportPeriod(options.now, options.days, options.zone);
  const fromIso = new Date(period.from).toISOString();
  const { filter } = options;
  const [sinceKept, copied] = await Promise.all([table.meta('since'), table.meta('copied')]);
  const since = sinceKept ? Number(sinceKept) : undefined;
  const calendar = options.policy?.calendars.business;
  const times = { period, since, filter, calendar };
  // Counted and summed up by the engine: a few rows each, however many tickets the period holds.
  const [counts, firstResponse, resolution, open, oldest, ratings, answered] = await Promise.all([
    periodCounts(db, period, since, filter, valuesOn(db).flag(true)),
    kindStats(db, 'firstResponse', times),
    kindStats(db, 'resolution', times),
    table.openGroups(period.to, filter),
    table.oldestOpen(filter),
    table.ratingCounts(fromIso, filter),
    // The answers' count is of the whole desk: a report of one space or category goes without it.
    filter.kind === 'all' ? answerPortsOver(db).answeredSince(fromIso) : Promise.resolve(undefined),
  ]);
  const numbers = reportNumbers({ period, counts, times: { firstResponse, resolution }, business: calendar !== undefined, open, oldest, since, ratings, answered });
  const ids = oldest.map((r) => r.id);
  const titles = ids.length ? await db.selectFrom('search_docs').select(['id', 'title']).where('id', 'in', ids).execute() : [];
  return { numbers, filter, titles: new Map(titles.map((t) => [t.id, t.title])), complete: copied === 'done', ...(options.policy ? { businessZone: options.policy.timeZone } : {}) };
}

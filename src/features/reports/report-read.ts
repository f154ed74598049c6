/**
 * A report's numbers read from the bot's store only: the reports' rows, the surveys' ratings, the
 * answers' count and the search index's titles of the three oldest. No Graph request.
 */
import type { Kysely } from 'kysely';
import { answerPortsOver } from '../answers/answer-services';
import type { SlaPolicy } from '../sla/policy';
import { reportNumbers, reportPeriod, type ReportNumbers } from './report-numbers';
import { createReportTable, type ReportFilter, type ReportTables } from './report-table';

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
  const [rows, open, oldest, since, copied, ratings, answered] = await Promise.all([
    table.periodRows(period.from, filter),
    table.openGroups(period.to, filter),
    table.oldestOpen(filter),
    table.meta('since'),
    table.meta('copied'),
    table.ratingCounts(fromIso, filter),
    // The answers' count is of the whole desk: a report of one space or category goes without it.
    filter.kind === 'all' ? answerPortsOver(db).answeredSince(fromIso) : Promise.resolve(undefined),
  ]);
  const numbers = reportNumbers({ rows, open, oldest, period, since: since ? Number(since) : undefined, calendar: options.policy?.calendars.business, ratings, answered });
  const ids = oldest.map((r) => r.id);
  const titles = ids.length ? await db.selectFrom('search_docs').select(['id', 'title']).where('id', 'in', ids).execute() : [];
  return { numbers, filter, titles: new Map(titles.map((t) => [t.id, t.title])), complete: copied === 'done', ...(options.policy ? { businessZone: options.policy.timeZone } : {}) };
}

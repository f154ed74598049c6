/**
 * What the reports feature keeps, both engines: one compact row per ticket with the moments a
 * report measures (created, first public agent response, resolution) and what it is counted by
 * (status, assignee, category, space, SLA met). The search index holds no such moments, so the
 * poll cycle's hook (report-points.ts) keeps them from the day the feature runs; `report_meta`
 * says since when ('since') and how far the copy of earlier tickets from the index has come ('copied').
 */
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Flag, Int8, SearchDocsTable } from '../../store/tables';
import { inChunks, int8, isSet, valuesOn, type Values } from '../../store/values';
import type { CsatSurveysTable } from '../surveys/survey-table';
import { AGE_BUCKETS, type OpenGroup } from './report-numbers';

const DAY = 86_400_000;

/** One ticket as the reports count it. Times are epoch ms. */
export interface ReportTicketsTable {
  id: number;
  created_at: Int8;
  status: string;
  /** Not in a `done` status when last seen. */
  open: Flag;
  /** Empty when unassigned. */
  assignee: string;
  category: string;
  space_id: string | null;
  first_response_at: Int8 | null;
  first_responder: string | null;
  resolved_at: Int8 | null;
  /** The assignee when it was resolved. */
  resolver: string | null;
  /** Whether every SLA clock was met, as the SLA feature had it when the ticket was resolved; null: no clock (no policy) or not known. */
  sla_met: Flag | null;
}

/** Named values: 'since' (epoch ms the first cycle measured), 'copied' (the last id copied from the index, or 'done'). */
export interface ReportMetaTable {
  name: string;
  value: string;
}

/** The tables the reports read: their own, and the store's search index and the surveys' table (same database). */
export interface ReportTables {
  report_tickets: ReportTicketsTable;
  report_meta: ReportMetaTable;
  search_docs: SearchDocsTable;
  csat_surveys: CsatSurveysTable;
}

/** One ticket as the numbers read it (report-numbers.ts). */
export interface ReportRow {
  id: number;
  created: number;
  status: string;
  open: boolean;
  assignee: string;
  category: string;
  spaceId?: string;
  firstResponseAt?: number;
  firstResponder?: string;
  resolvedAt?: number;
  resolver?: string;
  slaMet?: boolean;
}

/** A ticket open now, as the backlog and the load read it. */
export type OpenRow = Pick<ReportRow, 'id' | 'created' | 'status' | 'assignee'>;

/** A report's filter: the tickets of one space or one category, or all. */
export type ReportFilter = { kind: 'all' } | { kind: 'space'; value: string } | { kind: 'category'; value: string };

/** A query narrowed to the filter's tickets. */
export const filtered = <Q extends { where: (...args: any[]) => Q }>(q: Q, filter: ReportFilter): Q =>
  filter.kind === 'space' ? q.where('space_id', '=', filter.value) : filter.kind === 'category' ? q.where('category', '=', filter.value) : q;

/** A row as the table holds it, read back. */
export function rowOf(r: Selectable<ReportTicketsTable>): ReportRow {
  const row: ReportRow = { id: r.id, created: int8(r.created_at), status: r.status, open: isSet(r.open), assignee: r.assignee, category: r.category };
  if (r.space_id !== null) row.spaceId = r.space_id;
  if (r.first_response_at !== null) row.firstResponseAt = int8(r.first_response_at);
  if (r.first_responder !== null) row.firstResponder = r.first_responder;
  if (r.resolved_at !== null) row.resolvedAt = int8(r.resolved_at);
  if (r.resolver !== null) row.resolver = r.resolver;
  if (r.sla_met !== null) row.slaMet = isSet(r.sla_met);
  return row;
}

/** A row as the table takes it. */
export function recordOf(row: ReportRow, values: Values): Insertable<ReportTicketsTable> {
  return {
    id: row.id, created_at: row.created, status: row.status, open: values.flag(row.open), assignee: row.assignee, category: row.category,
    space_id: row.spaceId ?? null, first_response_at: row.firstResponseAt ?? null, first_responder: row.firstResponder ?? null,
    resolved_at: row.resolvedAt ?? null, resolver: row.resolver ?? null, sla_met: row.slaMet === undefined ? null : values.flag(row.slaMet),
  };
}

/** The reports' rows on either engine. */
export interface ReportTable {
  /** The rows of these tickets. */
  rows(ids: readonly number[]): Promise<Map<number, ReportRow>>;
  /** Adds or replaces rows; `keep`: only adds, a row already there stays as it is (the copy from the index). */
  put(rows: readonly ReportRow[], keep?: 'keep'): Promise<void>;
  /** The tickets created or resolved since `from`, whole (the export). */
  period(from: number, filter: ReportFilter): Promise<ReportRow[]>;
  /** The open tickets counted by status, assignee and age at `now`, from the open tickets' index alone. */
  openGroups(now: number, filter: ReportFilter): Promise<OpenGroup[]>;
  /** The three open tickets opened first. */
  oldestOpen(filter: ReportFilter): Promise<OpenRow[]>;
  /** Answered ratings of surveys sent since `from` (ISO), counted per rating. */
  ratingCounts(fromIso: string, filter: ReportFilter): Promise<{ rating: number; count: number }[]>;
  /** A named value ('since', 'copied'). */
  meta(name: string): Promise<string | undefined>;
  setMeta(name: string, value: string): Promise<void>;
}

/** The reports' table over the feature's database handle. */
export function createReportTable(db: Kysely<ReportTables>): ReportTable {
  let engineValues: Values | undefined;
  const values = () => (engineValues ??= valuesOn(db));
  return {
    async rows(ids) {
      const found = await inChunks([...new Set(ids)], (chunk) => db.selectFrom('report_tickets').selectAll().where('id', 'in', chunk).execute());
      return new Map(found.map((r) => [r.id, rowOf(r)]));
    },
    async put(rows, keep) {
      if (rows.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await inChunks(rows, async (chunk) => {
          const q = trx.insertInto('report_tickets').values(chunk.map((r) => recordOf(r, values())));
          await (keep ? q.onConflict((oc) => oc.column('id').doNothing()) : q.onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({
            created_at: eb.ref('excluded.created_at'), status: eb.ref('excluded.status'), open: eb.ref('excluded.open'), assignee: eb.ref('excluded.assignee'),
            category: eb.ref('excluded.category'), space_id: eb.ref('excluded.space_id'), first_response_at: eb.ref('excluded.first_response_at'),
            first_responder: eb.ref('excluded.first_responder'), resolved_at: eb.ref('excluded.resolved_at'), resolver: eb.ref('excluded.resolver'), sla_met: eb.ref('excluded.sla_met'),
          })))).execute();
          return [];
        }, 500);
      });
    },
    async period(from, filter) {
      const rows = await filtered(db.selectFrom('report_tickets').selectAll(), filter)
        .where((eb) => eb.or([eb('created_at', '>=', from), eb('resolved_at', '>=', from)])).execute();
      return rows.map(rowOf);
    },
    async openGroups(now, filter) {
      // The age bucket's index in AGE_BUCKETS, counted by the engine.
      const rows = await filtered(db.selectFrom('report_tickets').select((eb) => [
        'status', 'assignee',
        eb.case().when('created_at', '>', now - DAY).then(eb.lit(0)).when('created_at', '>', now - 3 * DAY).then(eb.lit(1))
          .when('created_at', '>', now - 7 * DAY).then(eb.lit(2)).else(eb.lit(3)).end().as('age'),
        eb.fn.countAll<number | string>().as('n'),
      ]), filter)
        .where('open', '=', values().flag(true)).groupBy([sql.raw('1'), sql.raw('2'), sql.raw('3')]).execute();
      return rows.map((r) => ({ status: r.status, assignee: r.assignee, age: AGE_BUCKETS[Number(r.age)] ?? 'over7d', count: Number(r.n) }));
    },
    async oldestOpen(filter) {
      const rows = await filtered(db.selectFrom('report_tickets').select(['id', 'created_at', 'status', 'assignee']), filter)
        .where('open', '=', values().flag(true)).orderBy('created_at').orderBy('id').limit(3).execute();
      return rows.map((r) => ({ id: r.id, created: int8(r.created_at), status: r.status, assignee: r.assignee }));
    },
    async ratingCounts(fromIso, filter) {
      let q = db.selectFrom('csat_surveys').select((eb) => ['rating', eb.fn.countAll<number | string>().as('n')]).where('sent_at', '>=', fromIso).where('rating', 'is not', null);
      if (filter.kind !== 'all') {
        // Each rated ticket looked up by its id (a few thousand in a period), rather than every ticket of the
        // space or category gathered first (a third of a million at 1M tickets; 150 ms against 25 on SQLite).
        const column = filter.kind === 'space' ? 'space_id' : 'category';
        q = q.where((eb) => eb(eb.selectFrom('report_tickets').select(column).whereRef('report_tickets.id', '=', 'csat_surveys.ticket_id'), '=', filter.value));
      }
      const rows = await q.groupBy('rating').execute();
      return rows.map((r) => ({ rating: Number(r.rating), count: Number(r.n) }));
    },
    async meta(name) {
      return (await db.selectFrom('report_meta').select('value').where('name', '=', name).executeTakeFirst())?.value;
    },
    async setMeta(name, value) {
      await db.insertInto('report_meta').values({ name, value }).onConflict((oc) => oc.column('name').doUpdateSet({ value })).execute();
    },
  };
}

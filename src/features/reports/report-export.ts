/**
 * `report export [days]`: the period's tickets (opened or resolved in it) as a CSV in the site's
 * library, SD_Reports/<date>.csv, next to the attachments, through the files feature's drive
 * client. The rows come from the store (reports' rows, search index, surveys); the upload is the
 * only Graph traffic. A cell the store does not know (a first response before measuring began) is empty.
 */
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import { DateTime } from 'luxon';
import { isGraphError } from '../../graph';
import { REPORTS_FOLDER } from '../../helpdesk/fields';
import { inChunks } from '../../store/values';
import type { DriveClient, DriveFile } from '../files/drive';
import { reportPeriod } from './report-numbers';
import { createReportTable, type ReportRow, type ReportTables } from './report-table';

/** The library folder the exports go to. */
export { REPORTS_FOLDER };

/** The CSV's columns, in order. */
export const EXPORT_COLUMNS = ['id', 'title', 'category', 'priority', 'status', 'requester', 'assignee', 'created', 'first response', 'resolved', 'SLA met', 'CSAT'] as const;

/** One line of the CSV. */
export type ExportRecord = Record<(typeof EXPORT_COLUMNS)[number], string>;

const iso = (at: number | undefined) => (at === undefined ? '' : new Date(at).toISOString().replace(/\.000Z$/, 'Z'));

/** The period's tickets as CSV records, oldest first. */
export async function exportRecords(db: Kysely<ReportTables>, days: number, now: number, zone: string): Promise<ExportRecord[]> {
  const period = reportPeriod(now, days, zone);
  const inPeriod = (at: number | undefined) => at !== undefined && at >= period.from && at <= period.to;
  const rows = (await createReportTable(db).period(period.from, { kind: 'all' })).filter((r) => inPeriod(r.created) || inPeriod(r.resolvedAt));
  rows.sort((a, b) => a.created - b.created || a.id - b.id);
  const ids = rows.map((r) => r.id);
  const [docs, surveys, since] = await Promise.all([
    inChunks(ids, (chunk) => db.selectFrom('search_docs').select(['id', 'title', 'priority', 'requester_email']).where('id', 'in', chunk).execute()),
    inChunks(ids, (chunk) => db.selectFrom('csat_surveys').select(['ticket_id', 'rating', 'answered_at']).where('ticket_id', 'in', chunk).where('rating', 'is not', null).execute()),
    createReportTable(db).meta('since'),
  ]);
  const doc = new Map(docs.map((d) => [d.id, d]));
  // The latest answer of a ticket's surveys (a reopened ticket may have had two).
  const rating = new Map<number, { rating: number; at: string }>();
  for (const s of surveys) {
    const seen = rating.get(s.ticket_id);
    if (!seen || (s.answered_at ?? '') > seen.at) rating.set(s.ticket_id, { rating: s.rating ?? 0, at: s.answered_at ?? '' });
  }
  const measured = (r: ReportRow) => since !== undefined && r.created >= Number(since);
  return rows.map((r) => ({
    id: String(r.id),
    title: doc.get(r.id)?.title ?? '',
    category: r.category,
    priority: doc.get(r.id)?.priority ?? '',
    status: r.status,
    requester: doc.get(r.id)?.requester_email ?? '',
    assignee: r.assignee,
    created: iso(r.created),
    'first response': measured(r) ? iso(r.firstResponseAt) : '',
    resolved: iso(r.resolvedAt),
    'SLA met': r.slaMet === undefined ? '' : r.slaMet ? 'yes' : 'no',
    CSAT: rating.has(r.id) ? String(rating.get(r.id)!.rating) : '',
  }));
}

/** The records as CSV bytes, header first, made by csv-stringify as they are read. */
async function* csvChunks(records: readonly ExportRecord[]): AsyncIterable<Uint8Array> {
  const out = stringify(records as ExportRecord[], { header: true, columns: [...EXPORT_COLUMNS], bom: true });
  for await (const chunk of out) yield typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
}

/** Writes the CSV as SD_Reports/<date>.csv (`-2`, `-3`… when the day's name is taken); resolves with the file. */
export async function writeExport(drive: DriveClient, records: readonly ExportRecord[], now: number, zone: string): Promise<DriveFile> {
  const date = DateTime.fromMillis(now, { zone }).toISODate() as string;
  for (let n = 1; ; n++) {
    const path = `${REPORTS_FOLDER}/${date}${n > 1 ? `-${n}` : ''}.csv`;
    try {
      return await drive.upload(path, async () => ({ chunks: csvChunks(records), contentType: 'text/csv' }));
    } catch (error) {
      // An export of the same day is kept; this one takes the next free name.
      if (!isGraphError(error, 'conflict') || n >= 50) throw error;
    }
  }
}

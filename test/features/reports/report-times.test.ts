/**
 * Response times summed up from the moments the engine hands over per stored address
 * (report-times.ts) treat an agent whose address the store holds in several spellings as one
 * agent, with the median and 90th percentile of all their tickets, on both engines, in wall-clock
 * time and in business hours. Worked out by hand below.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { FEATURES, featureMigrations } from '../../../src/features';
import { readReport } from '../../../src/features/reports/report-read';
import { createReportTable, type ReportRow, type ReportTables } from '../../../src/features/reports/report-table';
import { createPostgresStore, createSqliteStore, type Store } from '../../../src/store';
import { openTestPolicy } from '../../support/feature-commands';
import { freshDatabase, pgAvailable } from '../../support/postgres';

const H = 3_600_000;
/** Wed 2026-03-11 12:00 UTC. */
const NOW = Date.parse('2026-03-11T12:00:00Z');
/** Mon 2026-03-09 09:00 UTC: every ticket is filed then, a working day's first hour. */
const FILED = Date.parse('2026-03-09T09:00:00Z');
const features = featureMigrations(FEATURES);
const dir = mkdtempSync(path.join(tmpdir(), 'reports-times-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const engines = [
  { name: 'SQLite', skip: false, open: async () => createSqliteStore({ dataDir: mkdtempSync(path.join(dir, 's-')), features }) },
  { name: 'PostgreSQL', skip: !pgAvailable(), open: async () => createPostgresStore({ url: await freshDatabase(), features }) },
];

/** First responses after 1, 2, 3, 4 and 10 hours by Megan, her address in two spellings, and one after 5 hours by Alex. */
async function seed(store: Store): Promise<Kysely<ReportTables>> {
  const db = (await store.featureDatabase()) as Kysely<ReportTables>;
  const answered: [number, string][] = [[1, 'Megan@example.com'], [2, 'meganb@example.com'], [3, 'MeganB@example.com'], [4, 'meganb@example.com'], [10, 'MEGANB@example.com'], [5, 'alexw@example.com']];
  const rows: ReportRow[] = answered.map(([hours, by], i) => ({
    id: i + 1, created: FILED, status: 'In Progress', open: true, assignee: by, category: 'Hardware', firstResponseAt: FILED + hours * H, firstResponder: by,
  }));
  // 'Megan@example.com' is another agent's address; the other four spellings are one.
  const table = createReportTable(db);
  await table.put(rows);
  await table.setMeta('since', String(FILED - 24 * H));
  await table.setMeta('copied', 'done');
  return db;
}

describe.each(engines)('response times on $name', ({ skip, open }) => {
  it.skipIf(skip)('count one agent whose address is stored in several spellings as one, in wall-clock time and business hours', async () => {
    const store = await open();
    try {
      const db = await seed(store);
      const wall = (await readReport(db, { days: 7, filter: { kind: 'all' }, now: NOW, zone: 'UTC' })).numbers.response;
      // The desk: 1, 2, 3, 4, 5, 10 h: median 3.5 h; rank 0.9·5 = 4.5, 5 + 0.5·5 = 7.5 h.
      expect(wall.firstResponse).toEqual({ count: 6, median: 3.5 * H, p90: 7.5 * H });
      // MeganB: 2, 3, 4, 10 h: median 3.5 h; rank 0.9·3 = 2.7, 4 + 0.7·6 = 8.2 h.
      expect(wall.perAgent).toEqual([
        { agent: 'meganb@example.com', firstResponse: { count: 4, median: 3.5 * H, p90: Math.round(8.2 * H) }, resolution: { count: 0 } },
        { agent: 'alexw@example.com', firstResponse: { count: 1, median: 5 * H, p90: 5 * H }, resolution: { count: 0 } },
        { agent: 'megan@example.com', firstResponse: { count: 1, median: 1 * H, p90: 1 * H }, resolution: { count: 0 } },
      ]);
      // Mon–Fri 09:00–17:00 UTC: the 10 h answer (Mon 19:00) counts 8 h, the rest as on the wall clock.
      const policy = (await openTestPolicy({
        timeZone: 'UTC',
        hours: { mon: [['09:00', '17:00']], tue: [['09:00', '17:00']], wed: [['09:00', '17:00']], thu: [['09:00', '17:00']], fri: [['09:00', '17:00']] },
        targets: { Normal: { firstResponse: '4h', resolution: '2d' } },
      })).current();
      const business = (await readReport(db, { days: 7, filter: { kind: 'all' }, now: NOW, zone: 'UTC', policy })).numbers.response;
      // The desk: 1, 2, 3, 4, 5, 8 h: rank 4.5, 5 + 0.5·3 = 6.5 h. MeganB: 2, 3, 4, 8 h: 4 + 0.7·4 = 6.8 h.
      expect(business.firstResponse).toEqual({ count: 6, median: 3.5 * H, p90: 6.5 * H });
      expect(business.perAgent[0]).toEqual({ agent: 'meganb@example.com', firstResponse: { count: 4, median: 3.5 * H, p90: Math.round(6.8 * H) }, resolution: { count: 0 } });
    } finally {
      await store.close();
    }
  });
});

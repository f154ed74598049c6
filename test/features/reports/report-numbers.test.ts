/**
 * The report's numbers, read from the store the reports' cycle hook filled (desk.ts), match the
 * ones worked out by hand below: buckets, medians, 90th percentiles, shares, on SQLite and
 * PostgreSQL, in wall-clock time and in the SLA policy's business hours, by day in UTC and in Berlin.
 *
 * Percentiles interpolate between the two nearest ranks: of [a, b, c, d], the median is (b+c)/2
 * and the 90th percentile is c + 0.7·(d−c) (rank 0.9·3 = 2.7).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FEATURES, featureMigrations } from '../../../src/features';
import { readReport } from '../../../src/features/reports/report-read';
import { createPostgresStore, createSqliteStore } from '../../../src/store';
import { openTestPolicy } from '../../support/feature-commands';
import { freshDatabase, pgAvailable } from '../../support/postgres';
import { ALEX, MEGAN, NOW, SINCE, seedDesk } from './desk';

/** `x` hours in ms, as the numbers give them (whole ms). */
const h = (x: number) => Math.round(x * 3_600_000);
const features = featureMigrations(FEATURES);
const dir = mkdtempSync(path.join(tmpdir(), 'reports-numbers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const engines = [
  { name: 'SQLite', skip: false, open: async () => createSqliteStore({ dataDir: mkdtempSync(path.join(dir, 's-')), features }) },
  { name: 'PostgreSQL', skip: !pgAvailable(), open: async () => createPostgresStore({ url: await freshDatabase(), features }) },
];

/** Mon–Fri 08:00–17:00 UTC. */
const businessPolicy = async () =>
  (await openTestPolicy({
    timeZone: 'UTC',
    hours: { mon: [['08:00', '17:00']], tue: [['08:00', '17:00']], wed: [['08:00', '17:00']], thu: [['08:00', '17:00']], fri: [['08:00', '17:00']] },
    targets: { Normal: { firstResponse: '4h', resolution: '2d' } },
  })).current();

describe.each(engines)('the report numbers on $name', ({ skip, open }) => {
  it.skipIf(skip)('count volume, backlog, response, load and satisfaction as worked out by hand, in wall-clock time', async () => {
    const store = await open();
    try {
      const db = await seedDesk(store, { sla: true });
      const { numbers: n, titles, complete } = await readReport(db, { days: 7, filter: { kind: 'all' }, now: NOW, zone: 'UTC' });
      expect(complete).toBe(true);
      // Volume: the 7 days 5–11 March; #1 (4 March) is before the period.
      expect(n.period.unit).toBe('day');
      expect(n.volume.buckets.map((b) => [b.date, b.opened, b.resolved])).toEqual([
        ['2026-03-05', 2, 0], ['2026-03-06', 0, 0], ['2026-03-07', 2, 0], ['2026-03-08', 0, 0], ['2026-03-09', 2, 2], ['2026-03-10', 1, 1], ['2026-03-11', 1, 0],
      ]);
      expect([n.volume.opened, n.volume.resolved]).toEqual([8, 3]);
      // Backlog: #1 (7 d 2 h), #5 (28 h), #6 (2 h), #8 (4 d 2 h), #9 (3 d 12.5 h).
      expect(n.backlog.open).toBe(5);
      expect(n.backlog.ages).toEqual({ under1d: 1, days1to3: 1, days3to7: 2, over7d: 1 });
      expect(n.backlog.byStatus).toEqual([{ status: 'New', count: 3 }, { status: 'In Progress', count: 1 }, { status: 'Waiting', count: 1 }]);
      expect(n.backlog.oldest.map((r) => r.id)).toEqual([1, 8, 9]);
      expect(titles.get(8)).toBe('Ticket 8 printer');
      // First responses of tickets filed since measuring began: #5 0.5 h, #3 1 h, #4 17 h, #8 47 h (the requester's comment and an internal note do not count).
      const r = n.response;
      expect(r.basis).toBe('wall');
      expect(r.firstResponse).toEqual({ count: 4, median: h(9), p90: h(38) });
      // Resolutions in the period: #3 8 h, #4 20 h, #2 96 h.
      expect(r.resolution).toEqual({ count: 3, median: h(20), p90: h(80.8) });
      expect(r.awaiting).toBe(2);
      // #3 met its clocks, #4 did not, #2 was resolved with no record of its own.
      expect(r.sla).toEqual({ counted: 2, met: 1, share: 0.5 });
      // #2 and #7 were filed before measuring began; #7 was closed before the bot saw it.
      expect(r.unknown).toEqual({ firstResponse: 2, resolution: 1, since: SINCE });
      expect(r.perAgent).toEqual([
        { agent: MEGAN, firstResponse: { count: 2, median: h(0.75), p90: h(0.95) }, resolution: { count: 2, median: h(52), p90: h(87.2) } },
        { agent: ALEX, firstResponse: { count: 2, median: h(32), p90: h(44) }, resolution: { count: 1, median: h(20), p90: h(20) } },
      ]);
      expect(n.load).toEqual([{ agent: '', open: 3, resolved: 0 }, { agent: MEGAN, open: 1, resolved: 2 }, { agent: ALEX, open: 1, resolved: 1 }]);
      // Ratings 5, 4, 4, 1 in the period (a 2 from February is not); three questions answered without a ticket, eight tickets filed.
      expect(n.satisfaction).toEqual({
        count: 4, average: 3.5, filed: 8, answered: 3,
        distribution: [{ rating: 1, count: 1 }, { rating: 2, count: 0 }, { rating: 3, count: 0 }, { rating: 4, count: 2 }, { rating: 5, count: 1 }],
      });
    } finally {
      await store.close();
    }
  });

  it.skipIf(skip)('count times in the SLA policy\'s business hours when a policy is set', async () => {
    const store = await open();
    try {
      const db = await seedDesk(store, { sla: true });
      const { numbers } = await readReport(db, { days: 7, filter: { kind: 'all' }, now: NOW, zone: 'UTC', policy: await businessPolicy() });
      const r = numbers.response;
      expect(r.basis).toBe('business');
      // #5 Tue 08:00–08:30 0.5 h; #3 Mon 09–10 1 h; #8 Sat 10:00 → Mon 09:00 is Mon 08–09, 1 h; #4 Mon 16–17 and Tue 08–09, 2 h.
      expect(r.firstResponse).toEqual({ count: 4, median: h(1), p90: h(1.7) });
      // #4 Mon 16–17 + Tue 08–12 = 5 h; #3 Mon 09–17 = 8 h; #2 Thu 09–17, Fri 08–17, Mon 08–09 = 18 h.
      expect(r.resolution).toEqual({ count: 3, median: h(8), p90: h(16) });
    } finally {
      await store.close();
    }
  });

  it.skipIf(skip)('buckets by the viewer\'s day, and narrows to a category', async () => {
    const store = await open();
    try {
      const db = await seedDesk(store);
      // #9 was filed 7 March 23:30 UTC, which is 8 March 00:30 in Berlin.
      const berlin = await readReport(db, { days: 7, filter: { kind: 'all' }, now: NOW, zone: 'Europe/Berlin' });
      expect(berlin.numbers.volume.buckets.slice(2, 4).map((b) => [b.date, b.opened])).toEqual([['2026-03-07', 1], ['2026-03-08', 1]]);
      // Odd ids are Hardware: #1, #3, #5, #7, #9.
      const hardware = await readReport(db, { days: 7, filter: { kind: 'category', value: 'Hardware' }, now: NOW, zone: 'UTC' });
      expect(hardware.numbers.volume.opened).toBe(4);
      expect(hardware.numbers.backlog.open).toBe(3);
      expect(hardware.numbers.satisfaction.count).toBe(1);
      // The answers' count is of the whole desk: not set next to one category's tickets.
      expect(hardware.numbers.satisfaction.answered).toBeUndefined();
      // 90 days: by week, 13 buckets, the last one ending now.
      const quarter = await readReport(db, { days: 90, filter: { kind: 'all' }, now: NOW, zone: 'UTC' });
      expect([quarter.numbers.period.unit, quarter.numbers.volume.buckets.length, quarter.numbers.volume.opened]).toEqual(['week', 13, 9]);
    } finally {
      await store.close();
    }
  });
});

/**
 * Reports bench: N tickets kept by the reports feature (its table, as its cycle hook fills it;
 * three years of a desk, 2% still open), a fifth of the resolved ones rated, then `report`'s read
 * and numbers (src/features/reports/report-read.ts) over 7, 30 and 90 days, of the whole desk and
 * of one category, in wall-clock time and in the example SLA policy's business hours. Prints the
 * p50/p95 per engine and the measuring process's peak RSS (a child process of its own, under the
 * bot's V8 flags, so the seeding's memory is not counted). Goal: p95 ≤ 500 ms and ≤ 150 MiB at 1M.
 * The search index is not filled: a report reads only the three oldest tickets' titles from it, by id.
 * Run: npx tsx bench/reports.ts [tickets] [--postgres] [--sqlite]   (default: 100,000 and
 * 1,000,000 tickets on both engines; `--smoke`: 2,000 tickets, both engines, 3 runs)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { FEATURES, featureMigrations } from '../src/features';
import { readReport } from '../src/features/reports/report-read';
import { createReportTable, type ReportFilter, type ReportRow, type ReportTables } from '../src/features/reports/report-table';
import { openPolicySource } from '../src/features/sla/policy-source';
import type { SurveyTables } from '../src/features/surveys/survey-table';
import { createLogger } from '../src/log';
import { createPostgresStore, createSqliteStore, type Store } from '../src/store';
import { favourMemory } from '../src/v8-memory';
import type { Kysely } from 'kysely';
import { benchDatabase } from './support/postgres';
import { loadAverage, SMOKE } from './support/smoke';

const args = process.argv.slice(2);
const here = path.dirname(fileURLToPath(import.meta.url));
const NOW = Date.parse('2026-12-01T12:00:00Z');
const DAY = 86_400_000;
const SPAN = 3 * 365 * DAY;
const AGENTS = Array.from({ length: 12 }, (_, i) => `agent${i}@example.com`);
const CATEGORIES = ['Hardware', 'Software', 'Network', 'Access', 'Facilities', 'Other'];
const OPEN = ['New', 'In Progress', 'Waiting'];
const features = featureMigrations(FEATURES);

/** Ticket i of n: filed evenly over three years; answered within 8 h, resolved within 5 days; every 50th still open, and most of the last two days'. */
function row(i: number, n: number): ReportRow {
  const created = NOW - SPAN + Math.floor((i * SPAN) / n);
  const open = i % 50 === 0 || (created > NOW - 2 * DAY && i % 3 !== 0);
  const agent = AGENTS[(i * 7) % AGENTS.length];
  const r: ReportRow = { id: i + 1, created, status: open ? OPEN[i % 3] : 'Resolved', open, assignee: i % 9 ? agent : '', category: CATEGORIES[i % 6], spaceId: `space-${i % 3}` };
  const first = created + ((i * 7919) % 480) * 60_000;
  if (first < NOW && i % 11 !== 0) Object.assign(r, { firstResponseAt: first, firstResponder: agent });
  const resolved = created + ((i * 104_729) % 7200) * 60_000;
  if (!open && resolved < NOW) Object.assign(r, { resolvedAt: resolved, resolver: agent, slaMet: i % 7 !== 0 });
  if (!open && resolved >= NOW) Object.assign(r, { status: 'In Progress', open: true });
  return r;
}

async function seed(store: Store, n: number): Promise<void> {
  const db = (await store.featureDatabase()) as Kysely<ReportTables & SurveyTables>;
  const table = createReportTable(db);
  const t0 = performance.now();
  let rated = 0;
  for (let i = 0; i < n; i += 10_000) {
    const rows = Array.from({ length: Math.min(10_000, n - i) }, (_, k) => row(i + k, n));
    await table.put(rows);
    const surveys = rows.filter((r) => r.resolvedAt !== undefined && r.id % 5 === 0)
      .map((r) => ({ id: `${r.id}:1`, ticket_id: r.id, requester: 'user@example.com', agent: r.resolver!, scale: 'five', sent_at: new Date(r.resolvedAt!).toISOString(), rating: 1 + (r.id % 5), comment: null, answered_at: new Date(r.resolvedAt! + 3600_000).toISOString() }));
    for (let k = 0; k < surveys.length; k += 1000) await db.insertInto('csat_surveys').values(surveys.slice(k, k + 1000)).execute();
    rated += surveys.length;
  }
  await table.setMeta('since', String(NOW - SPAN - DAY));
  await table.setMeta('copied', 'done');
  console.log(`${n} tickets kept, ${rated} rated, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** A field of /proc/self/status in MiB (VmHWM: peak resident set; VmRSS: resident now). */
function procMiB(field: 'VmHWM' | 'VmRSS'): number | string {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : 'n/a';
}

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)].toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${s[s.length - 1].toFixed(1)} ms`;
}

/** The child: opens the seeded store, runs the mix of reports, prints the figures and its peak RSS. */
async function measure(engine: string, where: string): Promise<void> {
  favourMemory();
  const store = engine === 'postgres' ? await createPostgresStore({ url: where, features }) : createSqliteStore({ dataDir: where, features });
  const db = (await store.featureDatabase()) as Kysely<ReportTables>;
  const policy = (await openPolicySource(path.join(here, '..', 'examples', 'sla.json'), { logger: createLogger({ level: 'error' }), priorities: ['Urgent', 'High', 'Normal', 'Low'] })).current();
  const mix: { days: number; filter: ReportFilter; business: boolean }[] = [
    { days: 7, filter: { kind: 'all' }, business: false },
    { days: 30, filter: { kind: 'all' }, business: false },
    { days: 90, filter: { kind: 'all' }, business: false },
    { days: 90, filter: { kind: 'all' }, business: true },
    { days: 30, filter: { kind: 'category', value: 'Network' }, business: true },
    { days: 90, filter: { kind: 'space', value: 'space-1' }, business: false },
  ];
  const runs = SMOKE ? 3 : 8;
  const before = procMiB('VmRSS');
  const all: number[] = [];
  const per = new Map<string, number[]>();
  let rows = 0;
  for (let r = 0; r < runs; r++) {
    for (const m of mix) {
      const t = performance.now();
      const data = await readReport(db, { days: m.days, filter: m.filter, now: NOW, zone: 'Europe/Berlin', ...(m.business ? { policy } : {}) });
      const ms = performance.now() - t;
      rows = Math.max(rows, data.numbers.volume.opened);
      all.push(ms);
      const label = `${m.days} days, ${m.filter.kind}${'value' in m.filter ? ` ${m.filter.value}` : ''}, ${m.business ? 'business hours' : 'wall-clock'}`;
      per.set(label, [...(per.get(label) ?? []), ms]);
    }
  }
  await store.close();
  console.log(`report: ${stats(all)} (${all.length} reports; at most ${rows} tickets opened in one period)`);
  for (const [label, ms] of per) console.log(`  ${label.padEnd(44)} ${stats(ms)}`);
  console.log(`peak RSS of the reporting process: ${procMiB('VmHWM')} MiB (${before} MiB before the first report: node, tsx and the bot's modules)`);
}

async function run(n: number, postgres: boolean): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-reports-'));
  const database = postgres ? await benchDatabase() : undefined;
  const store: Store = database ? await createPostgresStore({ url: database.url, features }) : createSqliteStore({ dataDir: dir, features });
  try {
    console.log(`\nengine ${postgres ? 'PostgreSQL' : 'SQLite'}, ${n} tickets`);
    await seed(store, n);
    if (database) {
      // What autovacuum does within a minute of a bulk load (PostgreSQL 13+ vacuums insert-only tables too): statistics and the visibility map.
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query('VACUUM ANALYZE report_tickets');
      await client.query('VACUUM ANALYZE csat_surveys');
      await client.end();
    }
    await store.close();
    const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--measure', postgres ? 'postgres' : 'sqlite', database?.url ?? dir, ...(SMOKE ? ['--smoke'] : [])], { stdio: 'inherit' });
    if (child.status !== 0) throw new Error(`the measuring process exited with ${child.status ?? child.signal}`);
  } finally {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const at = args.indexOf('--measure');
  if (at >= 0) return measure(args[at + 1], args[at + 2]);
  const sizes = SMOKE ? [2000] : args.some((a) => /^\d+$/.test(a)) ? args.filter((a) => /^\d+$/.test(a)).map(Number) : [100_000, 1_000_000];
  const engines = args.includes('--postgres') ? [true] : args.includes('--sqlite') ? [false] : [false, true];
  console.log(`load average at start ${loadAverage()}`);
  for (const n of sizes) for (const postgres of engines) await run(n, postgres);
  console.log(`load average at end ${loadAverage()}`);
}

await main();

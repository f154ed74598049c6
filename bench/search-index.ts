/**
 * Search index bench: N tickets written straight into the store's index (no poller, no Graph),
 * then a mixed set of searches as a requester and as an agent. Prints p50/p95 per engine.
 * Run: npx tsx bench/search-index.ts [tickets] [--postgres] [--sqlite]   (default: 100,000 and
 * 1,000,000 tickets on both engines; `--smoke`: 2,000 tickets, both engines)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { IndexedTicket } from '../src/core/search';
import { createPostgresStore, createSqliteStore, type Store } from '../src/store';
import { benchDatabase } from './support/postgres';
import { loadAverage, SMOKE } from './support/smoke';

const args = process.argv.slice(2);
const SIZES = SMOKE ? [2000] : args.some((a) => /^\d+$/.test(a)) ? args.filter((a) => /^\d+$/.test(a)).map(Number) : [100_000, 1_000_000];
const ENGINES = args.includes('--postgres') ? [true] : args.includes('--sqlite') ? [false] : [false, true];
const WORDS = ['vpn', 'printer', 'laptop', 'outlook', 'password', 'badge', 'monitor', 'teams', 'wifi', 'excel', 'sharepoint', 'onedrive', 'phone', 'keyboard', 'projector', 'license', 'mailbox', 'camera', 'docking', 'server'];
const VERBS = ['drops', 'jams', 'crashes', 'is slow', 'not working', 'needs reset', 'missing', 'broken', 'locked', 'flickers'];
const STATUSES = ['New', 'In Progress', 'Waiting', 'Resolved', 'Closed', 'Reopened'];
const word = (i: number, k: number) => WORDS[(i * 7 + k * 13) % WORDS.length];

function ticket(i: number): IndexedTicket {
  const who = i % 2000;
  const at = new Date(Date.parse('2026-01-01T00:00:00Z') + i * 60_000).toISOString();
  return {
    id: i + 1, etag: `"${i},1"`,
    title: `${word(i, 0)} ${VERBS[i % VERBS.length]} on floor ${i % 9}`,
    description: `Since the update the ${word(i, 1)} and the ${word(i, 2)} ${VERBS[(i >> 3) % VERBS.length]}. Asset TAG-${i}.`,
    status: STATUSES[i % 6], priority: ['Low', 'Normal', 'High', 'Urgent'][i % 4], category: ['Hardware', 'Software', 'Network', 'Access', 'Facilities', 'Other'][i % 6],
    requesterEmail: `user${who}@example.com`, requesterName: `User ${who}`,
    assigneeEmail: i % 3 ? 'meganb@example.com' : '', assigneeName: i % 3 ? 'Megan Bowen' : '',
    created: '2026-01-01T00:00:00Z', modified: at,
  };
}

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${s[s.length - 1].toFixed(1)} ms`;
}

/** The mixed set: common word, rare word, a person, a category, a number, several words, no match. */
export const QUERIES = (n: number) => ['vpn', 'TAG-1234', 'user 42', 'meganb@example.com', 'network', `#${n - 5}`, 'printer jams', 'outlook crashes floor 3', 'zzz-nothing', 'resolved'];

async function run(N: number, POSTGRES: boolean): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-search-index-'));
  const database = POSTGRES ? await benchDatabase() : undefined;
  const store: Store = database ? await createPostgresStore({ url: database.url }) : createSqliteStore({ dataDir: dir });
  try {
    const t0 = performance.now();
    for (let i = 0; i < N; i += 5000) await store.indexTickets(Array.from({ length: Math.min(5000, N - i) }, (_, k) => ticket(i + k)));
    console.log(`engine ${database ? 'PostgreSQL' : 'SQLite'}: ${N} tickets indexed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (database) {
      // What autovacuum does within a minute of a bulk load: the planner's statistics.
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query('ANALYZE search_docs');
      await client.end();
    }
    for (const [label, requesterEmail] of [['requester', 'user42@example.com'], ['agent', undefined]] as const) {
      const times: number[] = [];
      const per = new Map<string, number[]>();
      for (let r = 0; r < 5; r++) {
        for (const q of QUERIES(N)) {
          const t = performance.now();
          await store.searchTickets({ words: q.split(/\s+/), requesterEmail, limit: 25 });
          const ms = performance.now() - t;
          times.push(ms);
          per.set(q, [...(per.get(q) ?? []), ms]);
        }
      }
      console.log(`${label}: ${stats(times)}`);
      for (const [q, ms] of per) console.log(`  ${q.padEnd(26)} ${stats(ms)}`);
    }
  } finally {
    await store.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`load average at start ${loadAverage()}`);
  for (const n of SIZES) for (const postgres of ENGINES) await run(n, postgres);
  console.log(`load average at end ${loadAverage()}`);
}

void main();

/**
 * Search bench: 100,000 tickets in the embedded help desk; the poller's first start fills the
 * index from its full read, then searches go through the help-desk service as a requester and
 * as an agent. Prints the fill time, answer times (p50/p95/max) and Graph requests per search.
 * Run: npx tsx bench/search.ts [tickets] [--postgres] [--smoke]   (default 100000 tickets, SQLite;
 * --postgres runs the same on a private PostgreSQL server, or on BENCH_PG_ADMIN_URL's, the engine
 * used with DATABASE_URL)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_CATEGORIES, DEFAULT_PRIORITIES, DEFAULT_STATUSES, DEFAULT_VOCABULARY } from '../src/config';
import { connectionFor, startEmulator } from '../src/emulator';
import { createGraphClient } from '../src/graph';
import { createHelpdeskService } from '../src/helpdesk';
import { createChangeFeed } from '../src/helpdesk/changes';
import { createLogger } from '../src/log';
import { createDeliverer, createPoller, createSendQueue } from '../src/notify';
import { createSearchIndexer } from '../src/features/search/search-index';
import { createPostgresStore, createSqliteStore, type Store } from '../src/store';
import { benchDatabase } from './support/postgres';
import { positional, sized } from './support/smoke';

const N = Number(positional.find((a) => /^\d+$/.test(a)) ?? sized(100_000, 500));
const POSTGRES = process.argv.includes('--postgres');
const ROUNDS = sized(200, 20);
const vocabulary = DEFAULT_VOCABULARY;
const quiet = createLogger({ level: 'error', write: () => undefined });
const WORDS = ['vpn', 'printer', 'laptop', 'outlook', 'password', 'badge', 'monitor', 'teams', 'wifi', 'excel', 'sharepoint', 'onedrive', 'phone', 'keyboard', 'projector', 'license', 'mailbox', 'camera', 'docking', 'server'];
const VERBS = ['drops', 'jams', 'crashes', 'is slow', 'not working', 'needs reset', 'missing', 'broken', 'locked', 'flickers'];
const word = (i: number, k: number) => WORDS[(i * 7 + k * 13) % WORDS.length];

function row(i: number): Record<string, unknown> {
  const who = i % 2000;
  return {
    Title: `${word(i, 0)} ${VERBS[i % VERBS.length]} on floor ${i % 9}`,
    SD_Description: `Since the update the ${word(i, 1)} and the ${word(i, 2)} ${VERBS[(i >> 3) % VERBS.length]}. Asset TAG-${i}.`,
    SD_Priority: DEFAULT_PRIORITIES[i % 4], SD_Status: DEFAULT_STATUSES[i % 6], SD_Category: DEFAULT_CATEGORIES[i % 6],
    SD_SubmittedByEmail: `user${who}@example.com`, SD_SubmittedByName: `User ${who}`, SD_SubmittedBy: `user${who}@example.com`,
    SD_AssignedTo: i % 3 ? 'meganb@example.com' : '',
    Created: '2026-01-01T00:00:00Z', Modified: new Date(Date.parse('2026-01-01T00:00:00Z') + i * 60_000).toISOString(),
  };
}

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(2);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${s[s.length - 1].toFixed(2)} ms`;
}

async function main(): Promise<void> {
  const emu = await startEmulator({ seed: 'none' });
  emu.data.insert('SD_Agents', { Title: 'Megan Bowen', SD_Email: 'meganb@example.com', SD_IsActive: true });
  emu.data.bulkInsert('SD_Tickets', Array.from({ length: N }, (_, i) => row(i)));
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-search-'));
  const database = POSTGRES ? await benchDatabase() : undefined;
  const store: Store = database ? await createPostgresStore({ url: database.url }) : createSqliteStore({ dataDir: dir });
  console.log(`engine: ${database ? 'PostgreSQL' : 'SQLite'}`);
  const graph = createGraphClient({ ...connectionFor(emu), logger: quiet });
  const helpdesk = createHelpdeskService({ graph, settings: { ...vocabulary, agentEmailField: 'SD_Email' }, searchIndex: store, logger: quiet });
  const poller = createPoller({
    feed: createChangeFeed(graph, {}), store, vocabulary, logger: quiet, pollSeconds: 15,
    deliverer: createDeliverer({ deliveries: [], store, queue: createSendQueue(), logger: quiet, vocabulary }),
    agentNames: () => helpdesk.activeAgents(),
    // The search feature's index, as src/app.ts binds it.
    indexers: [{ feature: 'search', part: createSearchIndexer(store, quiet, () => helpdesk.activeAgents()) }],
  });
  try {
    const t0 = performance.now();
    await poller.runOnce();
    console.log(`tickets indexed: ${await store.indexedTicketCount()} of ${N}; first start (full read + states + index): ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const requester = { email: 'user42@example.com', name: 'User 42' };
    const agent = { email: 'meganb@example.com', name: 'Megan Bowen' };
    await helpdesk.isAgent(agent.email); // the agents list, cached for 60 s as for every command
    const queries = ['vpn', 'printer jams', `#${N - 5}`, 'outlook crashes floor 3', 'user 42', 'meganb@example.com', 'resolved', 'TAG-1234', 'zzz-nothing', ''];
    for (const [label, who] of [['requester', requester], ['agent', agent]] as const) {
      emu.counters.reset();
      const times: number[] = [];
      let results = 0;
      for (let r = 0; r < ROUNDS; r++) {
        const text = queries[r % queries.length];
        const t = performance.now();
        results += (await helpdesk.searchTickets(who, { text, limit: 25 })).length;
        times.push(performance.now() - t);
      }
      const graphCalls = Object.entries(emu.counters.all()).filter(([k]) => !/token|openid|keys/i.test(k)).reduce((n, [, v]) => n + v, 0);
      console.log(`${label}: ${ROUNDS} searches, ${stats(times)}, ${(results / ROUNDS).toFixed(1)} results each, Graph requests per search: ${(graphCalls / ROUNDS).toFixed(2)}`);
    }
    for (const text of ['vpn', 'printer jams', 'outlook crashes floor 3']) {
      const t = performance.now();
      await helpdesk.searchTickets(agent, { text, limit: 25 });
      console.log(`  agent "${text}": ${(performance.now() - t).toFixed(2)} ms`);
    }
  } finally {
    await poller.stop();
    await store.close();
    await database?.close();
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});

/**
 * Notifications bench, one run:
 *  1. Poll cost per idle cycle (Graph requests, bytes on the wire, ms) at 1k, 10k and 100k
 *     tickets, next to a naive poller that reads every ticket each cycle.
 *  2. Peak RSS of the bot side (store + poller + Graph client) with 100k tickets known.
 *  3. Latency from a change in the help desk to the message at the Slack stand-in, at the
 *     default 15 s interval, for LATENCY_CHANGES changes made at random offsets.
 * The emulator runs in a child process so RSS and bytes are the bot's own.
 * Run: npx tsx bench/notify.ts [--quick] [--sizes=100000] [--no-latency] [--smoke]   (--quick: 1k/10k only,
 * 4 latency samples; --smoke: 200 tickets, 2 latency samples at a 1 s interval)
 */
import { fork, type ChildProcess } from 'node:child_process';
import dc from 'node:diagnostics_channel';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_VOCABULARY } from '../src/config';
import { connectionFor, startEmulator, type Emulator } from '../src/emulator';
import { createGraphClient, f, type GraphClient } from '../src/graph';
import { createChangeFeed } from '../src/helpdesk/changes';
import { createLogger } from '../src/log';
import { createDeliverer, createPoller, createSendQueue, type Delivery } from '../src/notify';
import { createConversationPorts, createSqliteStore } from '../src/store';
import { startFakeSlack } from '../test/support/fake-slack';
import { SMOKE, sized } from './support/smoke';

const QUICK = process.argv.includes('--quick');
const sizesArg = process.argv.find((a) => a.startsWith('--sizes='));
const SIZES = sizesArg ? sizesArg.slice(8).split(',').map(Number) : SMOKE ? [200] : QUICK ? [1_000, 10_000] : [1_000, 10_000, 100_000];
const SKIP_LATENCY = process.argv.includes('--no-latency');
const LATENCY_CHANGES = SMOKE ? 2 : QUICK ? 4 : 10;
const IDLE_CYCLES = sized(5, 2);
/** The default interval; --smoke polls every second so its samples take seconds, not minutes. */
const LATENCY_POLL_SECONDS = sized(15, 1);
const vocabulary = DEFAULT_VOCABULARY;
const quiet = createLogger({ level: 'error', write: () => undefined });

// ---- child: the emulator, driven over IPC -------------------------------------------------
type Req = { id: number; op: string; args?: any };
async function child(): Promise<void> {
  let emu: Emulator | undefined;
  process.on('message', async (m: Req) => {
    try {
      let result: unknown;
      if (m.op === 'start') {
        emu = await startEmulator({ seed: 'none' });
        const old = '2026-01-01T00:00:00Z';
        emu.data.bulkInsert('SD_Tickets', Array.from({ length: m.args.n }, (_, i) => row(i, { Created: old, Modified: old })));
        result = { url: emu.url, tenantId: emu.tenantId, clientId: emu.clientId, clientSecret: emu.clientSecret, siteId: emu.siteId };
      } else if (m.op === 'insert') result = emu!.data.insert('SD_Tickets', row(0, m.args));
      else if (m.op === 'update') result = emu!.data.update('SD_Tickets', m.args.id, m.args.fields);
      else if (m.op === 'counters') result = emu!.counters.all();
      else if (m.op === 'reset') result = emu!.counters.reset();
      else if (m.op === 'close') {
        await emu?.close();
        process.send!({ id: m.id, result: null }, () => process.exit(0));
        return;
      }
      process.send!({ id: m.id, result });
    } catch (err) {
      process.send!({ id: m.id, error: String(err) });
    }
  });
}

function row(i: number, over: Record<string, unknown>): Record<string, unknown> {
  return {
    Title: `Bench ticket ${i}`, SD_Description: `Generated ticket ${i}.`, SD_Priority: ['Low', 'Normal', 'High', 'Urgent'][i % 4],
    SD_Status: ['New', 'Assigned', 'In Progress', 'Resolved'][i % 4], SD_Category: 'Hardware',
    SD_SubmittedByEmail: `user${i % 500}@example.com`, SD_SubmittedByName: `User ${i % 500}`, SD_SubmittedBy: `user${i % 500}@example.com`,
    SD_AssignedTo: i % 3 ? 'meganb@example.com' : '', ...over,
  };
}

// ---- parent ------------------------------------------------------------------------------
function startChild(): { call(op: string, args?: unknown): Promise<any>; proc: ChildProcess } {
  const proc = fork(process.argv[1], ['--child'], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let seq = 0;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  proc.on('message', (m: { id: number; result?: unknown; error?: string }) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error) w?.reject(new Error(m.error));
    else w?.resolve(m.result);
  });
  return {
    proc,
    call: (op, args) => new Promise((resolve, reject) => {
      const id = ++seq;
      waiting.set(id, { resolve, reject });
      proc.send({ id, op, args });
    }),
  };
}

// Bytes on the wire: every socket fetch opens is seen here; totals are summed before and after.
const sockets = new Set<Socket>();
dc.subscribe('undici:client:connected', (m: any) => sockets.add(m.socket));
const wireBytes = () => [...sockets].reduce((n, s) => n + s.bytesRead + s.bytesWritten, 0);

let peakRss = 0;
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25);
rssTimer.unref();

const graphRequests = (counters: Record<string, number>) =>
  Object.entries(counters).filter(([k]) => !/token|openid|keys/i.test(k)).reduce((n, [, v]) => n + v, 0);

function graphFor(emu: { url: string; tenantId: string; clientId: string; clientSecret: string; siteId: string }): GraphClient {
  return createGraphClient({ ...connectionFor(emu), logger: quiet });
}

const countingDelivery: Delivery = {
  platform: 'slack', minIntervalMs: 0,
  postCard: async () => 'x', updateCard: async () => undefined, postThreadLine: async () => undefined, sendDirect: async () => true,
};

let baselineRssMiB = 0;
interface CostRow { tickets: number; requests: number; bytes: number; ms: number }

async function pollCost(n: number): Promise<{ incremental: CostRow; naive: CostRow; firstStartMs: number; peakRssMiB: number; baselineRssMiB: number }> {
  const emuChild = startChild();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-notify-'));
  try {
    const emu = await emuChild.call('start', { n });
    const graph = graphFor(emu);
    const store = createSqliteStore({ dataDir: dir });
    const deliverer = createDeliverer({ deliveries: [countingDelivery], store, queue: createSendQueue(), logger: quiet, vocabulary });
    const poller = createPoller({ feed: createChangeFeed(graph, {}), store, deliverer, vocabulary, logger: quiet, pollSeconds: 15 });
    await createConversationPorts(store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'all' }, { email: 'a@example.com', name: 'A' });
    peakRss = process.memoryUsage().rss;
    baselineRssMiB = Math.round(peakRss / 1048576);
    let t = performance.now();
    await poller.runOnce(); // first start: learns every ticket's state
    const firstStartMs = performance.now() - t;

    const measure = async (cycle: () => Promise<unknown>): Promise<CostRow> => {
      await emuChild.call('reset');
      const b0 = wireBytes();
      t = performance.now();
      for (let i = 0; i < IDLE_CYCLES; i++) await cycle();
      const ms = (performance.now() - t) / IDLE_CYCLES;
      const bytes = (wireBytes() - b0) / IDLE_CYCLES;
      const requests = graphRequests(await emuChild.call('counters')) / IDLE_CYCLES;
      return { tickets: n, requests, bytes: Math.round(bytes), ms: Math.round(ms * 10) / 10 };
    };
    const incremental = await measure(() => poller.runOnce());
    const peakRssMiB = Math.round(peakRss / 1048576);
    // The naive poller: every ticket every cycle (plus the same comments-since read).
    const since = new Date(Date.now() - 20_000);
    const naive = await measure(async () => {
      let seen = 0;
      for await (const _ of graph.listAll('SD_Tickets', { top: 5000 })) seen++;
      for await (const _ of graph.listAll('SD_Comments', { filter: f.ge('Created', since), orderby: 'fields/Created asc', top: 5000 })) seen++;
      if (seen < n) throw new Error(`naive poller saw ${seen} of ${n}`);
    });
    await store.close();
    return { incremental, naive, firstStartMs: Math.round(firstStartMs), peakRssMiB, baselineRssMiB };
  } finally {
    await emuChild.call('close').catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * xs.length) - 1)];

async function latency(): Promise<{ samples: number[]; p50: number; p95: number; pollSeconds: number }> {
  // Loaded here, not at the top: Bolt would otherwise count in the RSS figures of the poll-cost runs.
  const { webApi } = await import('@slack/bolt');
  const { createSlackDelivery } = await import('../src/channels/slack/notify-delivery');
  const emuChild = startChild();
  const slack = await startFakeSlack();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-latency-'));
  try {
    const emu = await emuChild.call('start', { n: sized(1000, 200) });
    const store = createSqliteStore({ dataDir: dir });
    const client = new webApi.WebClient(slack.token, { slackApiUrl: slack.apiUrl, logLevel: webApi.LogLevel.ERROR });
    const deliverer = createDeliverer({ deliveries: [createSlackDelivery({ client, store, logger: quiet })], store, queue: createSendQueue(), logger: quiet, vocabulary });
    const poller = createPoller({ feed: createChangeFeed(graphFor(emu), {}), store, deliverer, vocabulary, logger: quiet, pollSeconds: LATENCY_POLL_SECONDS });
    await createConversationPorts(store).subscribe({ platform: 'slack', id: 'CBENCH', kind: 'channel' }, { kind: 'all' }, { email: 'a@example.com', name: 'A' });
    await poller.runOnce();
    poller.start();
    const samples: Promise<number>[] = [];
    const ids: string[] = [];
    for (let i = 0; i < LATENCY_CHANGES; i++) {
      await sleep((1000 + Math.random() * 9000) * (LATENCY_POLL_SECONDS / 15));
      const t0 = Date.now();
      if (i % 2 === 0) {
        const title = `Latency ${i}`;
        ids[i] = (await emuChild.call('insert', { Title: title })).id;
        samples.push(slack.waitFor('chat.postMessage', (c) => String(c.body.text).includes(`${title} —`), 60_000).then(() => Date.now() - t0));
      } else {
        const title = `Latency ${i - 1}`;
        await emuChild.call('update', { id: ids[i - 1], fields: { SD_Status: 'Waiting' } });
        // If the insert and this change fall in one cycle, the first card already shows it.
        const shows = (c: { body: Record<string, any> }) => String(c.body.text).includes(`${title} — Waiting`);
        samples.push(Promise.any([slack.waitFor('chat.update', shows, 60_000), slack.waitFor('chat.postMessage', shows, 60_000)]).then(() => Date.now() - t0));
      }
    }
    const ms = await Promise.all(samples);
    await poller.stop();
    await store.close();
    return { samples: ms, p50: pct(ms, 50), p95: pct(ms, 95), pollSeconds: LATENCY_POLL_SECONDS };
  } finally {
    await emuChild.call('close').catch(() => undefined);
    await slack.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const cost = [];
  for (const n of SIZES) {
    const r = await pollCost(n);
    cost.push(r);
    console.error(`poll cost measured at ${n} tickets`);
  }
  const lat = SKIP_LATENCY ? { samples: [] as number[], p50: Number.NaN, p95: Number.NaN, pollSeconds: 15 } : await latency();
  const table = cost.map((c) => ({
    tickets: c.incremental.tickets,
    'incremental req/cycle': c.incremental.requests,
    'incremental bytes/cycle': c.incremental.bytes,
    'incremental ms/cycle': c.incremental.ms,
    'naive req/cycle': c.naive.requests,
    'naive bytes/cycle': c.naive.bytes,
    'naive ms/cycle': c.naive.ms,
    'first start ms': c.firstStartMs,
    'bot RSS MiB before first start': c.baselineRssMiB,
    'bot peak RSS MiB (first start + idle)': c.peakRssMiB,
  }));
  console.table(table);
  console.log(JSON.stringify({ pollCost: table, latency: { ...lat, changes: lat.samples.length } }, null, 2));
  const bad = cost.some((c) => c.incremental.requests !== 2);
  if (bad) {
    console.error('FAIL: an idle cycle must cost exactly two Graph requests');
    process.exitCode = 1;
  }
}

if (process.argv.includes('--child')) void child();
else main().then(() => process.exit(process.exitCode ?? 0), (err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Peak RSS of the whole bot process with 100,000 tickets known (issue 11.3; 1,000,000 for issue
 * 27.1: pass 1000000), its first-start time and the Graph requests and resource units (RU) that
 * start cost at the stand-in, with the most RU spent in any one minute (budget 1,250), and what a
 * restart on the same data reads (only what changed): the compiled bot
 * (`node dist/main.js`, build first) or with the argument `dev` what `npm start` runs
 * (`node scripts/start.mjs`), against a tenant stand-in (the embedded site in this process,
 * holding the tickets) as a real tenant would be reached. The figure is the bot process's own
 * high-water mark (VmHWM in /proc, Linux), read once its first start has remembered every ticket
 * and one more poll cycle ran.
 * Run: npx tsx bench/bot-memory.ts [dev | <file under dist/>.js] [tickets] [--smoke] [--sla]   (default 100000;
 * --smoke: 300 tickets, and `dev` unless a file is named, so no build is needed; --sla: with SLA
 * clocks on (examples/sla.json), read once its policy is adopted, every open ticket under a clock)
 */
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../src/emulator';
import { positional, SMOKE, sized } from './support/smoke';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const named = positional.find((a) => a.endsWith('.js'));
const DEV = positional[0] === 'dev' || (SMOKE && !named);
const TICKETS = Number(positional.find((a) => /^\d+$/.test(a)) ?? sized(100_000, 300));
const file = named ?? 'dist/main.js';
const args = DEV ? ['scripts/start.mjs'] : [path.join(root, file)];
const SLA = process.argv.includes('--sla');

/** A field of /proc/<pid>/status in MiB (VmHWM: peak resident set; VmRSS: resident now). */
function procMiB(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
}

/** How many tickets the bot's SQLite store keeps SLA records for (read-only, beside the running bot). */
function slaRecords(dir: string): number {
  const db = new Database(path.join(dir, 'helpdesk-bot.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM sla_tickets').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

if (!DEV && !existsSync(args[0])) {
  process.stdout.write('dist/main.js is missing: run `npm run build` first\n');
  process.exit(0);
}

const emu = await startEmulator({ seed: 'demo' });
const old = '2026-01-01T00:00:00Z';
// In slices, so the stand-in's own heap holds the tickets once, not a second time as one big array.
for (let from = 0; from < TICKETS; from += 50_000) emu.data.bulkInsert(
  'SD_Tickets',
  Array.from({ length: Math.min(50_000, TICKETS - from) }, (_, k) => from + k).map((i) => ({
    Title: `Bench ticket ${i}`, SD_Description: `Generated ticket ${i}: the printer on floor ${i % 9} jams on every second page.`,
    SD_Priority: ['Low', 'Normal', 'High', 'Urgent'][i % 4], SD_Status: ['New', 'Assigned', 'In Progress', 'Resolved'][i % 4],
    SD_Category: 'Hardware', SD_SubmittedByEmail: `user${i % 500}@example.com`, SD_SubmittedByName: `User ${i % 500}`,
    SD_SubmittedBy: `user${i % 500}@example.com`, SD_AssignedTo: i % 3 ? 'meganb@example.com' : '', Created: old, Modified: old,
  })),
);
emu.counters.reset();
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-bot-memory-'));
const graphRequests = () => Object.entries(emu.counters.all()).filter(([k]) => !/token|openid|keys/.test(k)).reduce((n, [, v]) => n + v, 0);

/** Starts the bot on the bench's data dir; resolves with the process and its port once it listens. */
async function startBot(): Promise<{ bot: ChildProcess; port: string }> {
  const bot = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env, PORT: '0', LOG_LEVEL: 'warn', HELPDESK_DATA_DIR: dataDir, HELPDESK_POLL_SECONDS: '2',
      HELPDESK_SITE_ID: emu.siteId, HELPDESK_TENANT_ID: emu.tenantId, HELPDESK_CLIENT_ID: emu.clientId, HELPDESK_CLIENT_SECRET: emu.clientSecret,
      // BOT_NODE_OPTIONS: node flags for the bot alone (a heap cap, --heapsnapshot-signal), not for this process holding the site.
      ...(process.env.BOT_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BOT_NODE_OPTIONS } : {}),
      HELPDESK_SLA_FILE: SLA ? path.join(root, 'examples/sla.json') : '',
      HELPDESK_CLIENT_SECRET_FILE: '', HELPDESK_GRAPH_URL: emu.url, HELPDESK_AUTH_URL: emu.url, SLACK_BOT_TOKEN: '', SLACK_SIGNING_SECRET: '', SLACK_APP_TOKEN: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running = bot;
  let out = '';
  const port = await new Promise<string>((resolve, reject) => {
    bot.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /:(\d+)\/api\/messages/.exec(out);
      if (m) resolve(m[1]);
    });
    bot.once('exit', (code) => reject(new Error(`the bot exited (${code}) before it was ready:\n${out}`)));
  });
  return { bot, port };
}

/** Resolves once the bot has begun `n` poll cycles: `cycles` counts those begun, so 2 means the first (the first start, or on a restart the first catch-up) is done. */
async function cycles(port: string, n: number): Promise<void> {
  for (;;) {
    const asked = performance.now();
    // A fresh connection each time: a kept-alive one the bot closed meanwhile is not the bot failing.
    const health = (await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' } }).then((r) => r.json(), () => ({}))) as { cycles?: number };
    slowestAnswerMs = Math.max(slowestAnswerMs, performance.now() - asked);
    if ((health.cycles ?? 0) >= n) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** The slowest /healthz answer while waiting: how long a command could wait for the bot's event loop. */
let slowestAnswerMs = 0;

async function stop(bot: ChildProcess): Promise<void> {
  bot.kill('SIGTERM');
  await new Promise((r) => (bot.exitCode === null ? bot.once('exit', r) : r(undefined)));
}

let running: ChildProcess | undefined;
try {
  const started = performance.now();
  const { bot, port } = await startBot();
  const readyMs = performance.now() - started;
  const readyHwm = procMiB(bot.pid!, 'VmHWM');
  await cycles(port, 2);
  const slowestDuringFirst = slowestAnswerMs;
  const firstStartMs = performance.now() - started - readyMs;
  const firstStartRequests = graphRequests();
  await cycles(port, 3);
  const knownMs = performance.now() - started;
  // With clocks on, the first cycle also adopted the policy: every open ticket has its record.
  const clocks = SLA ? ` and ${slaRecords(dataDir).toLocaleString('en-US')} SLA clocks` : '';
  const ru = emu.counters.ru();
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  process.stdout.write(
    `${DEV ? 'npm start (node scripts/start.mjs)' : `node ${file}`} with ${TICKETS.toLocaleString('en-US')} tickets${clocks} at a tenant stand-in (load average ${load})\n` +
      `  peak RSS when ready:                    ${readyHwm} MiB (${readyMs.toFixed(0)} ms)\n` +
      `  peak RSS after every ticket was known:  ${procMiB(bot.pid!, 'VmHWM')} MiB (${knownMs.toFixed(0)} ms)\n` +
      `  RSS now:                                ${procMiB(bot.pid!, 'VmRSS')} MiB\n` +
      `  first start (ready to first cycle done): ${(firstStartMs / 1000).toFixed(1)} s, ${firstStartRequests} Graph requests; slowest /healthz answer meanwhile ${slowestDuringFirst.toFixed(0)} ms\n` +
      `  Graph resource units:                   ${ru.total} RU in all, at most ${ru.maxPerMinute} RU in one minute (budget 1250)\n`,
  );
  if (process.env.BOT_HEAPSNAPSHOT) {
    bot.kill('SIGUSR2'); // with BOT_NODE_OPTIONS=--heapsnapshot-signal=SIGUSR2: a heap snapshot in the bot's working directory
    await new Promise((r) => setTimeout(r, Number(process.env.BOT_HEAPSNAPSHOT)));
  }
  await stop(bot);
  // A later start reads only what changed since the watermark it kept, not the list again.
  emu.counters.reset();
  const again = await startBot();
  await cycles(again.port, 2);
  process.stdout.write(
    `  restart, first cycle:                   ${graphRequests()} Graph requests, ${emu.counters.ru().total} RU, peak RSS ${procMiB(again.bot.pid!, 'VmHWM')} MiB\n`,
  );
} finally {
  if (running) await stop(running);
  await emu.close();
  rmSync(dataDir, { recursive: true, force: true });
}

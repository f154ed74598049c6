/**
 * Every bench runs in its small `--smoke` mode (tiny sizes, one run) and prints its figures, so
 * none rots unnoticed between the rounds that read them. The figures are not judged: only that
 * the bench finished (exit 0) and printed the lines its reader looks for.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { cleanEnv, ROOT } from '../deploy/processes';
import { pgAvailable, pgProblem } from '../support/postgres';

/** A bench that hangs is a failure too; generous, since the machine may be shared. */
const LIMIT_MS = 170_000;

interface Smoke {
  args?: string[];
  /** Lines the bench must print (its figures). */
  prints: RegExp[];
  postgres?: boolean;
}

const BENCHES: Record<string, Smoke[]> = {
  'answers.ts': [
    { prints: [/engine SQLite; 60 answers/, /top-3 hit rate [\d.]+%, false offers on near misses [\d.]+%/, /look-up: p95 [\d.]+ ms/] },
    { args: ['--postgres'], postgres: true, prints: [/engine PostgreSQL; 60 answers/, /look-up: p95 [\d.]+ ms/] },
  ],
  'bot-memory.ts': [{ prints: [/peak RSS when ready:\s+\d+ MiB/, /peak RSS after every ticket was known:\s+\d+ MiB/, /first start .*: [\d.]+ s, \d+ Graph requests/, /\d+ RU in all, at most \d+ RU in one minute/, /restart, first cycle:\s+\d+ Graph requests/] }],
  'claim-card.ts': [{ prints: [/Teams: reply received: p50 \d+ ms/, /Teams: channel card updated: p50 \d+ ms, p95 \d+ ms \(before the reply: \d+ of \d+\)/, /Slack: channel card updated: p50 \d+ ms, p95 \d+ ms/] }],
  'commands.ts': [{ prints: [/\| help \| \d+ \| 0 \|/, /\| \*\*sum\*\* \| \*\*\d+\*\* \|/] }],
  'fast-lane.ts': [{ prints: [/channel card updated: p50 \d+ ms, p95 \d+ ms/, /requester DM received: p50 \d+ ms/] }],
  'faults-graph.ts': [{ prints: [/\| 500, once \| teams \| \d \| \d \| \d \|/, /\| Teams redelivery \(same activity id\) \| teams \|/, /\d+ rows, \d+ with something lost/] }],
  'faults.ts': [{ prints: [/Bot Connector 503\s+teams\s+\d+\s+\d+\s+\d+/, /Slack internal_error\s+slack\s+\d+\s+\d+\s+\d+/] }],
  'graph-read.ts': [{ prints: [/"itemsPerSecond": \d+/, /"peakRssMiB": \d+/] }],
  'notify.ts': [{ prints: [/"incremental req\/cycle": 2/, /"naive req\/cycle": \d+/, /"p95": \d+/] }],
  'replicas.ts': [{ postgres: true, prints: [/"takeoverAfterSigkillMs": \[\s*\d+/, /"twoReplicas": \d+/] }],
  'routing.ts': [{ prints: [/routing decision CPU at 200 agents, 500 decisions: p50 [\d.]+ ms, p95 [\d.]+ ms/, /presence requests per minute at 200 agents: [\d.]+ \(goal 1\)/, /Graph requests per routed ticket: [\d.]+ \(goal 1 PATCH\)/] }],
  'search.ts': [
    { prints: [/engine: SQLite/, /tickets indexed: 500 of 500/, /agent: \d+ searches, p50 [\d.]+ ms/] },
    { args: ['--postgres'], postgres: true, prints: [/engine: PostgreSQL/, /tickets indexed: 500 of 500/, /agent: \d+ searches, p50 [\d.]+ ms/] },
  ],
  'reports.ts': [{ postgres: true, prints: [/engine SQLite, 2000 tickets/, /engine PostgreSQL, 2000 tickets/, /report: p50 [\d.]+ ms, p95 [\d.]+ ms/, /peak RSS of the reporting process: \d+ MiB/] }],
  'search-index.ts': [{ postgres: true, prints: [/engine SQLite: 2000 tickets indexed/, /engine PostgreSQL: 2000 tickets indexed/, /agent: p50 [\d.]+ ms, p95 [\d.]+ ms/] }],
  'sla-store.ts': [{ prints: [/SLA through the SQLite store, 500 open tickets/, /SLA CPU per cycle: median [\d.]+ ms, max [\d.]+ ms/] }],
  'sla.ts': [{ prints: [/SLA clocks for 500 open tickets/, /per cycle, scan of next-change instants and move on: median [\d.]+ ms/] }],
  'slack-commands.ts': [{ prints: [/"commandsPerSecond":\d+/, /"ackMs":\{"p50":[\d.]+/] }],
  'files.ts': [{ prints: [/files: 2 of 2 files of 5 MB kept/, /peak above idle: \d+\.\d MiB/] }],
  'storm.ts': [{ prints: [/\| slack:CSTORM\d \| \d+ \| \d+ \| \d+ \|/, /every ticket reachable after: \d+ ms/, /Slack ack: p50 \d+ ms, p95 \d+ ms/] }],
  'start-prod.ts': [{ prints: [/wall, new data dir .*min \d+ ms/, /wall, existing data dir \(restart\):\s+min \d+ ms/] }],
  'teams-commands.ts': [{ prints: [/ratio help-desk \/ echo:\s+\d+\.\d\d/, /added CPU per command:\s+-?\d+\.\d+ ms/] }],
  // The runner itself, with one cheap bench: it passes --smoke on and reports a bench's exit.
  'run-all.ts': [{ args: ['graph-read'], prints: [/=== graph-read\.ts/, /"itemsPerSecond": \d+/] }],
};

const running = new Set<number>();
afterAll(() => {
  for (const pid of running) process.kill(-pid, 'SIGKILL');
});

/** Runs `bench/<file> --smoke ...args` from the repository root; resolves with its exit and output. */
function smoke(file: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // Its own process group, so a hung bench goes with the bot processes it started.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', file), '--smoke', ...args], { cwd: ROOT, env: cleanEnv(env), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child.pid!);
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), LIMIT_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      running.delete(child.pid!);
      resolve({ code, output });
    });
  });
}

describe('benches in smoke mode', () => {
  it('covers every bench in bench/', () => {
    const files = readdirSync(path.join(ROOT, 'bench')).filter((f) => f.endsWith('.ts')).sort();
    expect(Object.keys(BENCHES).sort()).toEqual(files);
  });

  for (const [file, runs] of Object.entries(BENCHES)) {
    for (const { args = [], prints, postgres } of runs) {
      const name = `${file} ${[...args, '--smoke'].join(' ')} finishes and prints its figures`;
      const cannot = postgres && !pgAvailable() ? ` (cannot run: ${pgProblem()})` : '';
      it.skipIf(cannot !== '')(`${name}${cannot}`, async () => {
        const { code, output } = await smoke(file, args, postgres ? { BENCH_PG_ADMIN_URL: inject('pgAdminUrl') } : {});
        expect(code, output.slice(-3000)).toBe(0);
        for (const line of prints) expect(output, `${line} in:\n${output.slice(-3000)}`).toMatch(line);
      }, LIMIT_MS + 10_000);
    }
  }
});

/**
 * Time to ready: `node dist/main.js` (build first with `npm run build`), or with the argument
 * `npm` `npm start` itself (npm's own start-up included), `dev` what it runs (`node scripts/start.mjs`),
 * or with `tsx` the bot under the tsx loader, on the embedded site, from spawn to the first 200 on
 * /healthz. Prints figures; never fails.
 * Run: npx tsx bench/start-prod.ts [npm|dev|tsx|<file under dist/>] [--smoke]   (RUNS=7 by default;
 * --smoke: one run, and `dev` unless a mode is named, so no build is needed)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { positional, SMOKE, sized } from './support/smoke';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS ?? sized(7, 1));
const mode = positional[0] ?? (SMOKE ? 'dev' : undefined);
const DEV = mode === 'npm' || mode === 'dev' || mode === 'tsx';
const main = path.join(root, !DEV && mode ? mode : 'dist/main.js');
const NPM = mode === 'npm';
const args = NPM ? ['start', '--silent'] : mode === 'dev' ? ['scripts/start.mjs'] : mode === 'tsx' ? ['--import', 'tsx', 'src/main.ts'] : [main];
const what = NPM ? 'npm start' : mode === 'dev' ? 'node scripts/start.mjs (what npm start runs)' : mode === 'tsx' ? 'node --import tsx src/main.ts' : `node ${path.relative(root, main)}`;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const cpu: number[] = [];

async function once(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(NPM ? 'npm' : process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: '0', HELPDESK_DATA_DIR: dataDir, HELPDESK_SITE_ID: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /127\.0\.0\.1:(\d+)\/api\/messages/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', () => reject(new Error(`exited before it was ready:\n${out}`)));
  });
  while ((await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status !== 200) await new Promise((r) => setTimeout(r, 5));
  const ready = performance.now() - started;
  // CPU time to ready does not grow with other work on the machine the way wall time does.
  cpu.push(cpuSeconds(child.pid!) * 1000);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return ready;
}

if (!DEV && !existsSync(main)) {
  process.stdout.write('dist/main.js is missing: run `npm run build` first\n');
  process.exit(0);
}
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-start-'));
  // The first run of each data dir seeds the embedded site; later starts reuse it (a warm restart).
  times.push(await once(dir));
  times.push(await once(dir));
  rmSync(dir, { recursive: true, force: true });
}
const cold = times.filter((_, i) => i % 2 === 0).sort((a, b) => a - b);
const warm = times.filter((_, i) => i % 2 === 1).sort((a, b) => a - b);
const fmt = (xs: number[]) => `min ${xs[0].toFixed(0)} ms, median ${xs[Math.floor(xs.length / 2)].toFixed(0)} ms, max ${xs[xs.length - 1].toFixed(0)} ms`;
const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
process.stdout.write(
  `${what} to /healthz 200, ${RUNS} runs each (load average ${load})\n` +
    `  wall, new data dir (seeds the demo site): ${fmt(cold)}\n` +
    `  wall, existing data dir (restart):        ${fmt(warm)}\n` +
    // With npm, the child is npm's own process, not the bot's.
    (NPM ? '' : `  CPU time of the bot until ready:          ${fmt([...cpu].sort((a, b) => a - b))}\n`),
);

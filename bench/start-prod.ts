/**
 * Time to ready for the production start: `node dist/main.js` (build first with `npm run build`)
 * on the embedded site, from spawn to the first 200 on /healthz. Prints figures; never fails.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, 'dist/main.js');
const RUNS = Number(process.env.RUNS ?? 7);

async function once(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [main], {
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
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return ready;
}

if (!existsSync(main)) {
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
process.stdout.write(`node dist/main.js to /healthz 200, ${RUNS} runs each\n  new data dir (seeds the demo site): ${fmt(cold)}\n  existing data dir (restart):        ${fmt(warm)}\n`);

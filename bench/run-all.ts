/**
 * `npm run bench`: runs every benchmark one after another, each in its own process so one's
 * memory does not colour the next one's peak RSS. Figures only; nothing here passes or fails.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run-all.ts')
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

for (const file of benches) {
  process.stdout.write(`\n=== ${file}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, file)], { stdio: 'inherit' });
  if (run.status !== 0) process.stdout.write(`(${file} exited with ${run.status})\n`);
}

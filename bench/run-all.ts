/**
 * `npm run bench`: runs every benchmark one after another, each in its own process so one's
 * memory does not colour the next one's peak RSS. Figures only: none is a pass or a fail, but a
 * bench that crashes makes this exit 1 (after the others ran), so a rotten bench is seen.
 * Run: npx tsx bench/run-all.ts [--smoke] [name ...]   (names: only the benches whose file
 * name contains one; --smoke is passed on to each: tiny sizes, a few seconds each)
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { positional, SMOKE } from './support/smoke';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = positional;
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run-all.ts')
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const failed: string[] = [];
for (const file of benches) {
  process.stdout.write(`\n=== ${file}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, file), ...(SMOKE ? ['--smoke'] : [])], { stdio: 'inherit' });
  if (run.status !== 0) {
    failed.push(file);
    process.stdout.write(`(${file} exited with ${run.status ?? run.signal})\n`);
  }
}
if (failed.length) {
  process.stdout.write(`\n${failed.length} of ${benches.length} benches failed: ${failed.join(', ')}\n`);
  process.exitCode = 1;
}

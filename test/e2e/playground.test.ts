import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const canUnshare = spawnSync('unshare', ['-n', 'true']).status === 0;
const hasChromium = existsSync('/usr/bin/chromium');
const skipReason = !canUnshare
  ? '`unshare -n` is not permitted here, and the playground must not run outside a private network namespace'
  : !hasChromium
    ? '/usr/bin/chromium is missing (apt-get install -y chromium)'
    : '';

describe.skipIf(skipReason !== '')(`Agents Playground end to end${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it('files a ticket through the form, sees it in mine, claims it and resolves it', () => {
    const run = spawnSync('bash', ['scripts/e2e-playground.sh'], { cwd: ROOT, encoding: 'utf8', timeout: 240_000 });
    const steps = run.stdout.match(/^STEP OK .*/gm) ?? [];
    expect(steps.map((s) => s.slice(8)), run.stderr.slice(-2000)).toEqual([
      '01-open',
      '02-help',
      '03-new-form',
      '04-create',
      '05-mine',
      '06-claim',
      '07-resolve',
    ]);
    expect(run.status).toBe(0);
  }, 260_000);
});

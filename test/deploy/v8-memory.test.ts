/**
 * The bot process asks V8 to favour memory (src/v8-memory.ts). V8 ignores a flag it does not know
 * (it only writes a line to stderr), so a Node upgrade that renamed one would quietly give back
 * some 30 MiB of peak RSS: a child process sets the flags and allocates as the first read does
 * (pages of short-lived records), and is compared with one that does not set them.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT, TSX_IMPORT } from './processes';

const MODULE = pathToFileURL(path.join(ROOT, 'src/v8-memory.ts')).href;

/** The young generation's size (MiB) in a child before, and the largest while, it made 400,000 short-lived records. */
function youngGeneration(favour: boolean): { before: number; most: number; stderr: string } {
  const probe = `
    if (${favour}) (await import(${JSON.stringify(MODULE)})).favourMemory();
    const { getHeapSpaceStatistics } = await import('node:v8');
    const young = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
    const before = young();
    let most = 0;
    let page = [];
    for (let i = 0; i < 400000; i++) {
      page.push({ id: i, title: 'Ticket ' + i, fields: { status: 'New', n: i % 7 } });
      if (page.length === 1000) page = [];
      if (i % 1000 === 0) most = Math.max(most, young());
    }
    process.stdout.write(JSON.stringify({ before: before / 1048576, most: most / 1048576 }));
  `;
  // Without the flags, plain node: what tsx's own loading allocates cannot have grown the young generation already.
  const loader = favour ? ['--import', TSX_IMPORT] : [];
  const child = spawnSync(process.execPath, [...loader, '--input-type=module', '-e', probe], { cwd: ROOT, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return { ...(JSON.parse(child.stdout) as { before: number; most: number }), stderr: child.stderr };
}

describe("V8's memory flags", () => {
  it('are all known to V8 and keep the young generation at its first size under brisk allocation, which it outgrows by default', () => {
    const favoured = youngGeneration(true);
    const defaults = youngGeneration(false);
    expect(favoured.stderr).not.toMatch(/unrecognized flag/);
    expect(favoured.most).toBeLessThanOrEqual(favoured.before);
    expect(defaults.most).toBeGreaterThanOrEqual(2 * defaults.before);
  });
});

/**
 * The bot process asks V8 to favour memory (src/v8-memory.ts). V8 ignores a flag it does not know
 * (it only writes a line to stderr), so a Node upgrade that renamed one would quietly give back
 * some 30 MiB of peak RSS: a child process sets the flags and allocates as the first read does
 * (pages of short-lived records), and is compared with one that does not set them. A flag V8 still
 * knows can stop working too: on Node 24, --liftoff-only set while V8 runs no longer kept fetch's
 * WebAssembly parser off the optimizing compiler (some 10 MiB of peak RSS at a million tickets), so
 * a child runs a hot WebAssembly function under the flags and asks V8 which compiler's code runs.
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

/**
 * Which of V8's WebAssembly compilers made the code a hot function runs, in a child that set the
 * bot's flags or not: `liftoff` (the quick one) or `turbofan` (the optimizing one, which fetch's
 * HTTP parser must not get). --wasm-sync-tier-up makes V8 switch as soon as the function is hot,
 * not when a background compile happens to finish.
 */
function wasmTier(favour: boolean): string {
  // (func (export "f") (param $n i32) (result i32) (local $s i32): $s += $n while $n-- > 0, return $s)
  const module = [0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 6, 1, 0x60, 1, 0x7f, 1, 0x7f, 3, 2, 1, 0, 7, 5, 1, 1, 0x66, 0, 0, 0x0a, 0x23, 1, 0x21, 1, 1,
    0x7f, 2, 0x40, 3, 0x40, 0x20, 0, 0x45, 0x0d, 1, 0x20, 1, 0x20, 0, 0x6a, 0x21, 1, 0x20, 0, 0x41, 1, 0x6b, 0x21, 0, 0x0c, 0, 0x0b, 0x0b, 0x20, 1, 0x0b];
  const probe = `
    if (${favour}) (await import(${JSON.stringify(MODULE)})).favourMemory();
    const { f } = new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array(${JSON.stringify(module)}))).exports;
    const tiers = new Set();
    // Many short calls: a call runs the code it began with, so the switch shows from the next one.
    for (let i = 0; i < 200; i++) {
      f(10000);
      tiers.add(%IsTurboFanFunction(f) ? 'turbofan' : %IsLiftoffFunction(f) ? 'liftoff' : 'other');
    }
    process.stdout.write([...tiers].join(','));
  `;
  const loader = favour ? ['--import', TSX_IMPORT] : [];
  const args = ['--allow-natives-syntax', '--wasm-sync-tier-up', ...loader, '--input-type=module', '-e', probe];
  const child = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return child.stdout;
}

describe("V8's memory flags", () => {
  it("keep a hot WebAssembly function (fetch's HTTP parser) on V8's quick compiler, which optimizes it by default", () => {
    expect(wasmTier(true)).toBe('liftoff');
    expect(wasmTier(false)).toContain('turbofan');
  });

  it('are all known to V8 and keep the young generation at its first size under brisk allocation, which it outgrows by default', () => {
    const favoured = youngGeneration(true);
    const defaults = youngGeneration(false);
    expect(favoured.stderr).not.toMatch(/unrecognized flag/);
    expect(favoured.most).toBeLessThanOrEqual(favoured.before);
    expect(defaults.most).toBeGreaterThanOrEqual(2 * defaults.before);
  });
});

/**
 * V8's flags for the bot process, set before any of the bot's code is loaded (src/main.ts).
 *
 * The bot's heap is mostly short-lived: pages of tickets read from Graph, batches written to the
 * store, one turn's card. V8's defaults trade memory for speed: the young generation doubles up to
 * 32 MiB as soon as allocation is brisk, and the old generation may grow to several times what
 * survived its last collection before it is collected again. Measured with `bench/bot-memory.ts`
 * (peak RSS of `node dist/main.js`; docs/figures.md), 100,000 tickets with SLA clocks: 172 MiB with
 * the defaults, 137–138 MiB with these. A `help` card costs some 0.6 ms more CPU
 * (`bench/teams-commands.ts`); `--optimize-for-size` would save a few MiB more at two to four times the CPU.
 */
import { setFlagsFromString } from 'node:v8';

export const MEMORY_FLAGS = [
  // The young generation keeps its first size (1 MiB a semi-space) instead of doubling to 16 MiB.
  '--semi-space-growth-factor=1',
  // The old generation may grow by 10% past what survived its last collection before the next.
  '--heap-growing-percent=10',
  // fetch parses HTTP with WebAssembly (undici's llhttp). V8 compiles it quickly first, then again
  // optimized once it is hot, and that second compile holds some 25 MiB for a moment (on Node 24,
  // 9–11 MiB that stay resident in a worker thread's malloc arena). The quick code reads a 1 MB
  // answer in the same 7–8 ms on loopback. Set while V8 runs, --liftoff-only alone no longer stops
  // the tier-up since Node 24 (V8 13 applies a flag's implications only at start-up): the two
  // tier-up flags it implies are set with it.
  '--liftoff-only',
  '--no-wasm-tier-up',
  '--no-wasm-dynamic-tiering',
] as const;

/**
 * Sets MEMORY_FLAGS. Each is one V8 reads as it goes (not only when the process starts), and V8
 * ignores a flag it does not know: `test/deploy/v8-memory.test.ts` checks they still take effect.
 */
export function favourMemory(): void {
  for (const flag of MEMORY_FLAGS) setFlagsFromString(flag);
}

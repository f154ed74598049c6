/**
 * `--smoke`: every bench also runs with tiny sizes and one run, in a few seconds, so CI can run
 * each one (test/bench/smoke.test.ts) and none rots unnoticed. Its figures mean nothing.
 */
import { readFileSync } from 'node:fs';

/** True when the bench was started with `--smoke`. */
export const SMOKE = process.argv.includes('--smoke');

/** The command line's positional arguments (flags such as `--smoke` left out). */
export const positional: readonly string[] = process.argv.slice(2).filter((a) => !a.startsWith('--'));

/** `full` normally, `smoke` under `--smoke`. */
export const sized = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);

/** The 1, 5 and 15 minute load averages, to print beside figures measured on a shared machine. */
export function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'n/a (no /proc/loadavg)';
  }
}

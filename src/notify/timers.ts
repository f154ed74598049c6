/**
 * The listed features' timers (src/notify/ports.ts FeatureTimer): each runs every `everyMs` while
 * the process runs; a run that fails is logged with its feature's name and the next run tries
 * again. A feature off the list declares none, so nothing of it runs here.
 */
import type { Logger } from '../log';
import type { FeatureTimer, Named } from './ports';

/** The running timers. */
export interface Timers {
  /** Which timers run, by feature and name (for the log and tests). */
  readonly names: readonly { feature: string; name: string }[];
  /** Runs every timer once now (tests, and a check that need not wait); resolves with the sends they enqueued. */
  tick(): Promise<number>;
  start(): void;
  stop(): void;
}

/** The timers of the listed features; `now` is their clock (tests pin it). */
export function createTimers(timers: readonly Named<FeatureTimer>[], logger: Logger, now: () => Date = () => new Date()): Timers {
  const handles: NodeJS.Timeout[] = [];
  // A timer still running when it comes due again (or a tick meanwhile) shares the run in flight.
  const inFlight = new Map<Named<FeatureTimer>, Promise<number>>();

  function runOne(timer: Named<FeatureTimer>): Promise<number> {
    let run = inFlight.get(timer);
    if (!run) {
      run = timer.part.run(now().getTime()).catch((error: unknown) => {
        logger.warn('a feature\'s timer failed; its next run tries again', { feature: timer.feature, timer: timer.part.name, error });
        return 0;
      }).finally(() => inFlight.delete(timer));
      inFlight.set(timer, run);
    }
    return run;
  }

  return {
    names: timers.map(({ feature, part }) => ({ feature, name: part.name })),
    async tick() {
      let n = 0;
      for (const timer of timers) n += await runOne(timer);
      return n;
    },
    start() {
      if (handles.length > 0) return;
      for (const timer of timers) {
        const handle = setInterval(() => void runOne(timer), timer.part.everyMs);
        handle.unref?.();
        handles.push(handle);
      }
    },
    stop() {
      for (const handle of handles.splice(0)) clearInterval(handle);
    },
  };
}

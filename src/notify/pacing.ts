/**
 * Outbound pacing: the platforms' documented send limits, kept before any 429. Microsoft allows a
 * bot, per conversation, 7 messages a second, 8 per 2 s, 60 per 30 s and 1,800 an hour, and 50
 * requests a second per app and tenant across conversations; Slack asks for about one message a
 * second per channel. A send waits until every window it counts in has room.
 */
import type { Platform } from '../core';

/** A documented limit: at most `max` sends in any `perMs` window. */
export interface RateWindow {
  max: number;
  perMs: number;
}

/** What one send counts against: its conversation's windows, and the app's shared ones (Teams). */
export interface Pace {
  windows: readonly RateWindow[];
  app?: { key: string; windows: readonly RateWindow[] };
}

/** The platforms' documented limits. */
export const PLATFORM_PACE: Readonly<Record<Platform, Pace>> = {
  teams: {
    windows: [{ max: 7, perMs: 1000 }, { max: 8, perMs: 2000 }, { max: 60, perMs: 30_000 }, { max: 1800, perMs: 3_600_000 }],
    app: { key: 'teams/app', windows: [{ max: 50, perMs: 1000 }] },
  },
  slack: { windows: [{ max: 1, perMs: 1000 }] },
};

/** A pace of one send per `ms` in a conversation (0: unpaced), for tests and benches. */
export function intervalPace(ms: number): Pace {
  return { windows: ms > 0 ? [{ max: 1, perMs: ms }] : [] };
}

/** Remembers recent sends per key and says how long the next one must wait. */
export interface RateLimiter {
  /** Milliseconds until a send under `key` fits every window (0 = now). */
  wait(key: string, windows: readonly RateWindow[], now: number): number;
  /** Counts a send under `key` at `now`. */
  record(key: string, windows: readonly RateWindow[], now: number): void;
}

/** Creates a limiter; it keeps, per key, only the sends its longest window still counts. */
export function createRateLimiter(): RateLimiter {
  const sent = new Map<string, number[]>();
  const trim = (times: number[], windows: readonly RateWindow[], now: number) => {
    const keep = Math.max(0, ...windows.map((w) => w.max));
    const span = Math.max(0, ...windows.map((w) => w.perMs));
    let drop = Math.max(0, times.length - keep);
    while (drop < times.length && times[drop] <= now - span) drop++;
    if (drop) times.splice(0, drop);
  };
  return {
    wait(key, windows, now) {
      const times = sent.get(key);
      if (!times) return 0;
      trim(times, windows, now);
      if (!times.length) sent.delete(key);
      let wait = 0;
      for (const w of windows) if (times.length >= w.max) wait = Math.max(wait, times[times.length - w.max] + w.perMs - now);
      return wait;
    },
    record(key, windows, now) {
      if (!windows.length) return;
      const times = sent.get(key) ?? [];
      times.push(now);
      trim(times, windows, now);
      sent.set(key, times);
    },
  };
}

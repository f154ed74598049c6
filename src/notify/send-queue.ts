/**
 * Per-conversation send queue: sends to one conversation one at a time, within the platform's
 * documented limits (pacing.ts: every window of the conversation, and the app's shared ones), and
 * retries a platform 429 after its Retry-After, other transient refusals with growing waits.
 * Different conversations proceed in parallel; only the app-wide windows are shared.
 */
import { createRateLimiter, intervalPace, type Pace } from './pacing';
import { DeliveryError } from './types';

/** Options for createSendQueue. */
export interface SendQueueConfig {
  /** How many times a throttled send is retried before giving up on it for this cycle. */
  maxThrottleRetries?: number;
  /** Longest Retry-After honoured in-line; longer waits fail the send and the next cycle retries. */
  maxRetryAfterMs?: number;
  /**
   * Longest wait for room under the pacing windows (default 45 s, under the deliverer's 60 s send
   * timeout). A longer one (Teams' 1,800 an hour spent) fails the send as throttled with that wait,
   * so the outbox postpones the row: a send left waiting here would go out after its timeout, and
   * its retry would send it again.
   */
  maxPaceWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** The clock pacing reads (tests drive it with `sleep`). */
  now?: () => number;
}

/** Serialises and paces sends per conversation key. */
export interface SendQueue {
  /** Sends under `key` within `pace` (a number: at least that many ms between two sends). */
  run<T>(key: string, pace: Pace | number, send: () => Promise<T>): Promise<T>;
  /** Resolves when every queued send has finished. */
  idle(): Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref?.());

/** Creates a send queue. */
export function createSendQueue(config: SendQueueConfig = {}): SendQueue {
  const maxRetries = config.maxThrottleRetries ?? 3;
  const maxWait = config.maxRetryAfterMs ?? 60_000;
  const sleep = config.sleep ?? defaultSleep;
  const now = config.now ?? Date.now;
  const maxPace = config.maxPaceWaitMs ?? 45_000;
  const tails = new Map<string, Promise<unknown>>();
  const limiter = createRateLimiter();

  /** Waits until the conversation and the app both have room, then counts the send in both. */
  async function room(key: string, pace: Pace): Promise<void> {
    for (;;) {
      const wait = Math.max(limiter.wait(key, pace.windows, now()), pace.app ? limiter.wait(pace.app.key, pace.app.windows, now()) : 0);
      if (wait <= 0) break;
      if (wait > maxPace) throw new DeliveryError('throttled', `paced: no room under ${key}'s limits for ${Math.ceil(wait / 1000)} s`, wait);
      await sleep(wait);
    }
    limiter.record(key, pace.windows, now());
    if (pace.app) limiter.record(pace.app.key, pace.app.windows, now());
  }

  async function attempt<T>(key: string, pace: Pace, send: () => Promise<T>): Promise<T> {
    for (let tries = 0; ; tries++) {
      await room(key, pace);
      try {
        return await send();
      } catch (err) {
        const throttled = err instanceof DeliveryError && err.kind === 'throttled';
        // A 429 says how long; a transient refusal without Retry-After waits 1 s, 2 s, 4 s.
        const retryAfter = throttled ? (err.retryAfterMs ?? 1000 * 2 ** tries) : 0;
        if (!throttled || tries >= maxRetries || retryAfter > maxWait) throw err;
        await sleep(retryAfter);
      }
    }
  }

  return {
    run(key, p, send) {
      const pace = typeof p === 'number' ? intervalPace(p) : p;
      const previous = tails.get(key) ?? Promise.resolve();
      // The tail only orders sends per key: each caller sees its own send's failure, and the next send still goes.
      const result = previous.catch(() => undefined).then(() => attempt(key, pace, send));
      const tail = result.catch(() => undefined);
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    async idle() {
      while (tails.size > 0) await Promise.all([...tails.values()]);
    },
  };
}

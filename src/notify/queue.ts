/**
 * Per-conversation send queue: sends to one conversation one at a time, no faster than the
 * platform allows (Slack ~1/s per channel, Teams 7/s per conversation), and retries a platform
 * 429 after its Retry-After. Different conversations proceed in parallel.
 */
import { DeliveryError } from './types';

/** Options for createSendQueue. */
export interface SendQueueConfig {
  /** How many times a throttled send is retried before giving up on it for this cycle. */
  maxThrottleRetries?: number;
  /** Longest Retry-After honoured in-line; longer waits fail the send and the next cycle retries. */
  maxRetryAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** Serialises and paces sends per conversation key. */
export interface SendQueue {
  run<T>(key: string, minIntervalMs: number, send: () => Promise<T>): Promise<T>;
  /** Resolves when every queued send has finished. */
  idle(): Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref?.());

/** Creates a send queue. */
export function createSendQueue(config: SendQueueConfig = {}): SendQueue {
  const maxRetries = config.maxThrottleRetries ?? 3;
  const maxWait = config.maxRetryAfterMs ?? 60_000;
  const sleep = config.sleep ?? defaultSleep;
  const tails = new Map<string, Promise<unknown>>();
  const lastSent = new Map<string, number>();

  async function attempt<T>(key: string, minIntervalMs: number, send: () => Promise<T>): Promise<T> {
    for (let tries = 0; ; tries++) {
      const wait = (lastSent.get(key) ?? 0) + minIntervalMs - Date.now();
      if (wait > 0) await sleep(wait);
      lastSent.set(key, Date.now());
      try {
        return await send();
      } catch (err) {
        const throttled = err instanceof DeliveryError && err.kind === 'throttled';
        const retryAfter = throttled ? Math.max(err.retryAfterMs ?? 1000, minIntervalMs) : 0;
        if (!throttled || tries >= maxRetries || retryAfter > maxWait) throw err;
        await sleep(retryAfter);
      }
    }
  }

  return {
    run(key, minIntervalMs, send) {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.catch(() => undefined).then(() => attempt(key, minIntervalMs, send));
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

/** When and how long to wait before trying a Graph call again. */

/** Retry limits; tests pass small delays. */
export interface RetryConfig {
  /** Total attempts including the first. */
  maxAttempts: number;
  /** Base of the exponential backoff (full jitter). */
  baseDelayMs: number;
  /** Ceiling of one backoff wait. */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited out; the call fails as throttled. */
  maxRetryAfterSeconds: number;
}

/** Defaults for production use. */
export const DEFAULT_RETRY: RetryConfig = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 30_000, maxRetryAfterSeconds: 120 };

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, (at - now) / 1000);
}

/** Full-jitter exponential backoff: a random wait in [0, min(max, base·2^(attempt-1))]. */
export function backoffMs(attempt: number, config: RetryConfig, random = Math.random): number {
  const ceiling = Math.min(config.maxDelayMs, config.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(random() * ceiling);
}

/** Statuses worth another attempt. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 503 || status === 500 || status === 502 || status === 504;
}

/** Resolves after `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

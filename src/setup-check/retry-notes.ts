/**
 * The doctor rides out short throttling with the Graph client's own retries (src/graph/http.ts);
 * this logger hears the client's "will be retried" warnings and keeps them as past-tense notes,
 * so the admin reads that the doctor waited, and why, just before the check's verdict.
 */
import type { Logger } from '../log';

/** A Logger that collects the Graph client's retry waits; `take()` returns and clears them. */
export interface RetryNotes {
  logger: Logger;
  take(): string[];
}

const seconds = (ms: unknown) => (typeof ms === 'number' ? `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s` : 'a moment');

/** Creates the collector; everything but retry warnings is dropped (the doctor prints its own lines). */
export function createRetryNotes(): RetryNotes {
  let notes: string[] = [];
  const logger: Logger = {
    debug: () => undefined,
    info: () => undefined,
    error: () => undefined,
    warn(msg, ctx = {}) {
      const op = typeof ctx.operation === 'string' ? ctx.operation : 'Graph call';
      if (msg === 'Graph call will be retried') {
        const status = Number(ctx.status);
        const why = status === 429 || status === 503 ? `${status} (throttling)` : String(status);
        notes.push(`ℹ ${op}: Graph answered ${why}; waited ${seconds(ctx.delayMs)}${status === 429 || status === 503 ? ' as it asked' : ''} and tried again`);
      } else if (msg === 'Graph connection failed; retrying') {
        notes.push(`ℹ ${op}: ${String(ctx.reason ?? 'connection failed')}; waited ${seconds(ctx.delayMs)} and tried again`);
      }
    },
    child: () => logger,
  };
  return {
    logger,
    take() {
      const out = notes;
      notes = [];
      return out;
    },
  };
}

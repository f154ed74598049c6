/**
 * Per-process liveness for outbox claims. A process that claims outbox rows writes its holder id
 * and the time into `replica_heartbeats` every heartbeat interval while it runs; another drainer
 * may take a claim whose holder has not written for STALE_BEATS intervals. So a send that a
 * SIGKILLed replica had in flight is taken over within seconds, instead of when its claim expires
 * (twice the send time limit). A live holder keeps writing, so its claims hold as before.
 */

/** How often a process that claims outbox rows says it is alive (default). */
export const HEARTBEAT_MS = 5000;
/** Missed heartbeats after which a holder counts as gone and its claims are free to take. */
export const STALE_BEATS = 3;
/** Rows of processes silent this long are deleted; their claims expired long before. */
export const FORGET_AFTER_MS = 3600_000;

/** The heartbeat of one store instance (one process). */
export interface Heartbeat {
  /** Before a claim: makes sure this process's row is fresh (writes it when the last write is not), and keeps it beating. */
  fresh(): Promise<void>;
  /** How long a holder may stay silent before its claims are free (STALE_BEATS intervals). */
  readonly staleMs: number;
  /** Stops beating (the store closes); the row goes stale and the claims with it. */
  stop(): void;
}

/** Beats with `beat` every `everyMs` from the first claim on; a failed beat is retried at the next. */
export function createHeartbeat(beat: () => Promise<unknown>, everyMs = HEARTBEAT_MS): Heartbeat {
  let timer: NodeJS.Timeout | undefined;
  let lastOk = 0;
  let stopped = false;
  const once = async () => {
    const at = Date.now();
    await beat();
    lastOk = Math.max(lastOk, at);
  };
  return {
    staleMs: STALE_BEATS * everyMs,
    async fresh() {
      if (stopped) return;
      if (!timer) {
        timer = setInterval(() => void once().catch(() => undefined), everyMs);
        timer.unref();
      }
      // A claim is taken only with a heartbeat younger than one interval behind it, so a holder
      // whose beats fail (store unreachable from it) does not start sends others will think abandoned.
      if (Date.now() - lastOk > everyMs) await once();
    },
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

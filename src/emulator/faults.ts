/** Fault injection and per-route request counters, so retry paths are tested over real HTTP. */

/** Statuses a test may inject. */
export type FaultStatus = 429 | 503 | 500 | 502 | 504 | 412;

/** A queued fault answer. */
export interface Fault { status: FaultStatus; retryAfterSeconds: number }

/** The fault queue; `take()` is called once per Graph request. */
export interface Faults {
  inject(status: FaultStatus, count?: number, options?: { retryAfterSeconds?: number }): void;
  dropConnections(count?: number): void;
  /** Next `count` Graph requests wait `ms` before they are handled (a hung service). */
  hang(ms: number, count?: number): void;
  /** Next `count` token requests answer with this status (the identity provider in trouble). */
  injectToken(status: FaultStatus, count?: number): void;
  clear(): void;
  /** The fault for this request, if one is pending. */
  take(): Fault | undefined;
  /** True when this request's connection should be dropped. */
  takeDrop(): boolean;
  /** How long this request should hang first (0: not at all). */
  takeHang(): number;
  /** The fault for this token request, if one is pending. */
  takeToken(): Fault | undefined;
}

/** Creates an empty fault queue. */
export function createFaults(): Faults {
  const queue: Fault[] = [];
  const hangs: number[] = [];
  const tokenQueue: Fault[] = [];
  let drops = 0;
  return {
    inject(status, count = 1, options = {}) {
      for (let i = 0; i < count; i++) queue.push({ status, retryAfterSeconds: options.retryAfterSeconds ?? 1 });
    },
    dropConnections(count = 1) {
      drops += count;
    },
    hang(ms, count = 1) {
      for (let i = 0; i < count; i++) hangs.push(ms);
    },
    injectToken(status, count = 1) {
      for (let i = 0; i < count; i++) tokenQueue.push({ status, retryAfterSeconds: 1 });
    },
    clear() {
      queue.length = 0;
      hangs.length = 0;
      tokenQueue.length = 0;
      drops = 0;
    },
    takeHang: () => hangs.shift() ?? 0,
    takeToken: () => tokenQueue.shift(),
    take: () => queue.shift(),
    takeDrop() {
      if (drops <= 0) return false;
      drops--;
      return true;
    },
  };
}

/** Graph's error code and message for each injectable status. */
export const FAULT_ERRORS: Record<FaultStatus, { code: string; message: string }> = {
  429: { code: 'activityLimitReached', message: 'The request has been throttled. Retry after the number of seconds in the Retry-After header.' },
  503: { code: 'serviceNotAvailable', message: 'The service is temporarily unavailable. Retry after the number of seconds in the Retry-After header.' },
  500: { code: 'generalException', message: 'An unexpected error occurred on the server (injected fault).' },
  502: { code: 'badGateway', message: 'The gateway received an invalid response (injected fault).' },
  504: { code: 'gatewayTimeout', message: 'The gateway timed out (injected fault).' },
  412: { code: 'preconditionFailed', message: 'The provided If-Match header does not match the current ETag of the item (injected fault).' },
};

/**
 * Request counters keyed by route, e.g.
 *   `POST /token`, `GET openid-configuration`, `GET keys`,
 *   `GET SD_Tickets/items`, `GET SD_Tickets/items/{id}`, `GET SD_Tickets/items/{id}/fields`,
 *   `POST SD_Comments/items`,
 *   `PATCH SD_Tickets/items/{id}/fields`, `DELETE SD_Tickets/items/{id}`,
 *   `GET other` (any other Graph path). Unknown list names count under their own name.
 * Fault answers and errors count too: the key is what was asked, not how it ended.
 */
export interface Counters {
  get(route: string): number;
  all(): Record<string, number>;
  reset(): void;
  bump(route: string): void;
}

/** Creates zeroed counters. */
export function createCounters(): Counters {
  const m = new Map<string, number>();
  return {
    get: (route) => m.get(route) ?? 0,
    all: () => Object.fromEntries(m),
    reset: () => m.clear(),
    bump: (route) => void m.set(route, (m.get(route) ?? 0) + 1),
  };
}

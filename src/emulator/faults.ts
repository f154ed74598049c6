/** Fault injection and per-route request counters, so retry paths are tested over real HTTP. */

/** Statuses a test may inject. */
export type FaultStatus = 429 | 503 | 500 | 502 | 504 | 412;

/** A queued fault answer. */
export interface Fault { status: FaultStatus; retryAfterSeconds: number; /** Only requests counted under this route key (e.g. 'PUT upload-session'); undefined = any. */ route?: string }

/** The fault queue; `take()` is called once per Graph request. */
export interface Faults {
  inject(status: FaultStatus, count?: number, options?: { retryAfterSeconds?: number; route?: string }): void;
  dropConnections(count?: number): void;
  /** Next `count` Graph requests (of `route` only, when given) wait `ms` before they are handled (a hung service). */
  hang(ms: number, count?: number, route?: string): void;
  /** Next `count` token requests answer with this status (the identity provider in trouble). */
  injectToken(status: FaultStatus, count?: number): void;
  clear(): void;
  /** The fault for this request (counted under `route`), if one is pending. */
  take(route?: string): Fault | undefined;
  /** True when this request's connection should be dropped. */
  takeDrop(): boolean;
  /** How long this request (counted under `route`) should hang first (0: not at all). */
  takeHang(route?: string): number;
  /** The fault for this token request, if one is pending. */
  takeToken(): Fault | undefined;
}

/** Creates an empty fault queue. */
export function createFaults(): Faults {
  const queue: Fault[] = [];
  const hangs: { ms: number; route?: string }[] = [];
  const first = <T extends { route?: string }>(list: T[], route?: string): T | undefined => {
    const at = list.findIndex((f) => f.route === undefined || f.route === route);
    return at < 0 ? undefined : list.splice(at, 1)[0];
  };
  const tokenQueue: Fault[] = [];
  let drops = 0;
  return {
    inject(status, count = 1, options = {}) {
      for (let i = 0; i < count; i++) queue.push({ status, retryAfterSeconds: options.retryAfterSeconds ?? 1, route: options.route });
    },
    dropConnections(count = 1) {
      drops += count;
    },
    hang(ms, count = 1, route) {
      for (let i = 0; i < count; i++) hangs.push({ ms, route });
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
    takeHang: (route) => first(hangs, route)?.ms ?? 0,
    takeToken: () => tokenQueue.shift(),
    take: (route) => first(queue, route),
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
  /** Most Graph requests in flight at once since the last reset: 2 when a client ran two reads in parallel. */
  peakInFlight(): number;
  reset(): void;
  bump(route: string): void;
  /** Marks a Graph request as started; call the returned function when it has been answered. */
  begin(): () => void;
  /** Charges a Graph request's resource units (SharePoint's throttling currency). */
  charge(units: number): void;
  /** Resource units charged since the last reset, and the most charged in any 60 s window. */
  ru(): ResourceUnits;
}

/** Resource units used, as SharePoint counts them toward an app's per-minute budget. */
export interface ResourceUnits { total: number; maxPerMinute: number }

/**
 * What one Graph request costs, after SharePoint's published table: reading one item 1, a page
 * of a list (any size) 2, creating, changing or deleting an item 2.
 */
export function resourceUnits(method: string, single: boolean): number {
  return method === 'GET' && single ? 1 : 2;
}

/** Creates zeroed counters. */
export function createCounters(): Counters {
  const m = new Map<string, number>();
  let inFlight = 0;
  let peak = 0;
  // The last minute's charges, oldest first, for the sliding-window maximum.
  let window: { at: number; units: number }[] = [];
  let inWindow = 0;
  let total = 0;
  let maxPerMinute = 0;
  return {
    get: (route) => m.get(route) ?? 0,
    all: () => Object.fromEntries(m),
    peakInFlight: () => peak,
    reset: () => {
      m.clear();
      peak = inFlight;
      window = [];
      inWindow = total = maxPerMinute = 0;
    },
    charge(units) {
      const now = Date.now();
      let drop = 0;
      while (drop < window.length && window[drop].at <= now - 60_000) inWindow -= window[drop++].units;
      if (drop > 0) window = window.slice(drop);
      window.push({ at: now, units });
      inWindow += units;
      total += units;
      maxPerMinute = Math.max(maxPerMinute, inWindow);
    },
    ru: () => ({ total, maxPerMinute }),
    bump: (route) => void m.set(route, (m.get(route) ?? 0) + 1),
    begin() {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      let done = false;
      return () => {
        if (!done) inFlight -= 1;
        done = true;
      };
    },
  };
}

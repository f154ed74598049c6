/** Typed Graph failures. toGraphError (src/graph/map-error.ts) is the one place that makes them. */

export type GraphErrorKind =
  | 'auth' //           401 from Graph after one fresh token, or a token endpoint failure
  | 'secret-rejected' // identity provider says the client secret is wrong or expired (7000215/7000222)
  | 'forbidden' //      403: the site is not the one granted (Sites.Selected)
  | 'not-found' //      404: list or item does not exist
  | 'conflict' //       409/412: etag mismatch; the caller refetches and decides
  | 'throttled' //      429/503 still failing after the bounded Retry-After waits
  | 'server' //         5xx still failing after backoff
  | 'network' //        connection refused/reset/timeout after backoff
  | 'bad-request'; //   400 and anything else

export interface GraphErrorInit {
  kind: GraphErrorKind;
  status?: number;
  /** Graph's `error.code`, e.g. `itemNotFound`. */
  code?: string;
  message: string;
  /** The message without the operation in front (and without the request-id): what went wrong, for fix lines. */
  detail?: string;
  /** The identity provider's AADSTS code (e.g. AADSTS7000215), when it gave one. */
  aadstsCode?: string;
  /** Graph's `error.innerError.request-id`, for support. */
  requestId?: string;
  /** What we were doing, e.g. `GET SD_Tickets/items/42`. */
  operation: string;
  /** How long the server asked us to wait (429/503 Retry-After), when it said. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** A Graph failure with Graph's code, message and request-id kept. */
export class GraphError extends Error {
  readonly kind: GraphErrorKind;
  readonly status?: number;
  readonly code?: string;
  readonly requestId?: string;
  readonly operation: string;
  readonly retryAfterSeconds?: number;
  /** What went wrong without the operation (`message` is "<operation>: <detail>"). */
  readonly detail: string;
  readonly aadstsCode?: string;

  constructor(init: GraphErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = 'GraphError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.operation = init.operation;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.detail = init.detail ?? init.message;
    this.aadstsCode = init.aadstsCode;
  }
}

/** True when `err` is a GraphError of the given kind. */
export function isGraphError(err: unknown, kind?: GraphErrorKind): err is GraphError {
  return err instanceof GraphError && (kind === undefined || err.kind === kind);
}

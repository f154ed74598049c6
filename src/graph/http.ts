/**
 * Sends one Graph call: bearer token, JSON body, bounded retries (Retry-After on 429/503, full-jitter
 * backoff on 5xx and dropped connections), one fresh token after a 401. Every failure leaves
 * through toGraphError; log lines carry operation, status and request-id, never the token.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../log';
import { GraphError } from './errors';
import { toGraphError, type ErrorContext } from './map-error';
import { connectionFailureReason } from './network-client';
import { backoffMs, isRetryableStatus, parseRetryAfter, sleep, type RetryConfig } from './retry';
import type { TokenSource } from './token';

/** One call to Graph. */
export interface GraphRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Absolute URL on the configured Graph host (or an upload session's own URL, `anonymous`). */
  url: string;
  /** e.g. `GET SD_Tickets/items/42`; names the call in logs and errors. */
  operation: string;
  body?: unknown;
  /** Raw bytes instead of a JSON body (file content; at most one upload fragment, never a whole large file). */
  bytes?: { data: Uint8Array<ArrayBuffer>; contentType: string };
  /** A pre-authenticated upload URL: no bearer token is sent (it may be on another host). */
  anonymous?: boolean;
  headers?: Record<string, string>;
  context?: ErrorContext;
  /** An error kind that is an ordinary answer here (a ticket's folder not made yet): thrown, not logged. */
  expected?: 'not-found';
}

/** A successful answer; `body` is undefined for 204. */
export interface GraphResponse {
  status: number;
  body: unknown;
}

/** Sends Graph requests with auth, retries and error mapping. */
export interface GraphHttp {
  send(request: GraphRequest): Promise<GraphResponse>;
}

/** Options for createGraphHttp. */
export interface GraphHttpConfig {
  tokens: TokenSource;
  retry: RetryConfig;
  logger: Logger;
  siteId: string;
  /** Per-attempt time limit. */
  timeoutMs?: number;
}

type Outcome =
  | { kind: 'answer'; status: number; headers: Headers; text: string }
  | { kind: 'no-answer'; reason: string; error: unknown };

async function attempt(request: GraphRequest, token: string | undefined, timeoutMs: number): Promise<Outcome> {
  const headers: Record<string, string> = { ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }), Accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (request.bytes) headers['Content-Type'] = request.bytes.contentType;
  if (request.bytes) headers['Content-Length'] = String(request.bytes.data.length);
  try {
    const res = await fetch(request.url, {
      method: request.method,
      headers,
      // Bytes go as a stream of the caller's own buffer: fetch copies a buffer body, which for file fragments is megabytes of garbage per call.
      body: request.bytes ? bytesStream(request.bytes.data) : request.body === undefined ? undefined : JSON.stringify(request.body),
      ...(request.bytes ? { duplex: 'half' } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    } as RequestInit);
    // Reading the body inside the try: a connection dropped mid-body is a connection failure too.
    const text = await res.text();
    return { kind: 'answer', status: res.status, headers: res.headers, text };
  } catch (error) {
    const reason = (error as Error)?.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : connectionFailureReason(error);
    return { kind: 'no-answer', reason, error };
  }
}

/** A one-piece stream over `data`, made anew for each attempt (a stream is read once). */
function bytesStream(data: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream({
    pull(controller) {
      controller.enqueue(data);
      controller.close();
    },
  });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON (a gateway's page): kept as text for the error mapper to quote.
    return text;
  }
}

/** Creates the request sender used by the Graph client. */
export function createGraphHttp(config: GraphHttpConfig): GraphHttp {
  const baseLog = config.logger.child({ component: 'graph' });
  const timeoutMs = config.timeoutMs ?? 60_000;
  const { retry } = config;

  async function send(request: GraphRequest): Promise<GraphResponse> {
    // Graph echoes client-request-id; one id for all attempts of a call ties the log lines together.
    const clientRequestId = randomUUID();
    request = { ...request, headers: { 'client-request-id': clientRequestId, ...request.headers } };
    const log = baseLog.child({ clientRequestId });
    const context: ErrorContext = { siteId: config.siteId, ...request.context };
    const origin = new URL(request.url).origin;
    let tries = 0;
    let forceToken = false;
    let refreshedAfter401 = false;
    for (;;) {
      tries += 1;
      let token: string | undefined;
      try {
        token = request.anonymous ? undefined : await config.tokens.getToken({ forceRefresh: forceToken });
      } catch (err) {
        // The identity provider throttled, failed or could not be reached: back off like any Graph call.
        const transient = err instanceof GraphError && (err.kind === 'throttled' || err.kind === 'server' || err.kind === 'network');
        const wait = err instanceof GraphError ? err.retryAfterSeconds : undefined;
        if (!transient || tries >= retry.maxAttempts || (wait ?? 0) > retry.maxRetryAfterSeconds) throw err;
        // MSAL refuses to ask again before the identity provider's Retry-After has passed.
        const delayMs = Math.max(backoffMs(tries, retry), Math.ceil((wait ?? 0) * 1000));
        log.warn('token request failed; retrying', { operation: request.operation, kind: err.kind, attempt: tries, delayMs });
        await sleep(delayMs);
        continue;
      }
      forceToken = false;
      const out = await attempt(request, token, timeoutMs);

      if (out.kind === 'no-answer') {
        // A POST may have landed before the connection broke; repeating it could file a ticket twice.
        const safe = request.method !== 'POST' || out.reason === 'ECONNREFUSED';
        if (safe && tries < retry.maxAttempts) {
          const delayMs = backoffMs(tries, retry);
          log.warn('Graph connection failed; retrying', { operation: request.operation, reason: out.reason, attempt: tries, delayMs });
          await sleep(delayMs);
          continue;
        }
        const err = toGraphError(0, undefined, request.operation, undefined, { ...context, origin, reason: out.reason, attempts: tries, cause: out.error });
        log.error('Graph call failed', { operation: request.operation, kind: err.kind, reason: out.reason, attempts: tries });
        throw err;
      }

      const { status, headers, text } = out;
      if (status >= 200 && status < 300) return { status, body: status === 204 ? undefined : parseJson(text) };
      const requestId = headers.get('request-id') ?? undefined;

      if (status === 401 && !refreshedAfter401 && !request.anonymous) {
        // The cached token may have been revoked early; one fresh token, one more try.
        refreshedAfter401 = true;
        forceToken = true;
        tries -= 1;
        log.warn('Graph answered 401; retrying once with a fresh token', { operation: request.operation, status, requestId });
        continue;
      }

      if (isRetryableStatus(status) && tries < retry.maxAttempts) {
        const retryAfter = status === 429 || status === 503 ? parseRetryAfter(headers.get('retry-after')) : undefined;
        if (retryAfter !== undefined && retryAfter > retry.maxRetryAfterSeconds) {
          const err = toGraphError(status, parseJson(text), request.operation, headers, { ...context, attempts: tries, retryAfterSeconds: retryAfter });
          log.error('Graph call failed', { operation: request.operation, status, requestId: err.requestId, retryAfterSeconds: retryAfter });
          throw err;
        }
        const delayMs = retryAfter !== undefined ? Math.ceil(retryAfter * 1000) : backoffMs(tries, retry);
        log.warn('Graph call will be retried', { operation: request.operation, status, requestId, attempt: tries, delayMs });
        await sleep(delayMs);
        continue;
      }

      const err = toGraphError(status, parseJson(text), request.operation, headers, { ...context, attempts: tries });
      // Conflicts and missing items are answers the caller handles, not failures of the bot.
      const level = err.kind === request.expected ? 'debug' : err.kind === 'conflict' || err.kind === 'not-found' ? 'info' : 'error';
      log[level]('Graph call failed', { operation: request.operation, status, kind: err.kind, code: err.code, requestId: err.requestId });
      throw err;
    }
  }

  return { send };
}

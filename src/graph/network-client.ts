/**
 * MSAL's network module, implemented with fetch. It lets MSAL talk to a loopback identity
 * provider (the embedded site) even though MSAL accepts only https authorities, and it counts
 * the token requests that really go out on the wire.
 */
import type { INetworkModule, NetworkRequestOptions, NetworkResponse } from '@azure/msal-node';

/** MSAL's AuthError, loaded with MSAL (only MSAL calls this client, so it is loaded by then). */
async function authError(code: string, message: string): Promise<Error> {
  const { AuthError } = await import('@azure/msal-node');
  return new AuthError(code, message);
}

/** A fetch-based MSAL network module that also counts token POSTs. */
export interface CountingNetworkClient extends INetworkModule {
  /** Token endpoint requests sent so far. */
  readonly tokenRequests: number;
  /** The last connection failure, kept so a vague MSAL error can be explained. */
  readonly lastFailure?: { url: string; reason: string };
  /** The last refused discovery request (e.g. unknown tenant); MSAL reports it only as "endpoints cannot be resolved". */
  readonly lastRefusal?: { status: number; description: string };
  /** The last token answer that was throttling or a server error; MSAL reports it without its status. */
  readonly lastTokenTrouble?: { status: number; retryAfterSeconds?: number };
}

/** True for hosts that only ever mean "this machine". */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]' || hostname === '::1';
}

/** Why a fetch failed, in words an admin can act on (ECONNREFUSED, ENOTFOUND…). */
export function connectionFailureReason(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code) return cause.code;
  if (cause?.message) return cause.message;
  return err instanceof Error ? err.message : String(err);
}

function describeRefusal(body: unknown, status: number): string {
  const b = (body ?? {}) as { error?: unknown; error_description?: unknown };
  if (typeof b.error_description === 'string') return b.error_description;
  const nested = b.error as { message?: unknown } | undefined;
  if (nested && typeof nested.message === 'string') return nested.message;
  return typeof b.error === 'string' ? b.error : `HTTP ${status}`;
}

function renameOrigin(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') return value === from || value.startsWith(`${from}/`) ? to + value.slice(from.length) : value;
  if (Array.isArray(value)) return value.map((v) => renameOrigin(v, from, to));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renameOrigin(v, from, to)]));
  }
  return value;
}

/**
 * Builds the network module. `loopbackOrigin` is the `http://host:port` of a loopback identity
 * provider: MSAL is given `https://host:port` and this module rewrites it back, for that origin only.
 */
export function createNetworkClient(loopbackOrigin?: string): CountingNetworkClient {
  let tokenRequests = 0;
  let lastFailure: { url: string; reason: string } | undefined;
  let lastRefusal: { status: number; description: string } | undefined;
  let lastTokenTrouble: { status: number; retryAfterSeconds?: number } | undefined;
  const httpsTwin = loopbackOrigin ? loopbackOrigin.replace(/^http:/, 'https:') : undefined;

  const toWire = (url: string): string =>
    httpsTwin && loopbackOrigin && (url === httpsTwin || url.startsWith(`${httpsTwin}/`))
      ? loopbackOrigin + url.slice(httpsTwin.length)
      : url;

  async function send<T>(method: 'GET' | 'POST', url: string, options?: NetworkRequestOptions, timeout?: number): Promise<NetworkResponse<T>> {
    const wire = toWire(url);
    if (method === 'POST') tokenRequests += 1;
    let response: Response;
    try {
      response = await fetch(wire, {
        method,
        headers: options?.headers,
        body: method === 'POST' ? options?.body ?? '' : undefined,
        signal: AbortSignal.timeout(timeout ?? 30_000),
      });
    } catch (err) {
      const reason = connectionFailureReason(err);
      lastFailure = { url: new URL(wire).origin, reason };
      // An AuthError passes through MSAL unchanged, so the reason reaches our error mapper.
      throw await authError('network_error', `cannot reach ${new URL(wire).origin}: ${reason}`);
    }
    lastFailure = undefined;
    const headers: Record<string, string> = {};
    response.headers.forEach((v, k) => (headers[k] = v));
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      // Not JSON (a proxy's page): said as the token parsing error MSAL would report.
      throw await authError('token_parsing_error', `${new URL(wire).origin} answered ${response.status} with a body that is not JSON`);
    }
    if (method === 'POST') {
      const wait = Number(response.headers.get('retry-after'));
      lastTokenTrouble = response.status === 429 || response.status >= 500 ? { status: response.status, retryAfterSeconds: Number.isFinite(wait) && wait > 0 ? wait : undefined } : undefined;
    }
    if (method === 'GET') lastRefusal = response.ok ? undefined : { status: response.status, description: describeRefusal(body, response.status) };
    // MSAL checks the discovery document's issuer and endpoints against the https authority it was
    // given, so the loopback origin is shown to it under its https name.
    if (method === 'GET' && loopbackOrigin && httpsTwin) body = renameOrigin(body, loopbackOrigin, httpsTwin);
    return { headers, body: body as T, status: response.status };
  }

  return {
    sendGetRequestAsync: (url, options, timeout) => send('GET', url, options, timeout),
    sendPostRequestAsync: (url, options) => send('POST', url, options),
    get tokenRequests() {
      return tokenRequests;
    },
    get lastFailure() {
      return lastFailure;
    },
    get lastRefusal() {
      return lastRefusal;
    },
    get lastTokenTrouble() {
      return lastTokenTrouble;
    },
  };
}

/** The one place that turns a failed Graph or token call into a GraphError with a message an admin can act on. */
import { GraphError, type GraphErrorKind } from './errors';

/** What we knew about the call when it failed; all optional. */
export interface ErrorContext {
  list?: string;
  itemId?: string;
  siteId?: string;
  /** Attempts made before giving up (for 429/5xx/network). */
  attempts?: number;
  cause?: unknown;
  /** 'token' when the identity provider answered rather than Graph. */
  source?: 'graph' | 'token';
  /** Origin of the endpoint, named in "cannot reach" messages. */
  origin?: string;
  /** The secret came from HELPDESK_CLIENT_SECRET_FILE (changes apply without restart). */
  secretFromFile?: boolean;
  /** Reason a connection failed (ECONNREFUSED…), for status 0. */
  reason?: string;
  /** Graph asked to wait this long, beyond what we are willing to wait. */
  retryAfterSeconds?: number;
  /** A failure on our side before any request (e.g. unreadable secret file); becomes an 'auth' error with this text. */
  localProblem?: string;
}

type HeaderSource = Headers | Record<string, string | undefined> | undefined;

interface Parsed {
  code?: string;
  message?: string;
  requestId?: string;
}

const SECRET_REJECTED = /AADSTS7000215|AADSTS7000222|\b7000215\b|\b7000222\b/;

/** True when an identity-provider answer says the client secret is wrong or expired. */
export function isSecretRejection(text: string): boolean {
  return SECRET_REJECTED.test(text);
}

/** The AADSTS code in the identity provider's answer (it is only ever given in the text). */
function aadstsCode(p: Parsed): string | undefined {
  return /AADSTS\d+/.exec(p.message ?? '')?.[0];
}

function header(headers: HeaderSource, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key ? headers[key] : undefined;
}

function parseBody(body: unknown, headers: HeaderSource): Parsed {
  let data = body;
  if (typeof body === 'string') {
    try {
      data = JSON.parse(body);
    } catch {
      // A body that is not JSON (a proxy's or gateway's page): its start is kept as the message.
      data = { error: { message: body.slice(0, 300) } };
    }
  }
  const obj = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const out: Parsed = {};
  const err = obj.error;
  if (err && typeof err === 'object') {
    const e = err as Record<string, unknown>;
    if (typeof e.code === 'string') out.code = e.code;
    if (typeof e.message === 'string') out.message = e.message;
    const inner = (e.innerError ?? e.innererror) as Record<string, unknown> | undefined;
    if (inner && typeof inner['request-id'] === 'string') out.requestId = inner['request-id'];
  } else if (typeof err === 'string') {
    // OAuth token endpoint shape: { error, error_description, error_codes }
    out.code = err;
    if (typeof obj.error_description === 'string') out.message = obj.error_description;
  }
  out.requestId ??= header(headers, 'request-id') ?? header(headers, 'x-ms-request-id') ?? header(headers, 'client-request-id');
  return out;
}

function kindFor(status: number, source: 'graph' | 'token', text: string): GraphErrorKind {
  if (status === 0) return 'network';
  if (source === 'token') return isSecretRejection(text) ? 'secret-rejected' : status === 429 || status === 503 ? 'throttled' : status >= 500 ? 'server' : 'auth';
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409 || status === 412) return 'conflict';
  if (status === 429 || status === 503) return 'throttled';
  if (status >= 500) return 'server';
  return 'bad-request';
}

function notFoundText(ctx: ErrorContext, graphMessage: string): string {
  const list = ctx.list ?? 'the list';
  // Graph answers itemNotFound for a missing list and a missing item alike, so no code or status tells them
  // apart: its message is the only witness. It words the explanation only; nothing the bot does depends on it
  // (the kind, 'not-found', comes from the status).
  const listMissing = ctx.itemId === undefined || (/\blist\b/i.test(graphMessage) && !/\bitem\b/i.test(graphMessage));
  return listMissing ? `list ${list} not found — check the list name (e.g. SD_Tickets, not Tickets)` : `item ${ctx.itemId} not found in ${list}`;
}

function secretText(ctx: ErrorContext, code: string): string {
  const where = ctx.secretFromFile
    ? 'then write the new value to the file named by HELPDESK_CLIENT_SECRET_FILE (picked up on the next call, no restart)'
    : 'then update HELPDESK_CLIENT_SECRET, or better point HELPDESK_CLIENT_SECRET_FILE at a file holding it so a rotation needs no restart';
  return (
    `the identity provider rejected the client secret (${code}: wrong, expired or rotated) — ` +
    `rotate the secret in the help-desk admin screen (Integrations › Public API › Rotate secret), ${where}`
  );
}

function describe(kind: GraphErrorKind, status: number, p: Parsed, ctx: ErrorContext): string {
  const said = p.message ? ` Graph said: "${p.message}"` : '';
  const tries = ctx.attempts && ctx.attempts > 1 ? ` after ${ctx.attempts} attempts` : '';
  switch (kind) {
    case 'network':
      return `cannot reach ${ctx.origin ?? 'Graph'}: ${ctx.reason ?? 'connection failed'}${tries}`;
    case 'secret-rejected':
      return secretText(ctx, aadstsCode(p) ?? 'AADSTS7000215');
    case 'auth':
      return ctx.source === 'token'
        ? `the identity provider refused a token (${status || 'no status'}${p.code ? ` ${p.code}` : ''}): ${p.message ?? 'no reason given'}`
        : `Graph rejected the access token (401) even after a fresh one — check the app registration and its Sites.Selected grant.${said}`;
    case 'forbidden':
      return `403: this app has no Sites.Selected grant on site ${ctx.siteId ?? '(unknown)'} — check HELPDESK_SITE_ID is the site from setup, or grant the app on that site.${said}`;
    case 'not-found':
      return `404: ${notFoundText(ctx, p.message ?? '')}.${said}`;
    case 'conflict':
      return `${status}: ${ctx.itemId ? `item ${ctx.itemId} in ${ctx.list}` : 'the item'} was changed by someone else — refetch it and decide again.${said}`;
    case 'throttled':
      if (ctx.source === 'token') return `${status}: the identity provider is throttling or unavailable${tries} — try again later.${said}`;
      return ctx.retryAfterSeconds !== undefined
        ? `${status}: Graph is throttling and asked to wait ${ctx.retryAfterSeconds}s, longer than we wait — try again later.${said}`
        : `${status}: Graph is still throttling${tries} — try again later.${said}`;
    case 'server':
      return `${status}: ${ctx.source === 'token' ? 'the identity provider' : 'Graph'} failed${tries}.${said}`;
    default: {
      // SharePoint's list view threshold: the fix is an index on the list, not a change in the bot.
      const column = /Field '([^']+)' cannot be referenced in filter or orderby as it is not indexed/.exec(p.message ?? '')?.[1];
      if (column) {
        return `${status}: ${ctx.list ?? 'the list'} has more than 5,000 items and its column ${column} is not indexed, so SharePoint refuses to filter or order on it — ` +
          `index ${column} (${ctx.list ?? 'the list'} › List settings › Indexed columns); \`npm run doctor\` names every column the bot needs indexed.${said}`;
      }
      return `${status}: Graph refused the request.${said}`;
    }
  }
}

/** Turns a failed call's status (0 = no answer), body and headers into a GraphError; never includes the token. */
export function toGraphError(status: number, body: unknown, operation: string, headers?: HeaderSource, context: ErrorContext = {}): GraphError {
  const p = parseBody(body, headers);
  if (context.localProblem) {
    return new GraphError({ kind: 'auth', message: `${operation}: ${context.localProblem}`, detail: context.localProblem, operation, cause: context.cause });
  }
  const kind = kindFor(status, context.source ?? 'graph', `${p.code ?? ''} ${p.message ?? ''}`);
  const rid = p.requestId ? ` (request-id ${p.requestId})` : '';
  const detail = describe(kind, status, p, context);
  return new GraphError({
    kind,
    status: status || undefined,
    code: p.code,
    message: `${operation}: ${detail}${rid}`,
    detail,
    aadstsCode: context.source === 'token' ? aadstsCode(p) : undefined,
    requestId: p.requestId,
    operation,
    retryAfterSeconds: context.retryAfterSeconds,
    cause: context.cause,
  });
}

/**
 * Bot Connector authentication in front of botbuilder's turn processing, so that a refused request
 * never gets a 500 carrying botbuilder's internals: a token that cannot be valid (none, not a JWT,
 * not RS-signed) is refused with 401 before any signing key is fetched; a token that needs the Bot
 * Framework's signing keys while they cannot be fetched gets 503 (try again later). The cause goes
 * to the log; the token never does.
 */
import type { Activity, ConfigurationBotFrameworkAuthentication } from 'botbuilder';
import type { Logger } from '../../log';

/** What botbuilder's processActivity takes instead of the header once the request is authenticated. */
export type AuthenticateRequestResult = Awaited<ReturnType<ConfigurationBotFrameworkAuthentication['authenticateRequest']>>;

/** The verdict on one request: go on with botbuilder, or answer with this status and plain body. */
export type Authenticated = { ok: true; result: AuthenticateRequestResult } | { ok: false; status: 401 | 503; body: string };

/** Signing algorithms the Bot Framework accepts (AuthenticationConstants.AllowedSigningAlgorithms). */
const ALGORITHMS = new Set(['RS256', 'RS384', 'RS512']);
/** The keys are fetched without a time limit by botbuilder; a caller waits at most this long. */
const KEY_WAIT_MS = 10_000;
const JWT_ERRORS = new Set(['JsonWebTokenError', 'TokenExpiredError', 'NotBeforeError']);

const UNAUTHORIZED = 'Unauthorized: the request does not carry a valid Bot Connector token.';
const UNAVAILABLE = 'The bot cannot check Bot Connector tokens right now; try again later.';

/** Why the Authorization header cannot hold a valid Bot Connector token, judged without any key; undefined when it may. */
export function tokenProblem(header: string): string | undefined {
  const match = /^Bearer ([^\s]+)$/.exec(header.trim());
  if (!match) return header.trim() ? 'the Authorization header is not "Bearer <token>"' : 'no Authorization header';
  const parts = match[1].split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p)) || !parts[2]) return 'the token is not a signed JWT';
  let alg: unknown;
  try {
    alg = (JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')) as { alg?: unknown }).alg;
    JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    // Not base64url JSON: a malformed token, refused before any key is fetched.
    return 'the token is not a JWT (its header or payload is not JSON)';
  }
  if (typeof alg !== 'string' || !ALGORITHMS.has(alg)) return `the token's algorithm ${JSON.stringify(alg)} is not one the Bot Framework signs with`;
  return undefined;
}

/** The error's message and code, for the log (botbuilder's and node-fetch's errors carry no token). */
function causeOf(err: unknown): string {
  const e = err as { message?: unknown; code?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return typeof e?.code === 'string' && !message.includes(e.code) ? `${message} (${e.code})` : message;
}

/**
 * True when the error means the token could not be checked now: the signing keys (or the OpenID
 * document naming them) could not be fetched (node-fetch's FetchError, our key wait), or botbuilder
 * said so with its 500 status (its key host answered an error). Decided by name and status, never
 * by the message's wording.
 */
function keysUnreachable(err: unknown): boolean {
  const e = err as { name?: unknown; statusCode?: unknown };
  if (e?.name === 'FetchError' || e?.name === 'KeyWaitTimeout') return true;
  return e?.statusCode === 500;
}

/** Whether the error is botbuilder's or jsonwebtoken's verdict that the token is not valid. */
function refusedToken(err: unknown): boolean {
  const e = err as { name?: unknown; statusCode?: unknown };
  return e?.statusCode === 401 || (typeof e?.name === 'string' && JWT_ERRORS.has(e.name));
}

function withinKeyWait<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`no answer from the signing-key host within ${KEY_WAIT_MS / 1000} s`), { name: 'KeyWaitTimeout' })), KEY_WAIT_MS);
    timer.unref();
  });
  // The race below reports the failure; this keeps a late rejection (after the wait ran out) from being unhandled.
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Authenticates one request with botbuilder's own rules (`local`: no MicrosoftAppId, nothing to
 * check). Throws only what is neither a refused token nor unreachable keys.
 */
export async function authenticate(
  auth: ConfigurationBotFrameworkAuthentication,
  activity: Activity,
  header: string,
  local: boolean,
  logger: Logger,
): Promise<Authenticated> {
  const refuse = (reason: string, error?: unknown): Authenticated => {
    logger.warn('Refused a Teams request: no valid Bot Connector token', { reason, activityId: activity.id, ...(error ? { cause: causeOf(error) } : {}) });
    return { ok: false, status: 401, body: UNAUTHORIZED };
  };
  if (!local) {
    const problem = tokenProblem(header);
    if (problem) return refuse(problem);
  }
  try {
    return { ok: true, result: await withinKeyWait(auth.authenticateRequest(activity, header)) };
  } catch (err) {
    if (keysUnreachable(err)) {
      logger.error('Could not check a Teams request: the Bot Framework signing keys cannot be fetched; answered 503', { activityId: activity.id, cause: causeOf(err) });
      return { ok: false, status: 503, body: UNAVAILABLE };
    }
    if (refusedToken(err)) return refuse('botbuilder refused the token', err);
    throw err;
  }
}

/** The request body as botbuilder's own `process` hands it on: timestamps as Dates, the raw text kept. */
export function activityOf(body: Record<string, unknown>): Activity {
  const activity = body as unknown as Activity & Record<string, unknown>;
  for (const [field, raw] of [['timestamp', 'rawTimestamp'], ['expiration', 'rawExpiration'], ['localTimestamp', 'rawLocalTimestamp']] as const) {
    const value = activity[field];
    if (typeof value === 'string') {
      activity[raw] = value;
      activity[field] = new Date(value);
    }
  }
  return activity;
}

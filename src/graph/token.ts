/**
 * App-only tokens through msal-node (client credentials). MSAL's cache serves repeat calls and
 * renews a token 5 minutes before it expires; a rotated secret file is picked up without restart.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
// Types only: msal-node is loaded with the first token request, not at start-up.
import type { ConfidentialClientApplication } from '@azure/msal-node';
import type { Logger } from '../log';
import { GraphError } from './errors';
import { toGraphError, isSecretRejection } from './map-error';
import { createNetworkClient, isLoopbackHost, type CountingNetworkClient } from './network-client';

/** Where the client secret comes from: inline, or a file re-read when the secret is rejected. */
export type SecretSource = { kind: 'inline'; value: string } | { kind: 'file'; path: string };

/** Options for createTokenSource. */
export interface TokenSourceConfig {
  authUrl: string;
  graphUrl: string;
  tenantId: string;
  clientId: string;
  secret: SecretSource;
  logger: Logger;
}

/** Hands out bearer tokens for Graph; one cached token per (tenant, client, scope). */
export interface TokenSource {
  /** A valid token; `forceRefresh` skips the cache (after Graph answered 401). */
  getToken(options?: { forceRefresh?: boolean }): Promise<string>;
  /** Token endpoint requests actually sent. */
  readonly tokenRequests: number;
}

const OPERATION = 'POST token';

interface MsalFailure {
  errorCode?: string;
  errorMessage?: string;
  subError?: string;
  errorNo?: string;
  status?: number;
  message?: string;
}

/** Creates the token source; nothing is requested until the first getToken. */
export function createTokenSource(config: TokenSourceConfig): TokenSource {
  const auth = new URL(config.authUrl);
  const loopbackHttp = auth.protocol === 'http:' && isLoopbackHost(auth.hostname);
  if (auth.protocol !== 'https:' && !loopbackHttp) {
    throw new RangeError(`authUrl must be https (or http on a loopback host), got ${config.authUrl}`);
  }
  // msal-node refuses http authorities; a loopback identity provider is shown to it as https.
  const authorityBase = loopbackHttp ? `https://${auth.host}${auth.pathname.replace(/\/+$/, '')}` : config.authUrl.replace(/\/+$/, '');
  const scope = `${config.graphUrl.replace(/\/+$/, '')}/.default`;
  const network: CountingNetworkClient = createNetworkClient(loopbackHttp ? auth.origin : undefined);
  const log = config.logger.child({ component: 'graph-token' });

  let currentSecret: string | undefined;
  let app: ConfidentialClientApplication | undefined;
  let inFlight: { promise: Promise<string>; forced: boolean } | undefined;

  async function readSecret(): Promise<string> {
    if (config.secret.kind === 'inline') return config.secret.value;
    try {
      return (await readFile(config.secret.path, 'utf8')).trim();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
      throw toGraphError(0, undefined, OPERATION, undefined, {
        localProblem: `cannot read the client secret file ${config.secret.path} (${code}) — check HELPDESK_CLIENT_SECRET_FILE and the file's permissions`,
        cause: err,
      });
    }
  }

  async function build(secret: string): Promise<ConfidentialClientApplication> {
    const { ConfidentialClientApplication, LogLevel } = await import('@azure/msal-node');
    return new ConfidentialClientApplication({
      auth: {
        clientId: config.clientId,
        clientSecret: secret,
        authority: `${authorityBase}/${config.tenantId}`,
        // Never ask another host for instance discovery.
        knownAuthorities: [auth.host],
      },
      system: {
        networkClient: network,
        loggerOptions: { logLevel: LogLevel.Error, piiLoggingEnabled: false, loggerCallback: () => undefined },
      },
    });
  }

  async function client(): Promise<ConfidentialClientApplication> {
    if (!app) {
      currentSecret = await readSecret();
      app = await build(currentSecret);
    }
    return app;
  }

  async function acquire(app: ConfidentialClientApplication, forceRefresh: boolean): Promise<string> {
    const result = await app.acquireTokenByClientCredential({ scopes: [scope], skipCache: forceRefresh });
    if (!result?.accessToken) throw new Error('the identity provider returned no access token');
    return result.accessToken;
  }

  function mapFailure(err: unknown): GraphError {
    if (err instanceof GraphError) return err;
    const e = (err ?? {}) as MsalFailure;
    const text = [e.errorCode, e.errorMessage, e.subError, e.errorNo].filter(Boolean).join(' ');
    if (e.errorCode === 'network_error' || network.lastFailure) {
      const failure = network.lastFailure;
      return toGraphError(0, undefined, OPERATION, undefined, {
        source: 'token', origin: failure?.url ?? config.authUrl, reason: failure?.reason ?? e.errorMessage, cause: err,
      });
    }
    const refusal = network.lastRefusal;
    if (e.errorCode === 'endpoints_resolution_error' && refusal) {
      // Discovery was refused (unknown tenant, wrong HELPDESK_AUTH_URL); say why, not just "cannot resolve".
      return toGraphError(refusal.status, { error: 'discovery_failed', error_description: refusal.description }, OPERATION, undefined, { source: 'token', cause: err });
    }
    // A throttled or failing token endpoint is weather to wait out, not a refusal (MSAL drops the status).
    const status = e.status ?? (isSecretRejection(text) ? 401 : network.lastTokenTrouble?.status ?? 400);
    const description = isSecretRejection(text) && !/AADSTS/.test(e.errorMessage ?? '') ? `AADSTS${e.errorNo ?? '7000215'}: ${e.errorMessage ?? ''}` : e.errorMessage ?? e.message;
    return toGraphError(status, { error: e.errorCode ?? 'token_error', error_description: description }, OPERATION, undefined, {
      source: 'token', secretFromFile: config.secret.kind === 'file', retryAfterSeconds: network.lastTokenTrouble?.retryAfterSeconds, cause: err,
    });
  }

  async function get(forceRefresh: boolean): Promise<string> {
    const first = await client();
    try {
      return await acquire(first, forceRefresh);
    } catch (err) {
      const mapped = mapFailure(err);
      if (mapped.kind !== 'secret-rejected' || config.secret.kind !== 'file') throw logged(mapped);
      // Rule 5: the secret was rotated; the new one is expected in the file by now.
      const fresh = await readSecret();
      if (fresh === currentSecret) throw logged(mapped);
      log.warn('client secret rejected; the secret file changed, retrying with the new secret', { operation: OPERATION });
      currentSecret = fresh;
      const rebuilt = await build(fresh);
      app = rebuilt;
      try {
        return await acquire(rebuilt, true);
      } catch (again) {
        throw logged(mapFailure(again));
      }
    }
  }

  function logged(err: GraphError): GraphError {
    log.error('token request failed', { operation: OPERATION, kind: err.kind, status: err.status, code: err.code, requestId: err.requestId });
    return err;
  }

  return {
    getToken(options = {}) {
      // Concurrent callers share one acquisition so a cold start is still one token request.
      const forced = options.forceRefresh === true;
      if (inFlight && (inFlight.forced || !forced)) return inFlight.promise;
      const entry = { forced, promise: Promise.resolve('') };
      // Only the order matters here: the earlier caller sees its own failure, this one makes its own request.
      const before = inFlight?.promise.catch(() => undefined);
      entry.promise = (before ? before.then(() => get(forced)) : get(forced)).finally(() => {
        if (inFlight === entry) inFlight = undefined;
      });
      inFlight = entry;
      return entry.promise;
    },
    get tokenRequests() {
      return network.tokenRequests;
    },
  };
}

const shared = new Map<string, TokenSource>();

/**
 * The process-wide token source for these credentials (spec rule 2: one cached token per
 * tenant, client and scope), so several Graph clients for one site share one token.
 */
export function sharedTokenSource(config: TokenSourceConfig): TokenSource {
  const secretKey = config.secret.kind === 'file' ? `file:${config.secret.path}` : `inline:${createHash('sha256').update(config.secret.value).digest('hex')}`;
  const key = [config.authUrl.replace(/\/+$/, ''), config.tenantId, config.clientId, `${config.graphUrl.replace(/\/+$/, '')}/.default`, secretKey].join('|');
  let source = shared.get(key);
  if (!source) {
    source = createTokenSource(config);
    shared.set(key, source);
  }
  return source;
}

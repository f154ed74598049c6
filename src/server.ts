/**
 * The HTTP front door: Teams activities, Slack events, readiness and liveness on one restify server.
 * Routes only hand requests to the channel SDKs; authentication is theirs (botbuilder, Bolt).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BlockList, isIPv4, type AddressInfo } from 'node:net';
import restify from 'restify';
import type { Logger } from './log';

/** What the server needs from the Teams channel: something that processes one Bot Framework request. */
export interface TeamsEndpoint {
  /** Runs botbuilder's CloudAdapter on a request whose JSON body is already parsed into `req.body`. */
  handle(req: restify.Request, res: restify.Response): Promise<void>;
}

/** Options for createServer; `allowUnauthenticated` is true only when no MicrosoftAppId is configured. */
export interface ServerConfig {
  port: number;
  /** Interface to listen on (HOST); defaults to 127.0.0.1. */
  host?: string;
  teams: TeamsEndpoint;
  slack?: { requestListener: (req: IncomingMessage, res: ServerResponse) => void | Promise<void> };
  /** Readiness: `ok` false answers /readyz with 503; /healthz answers 200 regardless. */
  health: () => Promise<{ ok: boolean; detail?: string; [field: string]: unknown }>;
  logger: Logger;
  allowUnauthenticated: boolean;
}

/** The running server. */
export interface Server {
  listen(): Promise<{ port: number; host: string }>;
  close(): Promise<void>;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** True when the address is this machine's loopback (IPv4, IPv6 or IPv4-mapped IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
  return isIPv4(mapped) ? LOOPBACK.check(mapped, 'ipv4') : LOOPBACK.check(address, 'ipv6');
}

/**
 * Whether an unauthenticated Teams request may be served: it must come from this machine and not
 * through a proxy, since a proxy on this machine would make every outside caller look local.
 */
export function isLocalRequest(req: IncomingMessage): boolean {
  return isLoopbackAddress(req.socket.remoteAddress) && !PROXY_HEADERS.some((h) => req.headers[h] !== undefined);
}

/** Builds the restify server with `/api/messages`, `/slack/events`, `/readyz` and `/healthz`. */
export function createServer(options: ServerConfig): Server {
  const { logger } = options;
  const host = options.host ?? '127.0.0.1';
  const server = restify.createServer({ name: 'helpdesk-chat-bot', handleUncaughtExceptions: false });

  // Without a MicrosoftAppId anyone who reaches /api/messages could act as any Teams user, so
  // unauthenticated Teams is for this machine only, whatever HOST is (Slack keeps its own signatures).
  const localOnly = (req: restify.Request, res: restify.Response, next: restify.Next) => {
    if (!options.allowUnauthenticated || isLocalRequest(req)) return next();
    logger.warn('Refused a Teams request from another machine: MicrosoftAppId is not set', { remoteAddress: req.socket.remoteAddress });
    res.send(403, { error: 'Teams is not configured on this bot (no MicrosoftAppId): /api/messages answers this machine only' });
    return next(false);
  };

  // The body parser is on this route only: Bolt must see Slack's raw bytes to check the signature.
  server.post('/api/messages', localOnly, restify.plugins.bodyParser({ maxBodySize: 1_000_000 }), async (req, res) => {
    await options.teams.handle(req, res);
  });

  if (options.slack) {
    const slack = options.slack;
    server.post('/slack/events', async (req, res) => {
      const done = new Promise<void>((resolve) => {
        res.once('finish', resolve);
        res.once('close', resolve);
      });
      await slack.requestListener(req, res);
      await done;
    });
  }

  const readiness = async (): Promise<{ ok: boolean; detail?: string; [field: string]: unknown }> => {
    try {
      return await options.health();
    } catch (err) {
      return { ok: false, detail: err instanceof Error ? err.message : String(err) };
    }
  };
  // Readiness, for load balancers: 503 until the bot can serve, and while the help desk is unreachable.
  server.get('/readyz', async (_req, res) => {
    const result = await readiness();
    res.send(result.ok ? 200 : 503, result);
  });
  // Liveness, for restarts: 200 whenever the process serves requests; the body says whether it is ready.
  server.get('/healthz', async (_req, res) => {
    res.send(200, { live: true, ...(await readiness()) });
  });

  server.on('restifyError', (req: restify.Request, _res: restify.Response, err: Error & { statusCode?: number }, callback: () => void) => {
    if ((err.statusCode ?? 500) >= 500) logger.error('HTTP handler failed', { path: req.path(), error: err });
    callback();
  });

  return {
    listen: () =>
      new Promise((resolve, reject) => {
        // A port in use or not allowed: say which settings to change, not only "listen EACCES".
        server.once('error', (err: NodeJS.ErrnoException) => {
          const why = err.code === 'EADDRINUSE' ? 'something else already listens there' : err.code === 'EACCES' ? 'this user may not listen there (ports below 1024 need privileges)' : err.code === 'EADDRNOTAVAIL' ? 'this machine has no such address' : err.message;
          reject(new Error(`cannot listen on HOST=${host} PORT=${options.port}: ${why} (${err.code ?? 'error'}); change PORT or HOST`, { cause: err }));
        });
        server.listen(options.port, host, () => {
          const address = server.address() as AddressInfo;
          if (options.allowUnauthenticated) {
            logger.warn('No MicrosoftAppId: /api/messages accepts unauthenticated requests from this machine only', { host, port: address.port });
          }
          logger.info('Listening', { host, port: address.port, slack: Boolean(options.slack) });
          resolve({ port: address.port, host });
        });
      }),
    close: () =>
      new Promise((resolve) => {
        server.server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

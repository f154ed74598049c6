/**
 * The HTTP front door: Teams activities, Slack events and a health check on one restify server.
 * Routes only hand requests to the channel SDKs; authentication is theirs (botbuilder, Bolt).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  /** Defaults to 127.0.0.1 when unauthenticated, else 0.0.0.0. */
  host?: string;
  teams: TeamsEndpoint;
  slack?: { requestListener: (req: IncomingMessage, res: ServerResponse) => void | Promise<void> };
  health: () => Promise<{ ok: boolean; detail?: string; [field: string]: unknown }>;
  logger: Logger;
  allowUnauthenticated: boolean;
}

/** The running server. */
export interface Server {
  listen(): Promise<{ port: number; host: string }>;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** Builds the restify server with `/api/messages`, `/slack/events` and `/healthz`. */
export function createServer(options: ServerConfig): Server {
  const { logger } = options;
  const host = options.host ?? (options.allowUnauthenticated ? '127.0.0.1' : '0.0.0.0');
  if (options.allowUnauthenticated && !LOOPBACK.has(host)) {
    // Without a MicrosoftAppId anyone who can reach the port can act as any Teams user.
    throw new Error(`Refusing to listen on ${host} without MicrosoftAppId: unauthenticated mode is loopback-only`);
  }
  const server = restify.createServer({ name: 'helpdesk-chat-bot', handleUncaughtExceptions: false });

  // The body parser is on this route only: Bolt must see Slack's raw bytes to check the signature.
  server.post('/api/messages', restify.plugins.bodyParser({ maxBodySize: 1_000_000 }), async (req, res) => {
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

  server.get('/healthz', async (_req, res) => {
    let result: { ok: boolean; detail?: string; [field: string]: unknown };
    try {
      result = await options.health();
    } catch (err) {
      result = { ok: false, detail: err instanceof Error ? err.message : String(err) };
    }
    res.send(result.ok ? 200 : 503, result);
  });

  server.on('restifyError', (req: restify.Request, _res: restify.Response, err: Error & { statusCode?: number }, callback: () => void) => {
    if ((err.statusCode ?? 500) >= 500) logger.error('HTTP handler failed', { path: req.path(), error: err });
    callback();
  });

  return {
    listen: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, host, () => {
          const address = server.address() as AddressInfo;
          if (options.allowUnauthenticated) {
            logger.warn('No MicrosoftAppId: /api/messages accepts unauthenticated requests (local use only)', { host, port: address.port });
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

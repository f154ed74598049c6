/**
 * The Slack channel: Bolt receives commands, buttons, shortcuts, modals and events (HTTP with
 * signature checks, or Socket Mode when an app token is set) and translates them into commands.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { App, ErrorCode, HTTPReceiver, LogLevel, SocketModeReceiver } from '@slack/bolt';
import { REGISTRY, type CommandRegistry } from '../../commands/registry';
import { replyFirst } from '../../commands/reply-first';
import type { ConversationPorts } from '../../commands/types';
import type { SlackSettings } from '../../config';
import type { HelpdeskService } from '../../helpdesk/types';
import type { Logger } from '../../log';
import { NO_FILE_INTAKE } from '../../views/channel-texts';
import { registerActions } from './actions';
import { registerCommands } from './commands';
import type { SlackClient, SlackDeps, SlackHooks } from './command-context';
import { registerEvents } from './events';
import { slackGate } from './gate';
import { claimMiddleware, memoryClaims, type InboundClaims } from './inbound';
import { createSlackIdentity } from './identity';
import { personMiddleware } from './person';
import { registerShortcuts } from './shortcuts';
import { registerUnfurl } from './unfurl';
import { registerViews } from './modals';
import { registerSavedReplies } from './saved-reply-picker';

// What the notifications side needs: hook shapes, and the same renderers the channel uses.
export type { ConversationInfo, SlackHooks, ThreadReplyInfo } from './command-context';
export type { InboundClaims } from './inbound';
export { ticketUnfurl } from './blocks/ticket-unfurl';
export { ticketBlocks } from './blocks/ticket';
export { renderMessage, type SlackMessage } from './blocks/message';

/** Options for createSlackChannel. */
export interface SlackChannelConfig {
  settings: SlackSettings;
  helpdesk: HelpdeskService;
  notifications?: ConversationPorts;
  logger: Logger;
  hooks?: SlackHooks;
  /** Where inbound request ids are claimed (the Store's claimInbound); default: this process only. */
  inbound?: InboundClaims;
  /** HELPDESK_LOCALE: the language of messages a whole channel reads (default English). */
  locale?: string;
  /** A channel's own language (`language de`, kept in the Store); unset or unknown: `locale`. */
  conversationLocale?: (channelId: string) => Promise<string | undefined>;
  /** The commands it runs (default the product's). */
  commands?: CommandRegistry;
  /** Where the files a message carries go (the files feature); default: nowhere, and the sender is told. */
  files?: SlackDeps['files'];
}

/** The running Slack channel. */
export interface SlackChannel {
  app: App;
  /** Web API client (pointed at settings.apiUrl when set); notifications post and update through it. */
  client: SlackClient;
  /** HTTP mode only: mount on POST /slack/events. Bolt checks the signature and answers 401 if it fails. */
  requestListener?: (req: IncomingMessage, res: ServerResponse) => void;
  /** Verifies the bot token (auth.test) and, in Socket Mode, connects. Call before serving requests. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Bolt's logger interface on top of ours, so Bolt's lines are redacted like every other. */
function boltLogger(logger: Logger) {
  let level = LogLevel.INFO;
  const join = (msgs: unknown[]) => msgs.map((m) => (m instanceof Error ? m.message : typeof m === 'string' ? m : JSON.stringify(m))).join(' ');
  return {
    debug: (...m: unknown[]) => logger.debug(join(m)),
    info: (...m: unknown[]) => logger.info(join(m)),
    warn: (...m: unknown[]) => logger.warn(join(m)),
    error: (...m: unknown[]) => logger.error(join(m)),
    setLevel: (l: typeof level) => {
      level = l;
    },
    getLevel: () => level,
    setName: () => undefined,
  };
}

/** Creates the Slack channel; nothing is contacted until start(). */
export function createSlackChannel(config: SlackChannelConfig): SlackChannel {
  const logger = config.logger.child({ channel: 'slack' });
  const blogger = boltLogger(logger);
  const { settings } = config;
  const socketMode = Boolean(settings.appToken);
  const receiver = socketMode
    ? new SocketModeReceiver({ appToken: settings.appToken!, logger: blogger })
    : new HTTPReceiver({
        signingSecret: settings.signingSecret,
        endpoints: '/slack/events',
        logger: blogger,
        // Our listeners acknowledge first, so a failure before any answer is Bolt refusing the payload's shape.
        processEventErrorHandler: async ({ error, response }) => {
          if (response.headersSent) {
            logger.error('slack listener failed after its acknowledgement', { error });
            return false;
          }
          logger.warn('slack payload could not be handled', { error });
          response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
          response.end('Bad request: the Slack payload could not be handled.');
          return true;
        },
      });
  const app = new App({
    token: settings.botToken,
    receiver,
    logger: blogger,
    // auth.test goes to the configured API (the fake in tests, a proxy in enterprise set-ups) at start().
    deferInitialization: true,
    extendedErrorHandler: true,
    clientOptions: {
      ...(settings.apiUrl ? { slackApiUrl: settings.apiUrl } : {}),
      // A person is waiting: a few quick retries, not the SDK's default of ten over half an hour.
      retryConfig: { retries: 3, factor: 2, minTimeout: 500, maxTimeout: 5000 },
    },
  });
  const deps: SlackDeps = {
    client: app.client,
    helpdesk: config.helpdesk,
    commands: config.commands ?? REGISTRY,
    notifications: config.notifications,
    identity: createSlackIdentity({ client: app.client, logger }),
    logger,
    hooks: config.hooks ?? {},
    files: config.files ?? NO_FILE_INTAKE,
    locale: config.locale,
    conversationLocale: config.conversationLocale,
  };

  // Before any listener: a Slack retry or a replayed request is acknowledged and dropped.
  app.use(claimMiddleware(config.inbound ?? memoryClaims(), logger));
  // Then, once per request, who is acting and in which conversation (the onConversation hook).
  app.use(personMiddleware(deps));
  // Each listener's reply goes out before what its commands left for later: the channel cards (commands/reply-first.ts).
  app.use(({ next }) => replyFirst(next));
  registerCommands(app, deps);
  registerActions(app, deps);
  registerViews(app, deps);
  registerShortcuts(app, deps);
  registerEvents(app, deps);
  registerUnfurl(app, deps);
  registerSavedReplies(app, deps);

  // Handlers answer the person themselves; this catches what escapes them, with enough context to debug.
  app.error((async ({ error, body, context }: { error: Error; body?: unknown; context?: { teamId?: string } }) => {
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, any>;
    logger.error('slack handler error', {
      error,
      type: b.type ?? b.event?.type ?? (b.command ? 'slash_command' : undefined),
      userId: b.user?.id ?? b.user_id ?? b.event?.user,
      teamId: context?.teamId,
    });
  }) as never);

  let started = false;
  const http = receiver instanceof HTTPReceiver ? receiver : undefined;
  const gate = http
    ? slackGate(settings.signingSecret, logger, (req, res) => {
        try {
          http.requestListener(req, res);
        } catch (error) {
          refusedByBolt(error, req, res, logger);
        }
      })
    : undefined;
  return {
    app,
    client: app.client,
    requestListener: gate
      ? (req, res) => {
          gate(req, res).catch((error) => {
            logger.error('slack request failed', { error });
            if (!res.headersSent) {
              res.statusCode = 500;
              res.end();
            }
          });
        }
      : undefined,
    async start() {
      if (started) return;
      await app.init();
      if (socketMode) await app.start();
      started = true;
      logger.info('slack channel started', { mode: socketMode ? 'socket' : 'http', apiUrl: settings.apiUrl ?? 'https://slack.com/api/' });
    },
    async stop() {
      if (started && socketMode) await app.stop();
      started = false;
    },
  };
}

/**
 * What Bolt's receiver throws before it takes a request: a path it has no route for (its own
 * code, HTTPReceiverDeferredRequestError) is a 404; anything else is a fault of ours, a 500. Both
 * are logged with the method and path (no body, no headers: they carry the signature).
 */
function refusedByBolt(error: unknown, req: IncomingMessage, res: ServerResponse, logger: Logger): void {
  const where = { method: req.method, path: (req.url ?? '').split('?')[0] };
  const unrouted = (error as { code?: unknown } | undefined)?.code === ErrorCode.HTTPReceiverDeferredRequestError;
  if (unrouted) logger.warn('slack request to a path Bolt has no route for', where);
  else logger.error('slack request listener failed', { ...where, error });
  if (res.headersSent) return;
  res.statusCode = unrouted ? 404 : 500;
  res.end();
}

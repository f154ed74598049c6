/**
 * The composition root: builds every part from the configuration, inner parts first (Graph,
 * help desk, store, notifications), then the channels and the HTTP server around them.
 */
import type { SlackChannel } from './channels/slack';
import type { CommandRegistry } from './commands/registry';
import type { TeamsChannel } from './channels/teams';
import type { Config } from './config';
import { connectionFor, DEMO_AGENTS, startEmulator, type Emulator } from './emulator';
import { createGraphClient, type GraphClientConfig } from './graph';
import { createHelpdeskService } from './helpdesk';
import { createChangeFeed } from './helpdesk/changes';
import type { Logger } from './log';
import { createNotifications, type Delivery, type Poller } from './notify';
import { createServer, type TeamsEndpoint } from './server';
import { openPolicySource } from './sla/source';
import { startFailure } from './start-errors';
import { leaseFor, openStore, storeHealth, type Store } from './store';

/** A running bot process. */
export interface App {
  port: number;
  host: string;
  /** Present when running on the embedded help-desk site. */
  emulator?: Emulator;
  poller: Poller;
  close(): Promise<void>;
}

export interface AppOptions {
  logger: Logger;
  /** Start the notification poller (default true). */
  poll?: boolean;
  /** The commands both channels run (default the product's). */
  commands?: CommandRegistry;
}

async function graphFor(config: Config, logger: Logger): Promise<{ graph: GraphClientConfig; emulator?: Emulator }> {
  const { helpdesk } = config;
  if (helpdesk.target.kind === 'tenant') {
    const t = helpdesk.target;
    return {
      graph: { graphUrl: helpdesk.graphUrl, authUrl: helpdesk.authUrl, tenantId: t.tenantId, clientId: t.clientId, secret: t.secret, siteId: t.siteId, logger },
    };
  }
  const emulator = await startEmulator({ dataDir: config.dataDir, port: 0 });
  logger.info('No HELPDESK_SITE_ID: running on the embedded help-desk site', { url: emulator.url, dataDir: config.dataDir });
  return {
    emulator,
    graph: { ...connectionFor(emulator), logger },
  };
}

/**
 * Healthy unless the help desk has been unreachable for several poll cycles in a row. A shared
 * store that does not answer is reported but keeps 200: most commands still work without it.
 */
async function healthOf(poller: Poller, store: Store): Promise<{ ok: boolean; detail?: string; polling: boolean; cycles: number; store: unknown }> {
  const { failures, lastError, polling, cycles } = poller.status();
  const storeState = await storeHealth(store);
  const base = { polling: polling && storeState.reachable, cycles, store: storeState };
  if (failures >= 3) return { ok: false, detail: `help desk unreachable for ${failures} poll cycles: ${lastError ?? 'unknown error'}`, ...base };
  if (!storeState.reachable) return { ok: true, detail: `shared store (PostgreSQL) unreachable: ${storeState.error}; notifications paused, reconnecting`, ...base };
  return { ok: true, ...base };
}

/** Builds and starts the whole bot; `close()` stops it in reverse order. */
export async function startApp(config: Config, options: AppOptions): Promise<App> {
  const { logger } = options;
  // A policy that does not load stops start-up before anything else starts (PolicyError lists why).
  const sla = config.slaFile ? await openPolicySource(config.slaFile, { logger: logger.child({ component: 'sla' }), priorities: config.helpdesk.priorities }) : undefined;
  const { graph: graphConfig, emulator } = await graphFor(config, logger.child({ component: 'graph' }));
  const graph = createGraphClient(graphConfig);
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, logger);
  const service = createHelpdeskService({ graph, settings: config.helpdesk, logger: logger.child({ component: 'helpdesk' }), searchIndex: store });
  const notifications = createNotifications({
    store,
    feed: createChangeFeed(graph, config.helpdesk),
    helpdesk: service,
    vocabulary: service.vocabulary,
    locale: config.locale,
    logger,
    pollSeconds: config.pollSeconds,
    backfillMinutes: config.backfillMinutes,
    sla,
    // A lease lives 3/4 of a poll interval: a dead poller is replaced within two intervals.
    lease: leaseFor(store, { ttlMs: config.pollSeconds * 750, logger: logger.child({ component: 'lease' }) }),
  });
  const { helpdesk } = notifications;

  // Teams (botbuilder) loads while the server already listens: it is most of the start-up time.
  // A Teams request that comes first waits for it; /healthz says 503 "starting" until it is loaded.
  const teamsLoading = (async () => {
    const { createTeamsChannel } = await import('./channels/teams');
    const { createTeamsDelivery, handleTeamsThreadReply, teamsConversationHook } = await import('./channels/teams/notify-delivery');
    const channel: TeamsChannel = createTeamsChannel({
      settings: config.teams,
      helpdesk,
      commands: options.commands,
      notifications: notifications.ports,
      logger: logger.child({ channel: 'teams' }),
      // Teams redeliveries (same activity id) are claimed in the Store, so replicas share the record.
      claimInbound: (key, ttlMs) => store.claimInbound(key, ttlMs),
      // A saved change whose answer could not be sent is told later, through the outbox.
      tellLater: (email, text) => notifications.tellLater(email, text),
      hooks: {
        onConversation: teamsConversationHook(store),
        onThreadReply: (context, actor, text, turn) => handleTeamsThreadReply(notifications.handleThreadReply, context, actor, text, turn),
      },
    });
    return { channel, delivery: createTeamsDelivery({ adapter: channel.adapter, appId: channel.appId, store, logger }) };
  })();
  // Not left unhandled while nothing awaits it yet; startApp awaits it below and fails with it.
  teamsLoading.catch(() => undefined);
  const teams: TeamsEndpoint = { handle: async (req, res) => (await teamsLoading).channel.handle(req, res) };

  let slack: SlackChannel | undefined;
  const slackDeliveries: Delivery[] = [];
  if (config.slack) {
    const slackLogger = logger.child({ channel: 'slack' });
    // Loaded only when Slack is on: Bolt is a large part of the start-up time.
    const { createSlackChannel } = await import('./channels/slack');
    const { createSlackDelivery, slackConversationHook, slackThreadReplyHook } = await import('./channels/slack/notify-delivery');
    const channel: SlackChannel = createSlackChannel({
      settings: config.slack,
      helpdesk,
      commands: options.commands,
      notifications: notifications.ports,
      logger: slackLogger,
      // Slack retries and replays are claimed in the Store, so replicas never handle one twice.
      inbound: store,
      locale: config.locale,
      // A channel's own language (`language de`), else HELPDESK_LOCALE, for the messages the whole channel reads.
      conversationLocale: async (id) => (await store.conversationLocales()).get(`slack:${id}`),
      hooks: {
        onConversation: slackConversationHook(store),
        onThreadReply: (info) => slackThreadReplyHook({ client: channel.client, store, handle: notifications.handleThreadReply, logger: slackLogger })(info),
        onUndeliveredReply: async ({ userId, email, text }) => {
          if (email) await notifications.tellLater(email, text);
          else slackLogger.error('a saved change could not be told: no address for this Slack user', { userId });
        },
      },
    });
    try {
      await channel.start();
    } catch (err) {
      throw startFailure('Slack', config.slack.apiUrl ?? 'https://slack.com/api/', err);
    }
    slackDeliveries.push(createSlackDelivery({ client: channel.client, store, logger: slackLogger }));
    slack = channel;
    logger.info(`Slack is on (${config.slack.appToken ? 'Socket Mode' : 'HTTP mode at /slack/events'})`);
  } else {
    logger.info('Slack is off: SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET are not set');
  }

  let poller: Poller | undefined;
  const server = createServer({
    port: config.port,
    host: config.host,
    teams,
    slack: slack?.requestListener ? { requestListener: slack.requestListener } : undefined,
    // Ready only once every channel can serve: a load balancer must not send traffic before that.
    health: async () => (poller ? healthOf(poller, store) : { ok: false, detail: 'starting', polling: false }),
    logger,
    allowUnauthenticated: !config.teams.appId,
  });
  const { host, port } = await server.listen();
  let loaded: Awaited<typeof teamsLoading>;
  try {
    loaded = await teamsLoading;
  } catch (err) {
    await server.close();
    throw err;
  }
  poller = notifications.attach([loaded.delivery, ...slackDeliveries]);
  if (options.poll !== false) poller.start();
  const started = poller;

  return {
    host,
    port,
    emulator,
    poller: started,
    async close() {
      await started.stop();
      await server.close();
      await slack?.stop();
      await store.close();
      await emulator?.close();
    },
  };
}

/** The lines `npm start` prints about the embedded site: where it runs and who the demo agents are. */
export function describeEmbedded(emulator: Emulator): string[] {
  const agents = DEMO_AGENTS.map((a) => `${a.name} <${a.email}>${a.active ? '' : ' (inactive)'}`);
  return [`Embedded help-desk site: ${emulator.url} (site ${emulator.siteId})`, `Demo agents: ${agents.join(', ')}`];
}

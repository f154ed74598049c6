/**
 * The composition root: builds every part from the configuration, inner parts first (Graph,
 * help desk, store, notifications), then the channels and the HTTP server around them.
 */
import type { SlackChannel } from './channels/slack';
import { registryOf, type CommandRegistry } from './commands/registry';
import type { TeamsChannel } from './channels/teams';
import type { Config } from './config';
import { connectionFor, DEMO_AGENTS, startEmulator, type Emulator } from './emulator';
import { createGraphClient, createTokenSource, type GraphClientConfig } from './graph';
import { createHelpdeskService } from './helpdesk';
import { createChangeFeed } from './helpdesk/changes';
import type { Logger } from './log';
import { createNotifications, createOutboxService, type Delivery, type Poller, type Timers } from './notify';
import type { Store } from './store/types';
import { createServer, type TeamsEndpoint } from './server';
import { probeHelpdesk, reachabilityReport, readyState, REPORT_WAIT_MS } from './readiness';
import { reportStatusRoles } from './settings/roles';
import { prepareDataDir, startFailure } from './start-errors';
import { slackPresenceOver } from './channels/slack/presence';
import { bindFeatures, FEATURES, featureMigrations, openFeatures, runningParts, type AnyFeature, type FeatureRead, type HostServices, type StartupSettings } from './features';
import path from 'node:path';
import { normalizeLocale } from './i18n';
import { leaseFor, openStore } from './store';

/** A running bot process. */
export interface App {
  port: number;
  host: string;
  /** Present when running on the embedded help-desk site. */
  emulator?: Emulator;
  poller: Poller;
  /** The listed features' timers (digest slots, held DMs); `tick()` runs each once now. */
  timers: Timers;
  /** The features this process runs (the start-up summary names them). */
  features: readonly AnyFeature[];
  /** What runs of each listed feature besides its commands (a cycle hook, a timer, a planning hook…), by feature name. */
  running: readonly { feature: string; part: string }[];
  /** One line each for the help desk, Teams and Slack: reachable or not (waits at most a few seconds). */
  reachability(): Promise<string[]>;
  close(): Promise<void>;
}

export interface AppOptions {
  logger: Logger;
  /** Start the notification poller (default true). */
  poll?: boolean;
  /** The commands both channels run (default: the ticket core's and those of `features`). */
  commands?: CommandRegistry;
  /** The features the bot runs (default src/features/index.ts's list). */
  features?: readonly AnyFeature[];
  /** Tests: one notification per this many ms per conversation instead of each platform's own pace (0 = unpaced). */
  deliveryIntervalMs?: number;
  /** Tests: the store as the app uses it, given the one it opened (a wrapper that logs what is read). */
  watchStore?: (store: Store) => Store;
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

/** Builds and starts the whole bot; `close()` stops it in reverse order. */
export async function startApp(config: Config, options: AppOptions): Promise<App> {
  const { logger } = options;
  // The data directory holds the SQLite store and the embedded site; with PostgreSQL and a tenant nothing is written there.
  if (!config.databaseUrl || config.helpdesk.target.kind === 'embedded') prepareDataDir(config.dataDir, config.dataDirSetting);
  const featureList = options.features ?? FEATURES;
  // Each listed feature opens its settings files and takes its own settings before anything else starts; a file that does
  // not load stops start-up with its feature's error (the file, the path in it, what is wrong). A feature off the list reads none of them.
  const opened = await openFeatures(featureList, config, logger);
  // Slack's view of people is read through the Slack channel's client once it has started.
  let slack: SlackChannel | undefined;
  const { graph: graphConfig, emulator } = await graphFor(config, logger.child({ component: 'graph' }));
  // One token between the bot's client and the readiness probe, which tries once per call and soon gives up.
  const tokens = createTokenSource({ ...graphConfig, graphUrl: graphConfig.graphUrl.replace(/\/+$/, ''), logger: graphConfig.logger ?? logger });
  const graph = createGraphClient({ ...graphConfig, tokens });
  const probe = probeHelpdesk(
    createGraphClient({ ...graphConfig, tokens, retry: { maxAttempts: 1 }, timeoutMs: REPORT_WAIT_MS }),
    Math.min(config.pollSeconds, 5) * 1000,
    logger.child({ component: 'readiness' }),
  );
  // One migrator runs the store's migrations, then every listed feature's.
  const storeOpened = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, features: featureMigrations(featureList) }, logger);
  const store = options.watchStore ? options.watchStore(storeOpened) : storeOpened;
  const featureDb = await store.featureDatabase();
  const service = createHelpdeskService({ graph, settings: config.helpdesk, logger: logger.child({ component: 'helpdesk' }), searchIndex: store });
  reportStatusRoles(service.vocabulary, logger.child({ component: 'settings' }));
  // The site's columns are read while the channels load; a read that fails is logged and the settings serve.
  void service.ticketSchema();
  const feed = createChangeFeed(graph, config.helpdesk, { extra: () => service.vocabulary.site?.extra, saw: (t) => service.sawTicket(t) });
  // Each listed feature is handed the services it names (with what the features' files supplied, and its own settings);
  // one that names what this host lacks stops start-up here.
  const featureHost: HostServices = {
    helpdesk: service, logger, vocabulary: service.vocabulary, locale: normalizeLocale(config.locale), timeZone: config.timeZone, now: () => new Date(), store, graph,
    feed, outbox: createOutboxService(store),
    slackPresence: config.slack ? slackPresenceOver(() => slack?.client) : undefined,
    ...opened.supplied,
  };
  const features = bindFeatures(featureList, { ...featureHost, db: featureDb, opened: opened.own });
  const commands = options.commands ?? registryOf(features);
  // Notify runs what the listed features declare (their hooks, timers, planning and card parts), and nothing of a feature off the list.
  const notifications = createNotifications({
    features,
    store,
    feed,
    helpdesk: service,
    vocabulary: service.vocabulary,
    locale: config.locale,
    logger,
    pollSeconds: config.pollSeconds,
    backfillMinutes: config.backfillMinutes,
    timeZone: config.timeZone,
    // A lease lives 3/4 of a poll interval: a dead poller is replaced within two intervals.
    lease: leaseFor(store, { ttlMs: config.pollSeconds * 750, logger: logger.child({ component: 'lease' }) }),
  });
  const { helpdesk } = notifications;
  // Files a chat message carries: the listed feature that takes them in, one intake per platform (each fetching only
  // from its own platform's hosts); with none listed, each channel tells the sender their files were not taken.
  const fileIntake = features.fileIntake?.intake;

  // Teams (botbuilder) loads while the server already listens: it is most of the start-up time.
  // A Teams request that comes first waits for it; /readyz says 503 "starting" until it is loaded.
  const teamsLoading = (async () => {
    const { createTeamsChannel } = await import('./channels/teams');
    const { createTeamsDelivery, handleTeamsThreadReply, teamsConversationHook } = await import('./channels/teams/notify-delivery');
    const channel: TeamsChannel = createTeamsChannel({
      settings: config.teams,
      helpdesk,
      commands,
      notifications: notifications.ports,
      logger: logger.child({ channel: 'teams' }),
      // Teams redeliveries (same activity id) are claimed in the Store, so replicas share the record.
      claimInbound: (key, ttlMs) => store.claimInbound(key, ttlMs),
      // A saved change whose answer could not be sent is told later, through the outbox.
      tellLater: (email, text) => notifications.tellLater(email, text),
      files: fileIntake?.({ platform: 'teams' }),
      hooks: {
        onConversation: teamsConversationHook(store),
        onThreadReply: (context, actor, text, turn) => handleTeamsThreadReply(notifications.handleThreadReply, context, actor, text, turn),
      },
    });
    return { channel, delivery: createTeamsDelivery({ adapter: channel.adapter, appId: channel.appId, store, logger, minIntervalMs: options.deliveryIntervalMs }) };
  })();
  // Not left unhandled while nothing awaits it yet; startApp awaits it below and fails with it.
  teamsLoading.catch(() => undefined);
  const teams: TeamsEndpoint = { handle: async (req, res) => (await teamsLoading).channel.handle(req, res) };

  const slackDeliveries: Delivery[] = [];
  if (config.slack) {
    const slackLogger = logger.child({ channel: 'slack' });
    // Loaded only when Slack is on: Bolt is a large part of the start-up time.
    const { createSlackChannel } = await import('./channels/slack');
    const { createSlackDelivery, slackConversationHook, slackThreadReplyHook } = await import('./channels/slack/notify-delivery');
    const slackFiles = fileIntake?.({ platform: 'slack', token: config.slack.botToken });
    const channel: SlackChannel = createSlackChannel({
      settings: config.slack,
      helpdesk,
      commands,
      notifications: notifications.ports,
      logger: slackLogger,
      // Slack retries and replays are claimed in the Store, so replicas never handle one twice.
      inbound: store,
      locale: config.locale,
      // A channel's own language (`language de`), else HELPDESK_LOCALE, for the messages the whole channel reads.
      conversationLocale: async (id) => (await store.conversationLocales()).get(`slack:${id}`),
      files: slackFiles,
      hooks: {
        onConversation: slackConversationHook(store),
        onThreadReply: (info) => slackThreadReplyHook({ client: channel.client, store, handle: notifications.handleThreadReply, logger: slackLogger, files: slackFiles })(info),
        ticketOfThread: async (channelId, threadTs) => (await store.findPostedMessage('slack', channelId, threadTs))?.ticketId,
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
    slackDeliveries.push(createSlackDelivery({ client: channel.client, store, logger: slackLogger, minIntervalMs: options.deliveryIntervalMs }));
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
    // Ready once every channel can serve and the help desk has answered: a load balancer waits for that.
    health: () => readyState(probe, poller, store),
    logger,
    allowUnauthenticated: !config.teams.appId,
  });
  const { host, port } = await server.listen();
  let loaded: Awaited<typeof teamsLoading>;
  try {
    loaded = await teamsLoading;
  } catch (err) {
    probe.stop();
    await server.close();
    throw err;
  }
  poller = notifications.attach([loaded.delivery, ...slackDeliveries]);
  if (options.poll !== false) {
    poller.start();
    notifications.timers.start();
  }
  const started = poller;

  return {
    host,
    port,
    emulator,
    features: featureList,
    running: runningParts(features),
    timers: notifications.timers,
    poller: started,
    reachability: () => reachabilityReport(config, probe),
    async close() {
      probe.stop();
      notifications.timers.stop();
      await started.stop();
      await server.close();
      await slack?.stop();
      await store.close();
      await emulator?.close();
    },
  };
}

/** One thing a feature reads, as the start-up summary words it. */
const readText = (r: FeatureRead) => ('table' in r ? `the store's ${r.table}` : `${r.setting}=${r.value}`);

/**
 * The lines `npm start` prints about what runs: the store, Slack, and each listed feature, on with
 * what it reads (the SLA policy file, the digests' schedules, …) or off with the setting that turns it on.
 */
export function describeRunning(config: Readonly<Config>, features: readonly AnyFeature[]): string[] {
  const settings: StartupSettings = {
    ...(config.slaFile ? { slaFile: path.resolve(config.slaFile) } : {}),
    ...(config.routingFile ? { routingFile: path.resolve(config.routingFile) } : {}),
    timeZone: config.timeZone, locale: config.locale, csat: config.csat, stormThreshold: config.stormThreshold,
    ...(config.helpdesk.spaceId ? { spaceId: config.helpdesk.spaceId } : {}),
    ...(config.helpdesk.ticketUrlPattern ? { ticketUrlPattern: config.helpdesk.ticketUrlPattern } : {}),
    files: { folder: config.files.folder, maxMb: Math.round(config.files.maxBytes / 1024 / 1024) },
  };
  const store = config.databaseUrl ? 'Store: PostgreSQL (DATABASE_URL)' : `Store: SQLite, ${path.resolve(config.dataDir, 'helpdesk-bot.sqlite')}`;
  const slack = !config.slack
    ? 'Slack: off (set SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET to turn it on)'
    : `Slack: on, ${config.slack.appToken ? 'Socket Mode (SLACK_APP_TOKEN)' : 'HTTP mode at /slack/events'}`;
  const lines = [store, slack];
  const off: string[] = [];
  for (const f of features) {
    const said = f.startup(settings);
    if (said.on) lines.push(`Feature ${f.name}: on, reads ${said.reads.map(readText).join(', ')}`);
    else off.push(`${f.name} (set ${readText(said.turnOn)})`);
  }
  if (off.length) lines.push(`Features off: ${off.join(', ')}`);
  return lines;
}

/** The lines `npm start` prints about the embedded site: where it runs and who the demo agents are. */
export function describeEmbedded(emulator: Emulator): string[] {
  const agents = DEMO_AGENTS.map((a) => `${a.name} <${a.email}>${a.active ? '' : ' (inactive)'}`);
  return [`Embedded help-desk site: ${emulator.url} (site ${emulator.siteId})`, `Demo agents: ${agents.join(', ')}`];
}

/**
 * The Slack half of the product wired as src/app.ts wires it: the embedded site over HTTP, the
 * store with every feature's tables, every listed feature bound once (commands, card hooks, poll
 * hooks), the SLA policy of examples/sla.json, routing with test/tour/routing.json, surveys on
 * the five-point scale, the files feature fetching from a Slack file host on loopback, notifications with their Slack delivery, and the real
 * Slack channel (Bolt, signed requests) behind the real server. The poller never runs by itself:
 * the tour drives it (`poll`), so nothing waits for a timer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSlackChannel, type SlackChannel } from '../../src/channels/slack';
import { createSlackDelivery, slackConversationHook, slackThreadReplyHook } from '../../src/channels/slack/notify-delivery';
import { registryOf } from '../../src/commands/registry';
import { bindFeatures, FEATURES, featureMigrations, openFeatures, type HostServices } from '../../src/features';
import { createFilesFeature } from '../../src/features/files';
import { slackPresenceOver } from '../../src/channels/slack/presence';
import { createHelpdeskService } from '../../src/helpdesk';
import { createChangeFeed } from '../../src/helpdesk/changes';
import type { HelpdeskService } from '../../src/helpdesk/types';
import { createLogger } from '../../src/log';
import { createNotifications, createOutboxService, type Poller } from '../../src/notify';
import { createServer, type Server } from '../../src/server';
import { createSqliteStore, type Store } from '../../src/store';
import { startFakeFileHost, type FakeFileHost } from '../support/fake-file-host';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { createSlackPoster } from '../support/slack-request';

/** The people of the tour: a requester, two agents. */
export const TOUR_PEOPLE = {
  sam: { id: 'U0SAM0001', name: 'Sam Requester', email: 'sam@example.com' },
  dana: { id: 'U0DANA001', name: 'Dana Agent', email: 'dana@example.com' },
  lee: { id: 'U0LEE0001', name: 'Lee Agent', email: 'lee@example.com' },
} as const;

export type TourPerson = (typeof TOUR_PEOPLE)[keyof typeof TOUR_PEOPLE];

const SECRET = 'tour-signing-secret-5c1d';
const SLACK_TOKEN = 'xoxb-tour-0000';
const EXAMPLE_SLA = path.resolve(__dirname, '../../examples/sla.json');
/** Routing's rules: tickets of the category Other go round robin (reading Slack status and Do Not Disturb); the rest are claimed as always. */
const TOUR_ROUTING = path.resolve(__dirname, 'routing.json');

/** The running product and its stand-ins. */
export interface SlackTourStack {
  stack: HelpdeskStack;
  helpdesk: HelpdeskService;
  store: Store;
  fake: FakeSlack;
  fileHost: FakeFileHost;
  channel: SlackChannel;
  post: ReturnType<typeof createSlackPoster>;
  /** Requests Bolt has started handling, and how many are still running (the tour waits for none). */
  bolt: { entered: number; running: number };
  /** One poll cycle and the sends it owes. */
  poll(): Promise<void>;
  close(): Promise<void>;
}

export async function startSlackTourStack(): Promise<SlackTourStack> {
  const logger = createLogger({ level: 'error', write: () => undefined });
  const stack = await startHelpdeskStack({ seed: 'none' });
  for (const a of [TOUR_PEOPLE.dana, TOUR_PEOPLE.lee]) stack.emulator.data.insert('SD_Agents', { Title: a.name, SD_Email: a.email, SD_IsActive: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'slack-tour-'));
  const store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
  const db = await store.featureDatabase();
  const helpdesk = createHelpdeskService({ graph: stack.graph, settings: stack.settings, logger, searchIndex: store, agentCacheTtlMs: 0 });
  // The SLA policy, the routing rules and the features' settings (surveys on), opened by their features' `open` steps as src/app.ts opens them.
  const settings = { helpdesk: { priorities: helpdesk.vocabulary.priorities }, slaFile: EXAMPLE_SLA, routingFile: TOUR_ROUTING, files: { folder: 'SD_Attachments', maxBytes: 25 * 1024 * 1024 }, csat: { enabled: true, scale: 'five' as const }, stormThreshold: 10 };
  const opened = await openFeatures(FEATURES, settings, logger);
  const feed = createChangeFeed(stack.graph, stack.settings, { extra: () => helpdesk.vocabulary.site?.extra, saw: (t) => helpdesk.sawTicket(t) });
  const host: HostServices = {
    helpdesk, logger, vocabulary: helpdesk.vocabulary, locale: 'en', timeZone: 'UTC', now: () => new Date(),
    // Slack's presence, status and Do Not Disturb are read through the channel's client, as src/app.ts does.
    slackPresence: slackPresenceOver(() => channel.client), ...opened.supplied,
    store, graph: stack.graph,
    feed, outbox: createOutboxService(store),
  };
  const features = bindFeatures(FEATURES, { ...host, db, opened: opened.own });
  const commands = registryOf(features);
  const notifications = createNotifications({
    features, store, logger, pollSeconds: 15, timeZone: 'UTC', locale: 'en', feed, helpdesk, vocabulary: helpdesk.vocabulary,
  });
  const fileHost = await startFakeFileHost({ token: SLACK_TOKEN });
  const files = createFilesFeature({
    graph: stack.graph, helpdesk: notifications.helpdesk, memos: store, logger,
    hosts: { slack: { token: SLACK_TOKEN, hosts: [fileHost.origin] } },
    settings: { maxBytes: 25 * 1024 * 1024, folder: 'SD_Attachments' },
  });
  const fake = await startFakeSlack({ token: SLACK_TOKEN, users: Object.values(TOUR_PEOPLE) });
  const channel: SlackChannel = createSlackChannel({
    settings: { botToken: fake.token, signingSecret: SECRET, apiUrl: fake.apiUrl },
    helpdesk: notifications.helpdesk, commands, notifications: notifications.ports, logger, inbound: store, locale: 'en', files,
    conversationLocale: async (id) => (await store.conversationLocales()).get(`slack:${id}`),
    hooks: {
      onConversation: slackConversationHook(store),
      onThreadReply: (info) => slackThreadReplyHook({ client: channel.client, store, handle: notifications.handleThreadReply, logger, files })(info),
      ticketOfThread: async (channelId, threadTs) => (await store.findPostedMessage('slack', channelId, threadTs))?.ticketId,
      onUndeliveredReply: async ({ email, text }) => {
        if (email) await notifications.tellLater(email, text);
      },
    },
  });
  await channel.start();
  // Counts what Bolt is handling, so the tour knows when a click's answers are all sent.
  const bolt = { entered: 0, running: 0 };
  channel.app.use(async ({ next }) => {
    bolt.entered += 1;
    bolt.running += 1;
    try {
      await next();
    } finally {
      bolt.running -= 1;
    }
  });
  const server: Server = createServer({
    port: 0, teams: { handle: async (_q, r) => void r.send(404) }, slack: { requestListener: channel.requestListener! },
    health: async () => ({ ok: true }), logger, allowUnauthenticated: true,
  });
  const listening = await server.listen();
  const poller: Poller = notifications.attach([createSlackDelivery({ client: channel.client, store, logger, minIntervalMs: 0 })]);
  // Stopped before it ever started: what the bot writes is recorded for the next cycle, which the tour runs.
  await poller.stop();
  await poller.runOnce();
  return {
    stack, helpdesk: notifications.helpdesk, store, fake, fileHost, channel, bolt,
    post: createSlackPoster(`http://${listening.host}:${listening.port}/slack/events`, SECRET),
    poll: async () => void (await poller.runOnce()),
    async close() {
      await server.close();
      await channel.stop();
      await fake.close();
      await fileHost.close();
      await store.close();
      await stack.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

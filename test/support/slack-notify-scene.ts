/**
 * The notification loop on Slack, wired like the composition root: the embedded site with one
 * agent, the store, notifications, the real Slack channel (Bolt over HTTP, signed requests) behind
 * the real server, the Slack Web API stand-in knowing each person, and the Slack delivery; its
 * first poll has run. Shared by the Slack end-to-end, storm, notice-DM and survey tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSlackChannel, type SlackChannel } from '../../src/channels/slack';
import { createSlackDelivery, slackConversationHook, slackThreadReplyHook } from '../../src/channels/slack/notify-delivery';
import { createChangeFeed } from '../../src/helpdesk/changes';
import { createLogger } from '../../src/log';
import { createNotifications, type Notifications, type Poller } from '../../src/notify';
import { createServer } from '../../src/server';
import { createSqliteStore, type Store } from '../../src/store';
import { FEATURES, featureMigrations } from '../../src/features';
import { boundFeatures } from './feature-commands';
import { registryOf } from '../../src/commands/registry';
import type { CommandRegistry } from '../../src/commands/registry';
import type { OpenSettings } from '../../src/features';
import { startFakeSlack, type FakeSlack } from './fake-slack';
import { startHelpdeskStack, type HelpdeskStack } from './helpdesk-stack';
import { createSlackPoster } from './slack-request';

export interface SlackPerson {
  id: string;
  name: string;
  email: string;
}

export interface SlackNotifyScene {
  stack: HelpdeskStack;
  store: Store;
  dir: string;
  fake: FakeSlack;
  channel: SlackChannel;
  notifications: Notifications;
  poller: Poller;
  /** The app's registry over the scene's store (every feature bound), for a test that runs a command itself. */
  commands: CommandRegistry;
  /** Signs and POSTs a request to /slack/events, as Slack does. */
  post: ReturnType<typeof createSlackPoster>;
  close(): Promise<void>;
}

export interface SlackSceneOptions {
  /** How long the service keeps the agents list (default 0: tests see agent changes at once; benches pass the app's 60 s). */
  agentCacheTtlMs?: number;
  /** Listed in SD_Agents as an active agent. */
  agent: SlackPerson;
  /** Everyone the Slack stand-in knows, the agent included. */
  people: SlackPerson[];
  /** Names the data directory. */
  dirPrefix: string;
  /** The survey settings, when the test is about them. */
  csat?: OpenSettings['csat'];
  /** Replies in a card's thread reach the help desk. */
  threadReplies?: boolean;
}

const SECRET = 'notify-scene-signing-secret';

export async function startSlackNotifyScene(options: SlackSceneOptions): Promise<SlackNotifyScene> {
  const { agent } = options;
  const stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: options.agentCacheTtlMs ?? 0 } });
  stack.emulator.data.insert('SD_Agents', { Title: agent.name, SD_Email: agent.email, SD_IsActive: true });
  const dir = mkdtempSync(path.join(tmpdir(), options.dirPrefix));
  // As the app opens it: every feature's tables, the features bound to it, as notify and the registry run them.
  const store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
  const logger = createLogger({ level: 'error', write: () => undefined });
  const feed = createChangeFeed(stack.graph, stack.settings);
  const hostServices = { graph: stack.graph, vocabulary: stack.helpdesk.vocabulary, helpdesk: stack.helpdesk, feed, ...(options.csat ? { settings: { csat: options.csat } } : {}) };
  const features = await boundFeatures(store, hostServices);
  const notifications = createNotifications({ store, feed, helpdesk: stack.helpdesk, vocabulary: stack.helpdesk.vocabulary, logger, pollSeconds: 15, features });
  const commands = registryOf(features);
  const fake = await startFakeSlack({ users: options.people });
  const channel: SlackChannel = createSlackChannel({
    settings: { botToken: fake.token, signingSecret: SECRET, apiUrl: fake.apiUrl },
    helpdesk: notifications.helpdesk,
    notifications: notifications.ports,
    commands,
    logger,
    hooks: {
      onConversation: slackConversationHook(store),
      ticketOfThread: async (channelId, threadTs) => (await store.findPostedMessage('slack', channelId, threadTs))?.ticketId,
      ...(options.threadReplies
        ? { onThreadReply: (info) => slackThreadReplyHook({ client: channel.client, store, handle: notifications.handleThreadReply, logger })(info) }
        : {}),
    },
  });
  await channel.start();
  const server = createServer({
    port: 0, teams: { handle: async (_q, r) => void r.send(404) }, slack: { requestListener: channel.requestListener! },
    health: async () => ({ ok: true }), logger, allowUnauthenticated: true,
  });
  const { host, port } = await server.listen();
  const post = createSlackPoster(`http://${host}:${port}/slack/events`, SECRET);
  const poller = notifications.attach([createSlackDelivery({ client: channel.client, store, logger, minIntervalMs: 0 })]);
  await poller.runOnce();
  return {
    stack, store, dir, fake, channel, notifications, poller, post, commands,
    async close() {
      await server.close();
      await channel.stop();
      await fake.close();
      await store.close();
      await stack.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

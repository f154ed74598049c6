/**
 * The notification loop on Teams, wired like the composition root: the embedded site with one
 * agent, the store, notifications, the real Teams channel behind the real server, the loopback Bot
 * Connector knowing each person, and the Teams delivery; its first poll has run. Shared by the
 * Teams end-to-end, storm, notice-DM and survey tests; activities are the recorded, scrubbed
 * fixtures with ids, sender and conversation varied.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTeamsChannel, type TeamsChannel } from '../../src/channels/teams';
import { createTeamsDelivery, handleTeamsThreadReply, teamsConversationHook } from '../../src/channels/teams/notify-delivery';
import { createChangeFeed } from '../../src/helpdesk/changes';
import { createLogger } from '../../src/log';
import { createNotifications, type Notifications, type Poller } from '../../src/notify';
import { createServer, type Server } from '../../src/server';
import { createSqliteStore, type Store } from '../../src/store';
import { FEATURES, featureMigrations } from '../../src/features';
import type { CommandRegistry } from '../../src/commands/registry';
import type { OpenSettings } from '../../src/features';
import { boundFeatures } from './feature-commands';
import { registryOf } from '../../src/commands/registry';
import { startFakeConnector, type FakeConnector } from './fake-connector';
import { startHelpdeskStack, type HelpdeskStack } from './helpdesk-stack';
import { routingOpened } from './routing-host';
import type { RoutingHost } from '../../src/features/routing/ports';

// import.meta.url, not __dirname: benches load this file as an ES module too (bench/claim-card.ts).
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/teams');

export interface TeamsPerson {
  id: string;
  name: string;
  aadObjectId: string;
  email: string;
}

export interface TeamsNotifyScene {
  stack: HelpdeskStack;
  store: Store;
  dir: string;
  connector: FakeConnector;
  teams: TeamsChannel;
  url: string;
  notifications: Notifications;
  poller: Poller;
  /** The app's registry over the scene's store (every feature bound), for a test that runs a command itself. */
  commands: CommandRegistry;
  /** The fixture `name` (test/fixtures/teams) as `who` sent it in `conversationId`, with a fresh id. */
  activity(name: string, who: TeamsPerson, conversationId: string): Record<string, any>;
  /** POSTs an activity to /api/messages: the status and the parsed answer. */
  post(activity: Record<string, any>): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export interface TeamsSceneOptions {
  /** How long the service keeps the agents list (default 0: tests see agent changes at once; benches pass the app's 60 s). */
  agentCacheTtlMs?: number;
  /** Listed in SD_Agents as an active agent. */
  agent: TeamsPerson;
  /** Everyone the Bot Connector's member lookup knows, the agent included. */
  people: TeamsPerson[];
  /** Names the data directory. */
  dirPrefix: string;
  /** The survey settings, when the test is about them. */
  csat?: OpenSettings['csat'];
  /** Replies in a card's thread reach the help desk. */
  threadReplies?: boolean;
  /** Routing on (its rules), as HELPDESK_ROUTING_FILE turns it on: the poll cycle assigns new tickets. */
  routing?: RoutingHost;
}

export async function startTeamsNotifyScene(options: TeamsSceneOptions): Promise<TeamsNotifyScene> {
  const { agent } = options;
  const stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: options.agentCacheTtlMs ?? 0 } });
  stack.emulator.data.insert('SD_Agents', { Title: agent.name, SD_Email: agent.email, SD_IsActive: true });
  const dir = mkdtempSync(path.join(tmpdir(), options.dirPrefix));
  // As the app opens it: every feature's tables, and the features bound to it.
  const store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
  const logger = createLogger({ level: 'error', write: () => undefined });
  const feed = createChangeFeed(stack.graph, stack.settings);
  const host = { graph: stack.graph, vocabulary: stack.helpdesk.vocabulary, helpdesk: stack.helpdesk, feed, ...(options.csat ? { settings: { csat: options.csat } } : {}), ...(options.routing ? { opened: routingOpened(options.routing) } : {}) };
  const features = await boundFeatures(store, host);
  const notifications = createNotifications({ store, feed, helpdesk: stack.helpdesk, vocabulary: stack.helpdesk.vocabulary, logger, pollSeconds: 15, features });
  const commands = registryOf(features);
  const connector = await startFakeConnector();
  for (const p of options.people) connector.members.set(p.id, { id: p.id, name: p.name, aadObjectId: p.aadObjectId, email: p.email });
  const teams = createTeamsChannel({
    settings: { appType: 'MultiTenant' },
    helpdesk: notifications.helpdesk,
    notifications: notifications.ports,
    commands,
    logger,
    hooks: {
      onConversation: teamsConversationHook(store),
      ...(options.threadReplies
        ? { onThreadReply: (context, actor, text, turn) => handleTeamsThreadReply(notifications.handleThreadReply, context, actor, text, turn) }
        : {}),
    },
  });
  const server: Server = createServer({ port: 0, teams, health: async () => ({ ok: true }), logger, allowUnauthenticated: true });
  const url = `http://127.0.0.1:${(await server.listen()).port}/api/messages`;
  const poller = notifications.attach([createTeamsDelivery({ adapter: teams.adapter, appId: teams.appId, store, logger, minIntervalMs: 0 })]);
  await poller.runOnce();
  let seq = 0;
  return {
    stack, store, dir, connector, teams, url, notifications, poller, commands,
    activity(name, who, conversationId) {
      const activity = JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'));
      activity.id = `${Date.now()}${++seq}`;
      activity.serviceUrl = connector.url;
      activity.from = { ...activity.from, id: who.id, name: who.name, aadObjectId: who.aadObjectId };
      activity.conversation = { ...activity.conversation, id: conversationId };
      return activity;
    },
    async post(activity) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(activity) });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
    async close() {
      await server.close();
      await connector.close();
      await store.close();
      await stack.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

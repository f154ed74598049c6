/**
 * The SLA end-to-end scene shared by the alert and card tests: the embedded site, the real Teams
 * channel behind the loopback Bot Connector, the Slack delivery against the Slack stand-in, a policy
 * file and a notifier whose clock the test pins.
 */
import { FEATURES, featureMigrations } from '../../src/features';
import { webApi } from '@slack/bolt';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createTeamsChannel, type TeamsChannel } from '../../src/channels/teams';
import { boundFeatures } from '../support/feature-commands';
import { registryOf } from '../../src/commands/registry';
import { createTeamsDelivery, teamsConversationHook } from '../../src/channels/teams/notify-delivery';
import { createSlackDelivery } from '../../src/channels/slack/notify-delivery';
import { createChangeFeed } from '../../src/helpdesk/changes';
import { createLogger } from '../../src/log';
import { createNotifications, type Poller } from '../../src/notify';
import { createServer, type Server } from '../../src/server';
import { openPolicySource } from '../../src/features/sla/policy-source';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';
import { startFakeConnector, type FakeConnector } from '../support/fake-connector';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';

export const FIXTURES = path.resolve(__dirname, '../fixtures/teams');
export const CHANNEL = '19:scrubbedGeneralChannel0000@thread.tacv2';
export const dana = { id: '29:dana', name: 'Dana Agent', aadObjectId: 'aad-dana', email: 'dana@example.com' };
export const MIN = 60_000;
export const POLICY = {
  timeZone: 'Europe/Berlin',
  hours: { mon: [['08:00', '17:00']] },
  targets: { Urgent: { firstResponse: '30m', resolution: '4h', calendar: '24/7' } },
  warnAt: [0.75],
};
export const logger = createLogger({ level: 'error', write: () => undefined });

export let stack: HelpdeskStack;
export let dir: string;
export let connector: FakeConnector;
export let slack: FakeSlack;
let teams: TeamsChannel;
let server: Server;
export let url: string;
let now = 0;
export const stores: Store[] = [];

/** Pins the notifier's clock. */
export const setNow = (ms: number) => {
  now = ms;
};

/** Registers the scene's set-up and tear-down around each test of the calling file. */
export function useSlaScene(): void {
  beforeEach(async () => {
    stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 } });
    stack.emulator.data.insert('SD_Agents', { Title: dana.name, SD_Email: dana.email, SD_IsActive: true });
    dir = mkdtempSync(path.join(tmpdir(), 'sla-e2e-'));
    writeFileSync(path.join(dir, 'sla.json'), JSON.stringify(POLICY));
    connector = await startFakeConnector();
    connector.members.set(dana.id, { id: dana.id, name: dana.name, aadObjectId: dana.aadObjectId, email: dana.email });
    slack = await startFakeSlack();
  });
  afterEach(async () => {
    await server?.close();
    for (const s of stores.splice(0)) await s.close();
    await connector.close();
    await slack.close();
    await stack.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

/** The notifier on the store in `dir`: what a process start builds (policy, store, notifications, both deliveries). */
export async function startNotifier(): Promise<{ poller: Poller; store: Store }> {
  const store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
  stores.push(store);
  const sla = await openPolicySource(path.join(dir, 'sla.json'), { logger, priorities: stack.helpdesk.vocabulary.priorities });
  const feed = createChangeFeed(stack.graph, stack.settings);
  // Every listed feature bound once, as src/app.ts binds them: the SLA clocks' cycle hook and card part among them.
  const features = await boundFeatures(store, { graph: stack.graph, helpdesk: stack.helpdesk, feed, slaPolicy: sla, vocabulary: stack.helpdesk.vocabulary, now: () => new Date(now) });
  const notifications = createNotifications({
    store, feed, helpdesk: stack.helpdesk, vocabulary: stack.helpdesk.vocabulary,
    logger, pollSeconds: 15, now: () => new Date(now), features,
  });
  if (server) await server.close();
  teams = createTeamsChannel({ settings: { appType: 'MultiTenant' }, helpdesk: notifications.helpdesk, notifications: notifications.ports, commands: registryOf(features), logger, hooks: { onConversation: teamsConversationHook(store) } });
  server = createServer({ port: 0, teams, health: async () => ({ ok: true }), logger, allowUnauthenticated: true });
  url = `http://127.0.0.1:${(await server.listen()).port}/api/messages`;
  const client = new webApi.WebClient(slack.token, { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } });
  const poller = notifications.attach([
    createTeamsDelivery({ adapter: teams.adapter, appId: teams.appId, store, logger, minIntervalMs: 0 }),
    createSlackDelivery({ client, store, logger, minIntervalMs: 0 }),
  ]);
  return { poller, store };
}

/** Types `text` in the Teams channel with an @mention of the bot, as Dana. */
export async function sayInTeams(text: string): Promise<void> {
  const activity = JSON.parse(readFileSync(path.join(FIXTURES, 'message-channel-mention.json'), 'utf8'));
  activity.id = `${Date.now()}1`;
  activity.serviceUrl = connector.url;
  activity.from = { ...activity.from, id: dana.id, name: dana.name, aadObjectId: dana.aadObjectId };
  activity.text = `<at>Help Desk</at> ${text}`;
  activity.conversation = { ...activity.conversation, id: `${CHANNEL};messageid=${activity.id}` };
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(activity) });
  if (res.status !== 200) throw new Error(`POST /api/messages answered ${res.status}`);
}

/** A poll cycle at the pinned time, then every send it owed. */
export async function pollAt(poller: Poller, at: number): Promise<void> {
  now = at;
  await poller.runOnce();
  await poller.runOnce();
}

export const slaTexts = () => [
  ...connector.activities.filter((a) => a.conversationId.startsWith(CHANNEL) && /SLA/.test(a.activity.text ?? '')).map((a) => `teams ${a.activity.text}`),
  ...slack.callsTo('chat.postMessage').filter((c) => /SLA/.test(String(c.body.text))).map((c) => `slack ${c.body.channel} ${c.body.text}`),
].sort();


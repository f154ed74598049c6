/**
 * SLA alerts end to end: the embedded site with tickets created in the past, the real Teams
 * channel behind the loopback Bot Connector and the Slack delivery against the Slack stand-in,
 * `subscribe sla` typed in Teams and set in Slack, the poller with a pinned clock. A warning and
 * then a breach each arrive exactly once, with a restart of the notifier in between.
 */
import { webApi } from '@slack/bolt';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTeamsChannel, type TeamsChannel } from '../../src/channels/teams';
import { createTeamsDelivery, teamsConversationHook } from '../../src/channels/teams/notify-delivery';
import { createSlackDelivery } from '../../src/channels/slack/notify-delivery';
import { createChangeFeed } from '../../src/helpdesk/changes';
import { createLogger } from '../../src/log';
import { createNotifications, type Poller } from '../../src/notify';
import { createServer, type Server } from '../../src/server';
import { openPolicySource } from '../../src/sla/source';
import { createNotificationPorts, createSqliteStore, type Store } from '../../src/store';
import { startFakeConnector, type FakeConnector } from '../support/fake-connector';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';

const FIXTURES = path.resolve(__dirname, '../fixtures/teams');
const CHANNEL = '19:scrubbedGeneralChannel0000@thread.tacv2';
const dana = { id: '29:dana', name: 'Dana Agent', aadObjectId: 'aad-dana', email: 'dana@example.com' };
const MIN = 60_000;
const POLICY = {
  timeZone: 'Europe/Berlin',
  hours: { mon: [['08:00', '17:00']] },
  targets: { Urgent: { firstResponse: '30m', resolution: '4h', calendar: '24/7' } },
  warnAt: [0.75],
};
const logger = createLogger({ level: 'error', write: () => undefined });

let stack: HelpdeskStack;
let dir: string;
let connector: FakeConnector;
let slack: FakeSlack;
let teams: TeamsChannel;
let server: Server;
let url: string;
let now = 0;
const stores: Store[] = [];

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

/** The notifier on the store in `dir`: what a process start builds (policy, store, notifications, both deliveries). */
async function startNotifier(): Promise<{ poller: Poller; store: Store }> {
  const store = createSqliteStore({ dataDir: dir });
  stores.push(store);
  const sla = await openPolicySource(path.join(dir, 'sla.json'), { logger, priorities: stack.helpdesk.vocabulary.priorities });
  const notifications = createNotifications({
    store, feed: createChangeFeed(stack.graph, stack.settings), helpdesk: stack.helpdesk, vocabulary: stack.helpdesk.vocabulary,
    logger, pollSeconds: 15, sla, now: () => new Date(now),
  });
  if (server) await server.close();
  teams = createTeamsChannel({ settings: { appType: 'MultiTenant' }, helpdesk: notifications.helpdesk, notifications: notifications.ports, logger, hooks: { onConversation: teamsConversationHook(store) } });
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
async function sayInTeams(text: string): Promise<void> {
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
async function pollAt(poller: Poller, at: number): Promise<void> {
  now = at;
  await poller.runOnce();
  await poller.runOnce();
}

const slaTexts = () => [
  ...connector.activities.filter((a) => a.conversationId.startsWith(CHANNEL) && /SLA/.test(a.activity.text ?? '')).map((a) => `teams ${a.activity.text}`),
  ...slack.callsTo('chat.postMessage').filter((c) => /SLA/.test(String(c.body.text))).map((c) => `slack ${c.body.channel} ${c.body.text}`),
].sort();

describe('SLA alerts end to end', () => {
  it('a warning then a breach, each once in a Teams and a Slack channel subscribed with `subscribe sla`, across a restart; `sla <id>` explains', async () => {
    const created = Date.parse('2026-11-23T10:00:00Z');
    let { poller } = await startNotifier();
    now = created - 60 * MIN;
    await poller.runOnce(); // first start: nothing announced, the policy adopted
    await sayInTeams('subscribe sla');
    const store = stores[stores.length - 1];
    expect(await createNotificationPorts(store).subscriptions({ platform: 'teams', id: CHANNEL, kind: 'channel' })).toEqual([{ kind: 'sla', value: '' }]);
    await createNotificationPorts(store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'sla', value: '' }, dana);

    stack.emulator.data.insert('SD_Tickets', {
      Title: 'VPN down for the whole floor', SD_Description: 'd', SD_Priority: 'Urgent', SD_Status: 'New', SD_Category: 'Network',
      SD_SubmittedBy: 'alex@example.com', SD_SubmittedByName: 'Alex', SD_SubmittedByEmail: 'alex@example.com', SD_AssignedTo: '',
    }, { created: new Date(created), modified: new Date(created) });
    await pollAt(poller, created + 5 * MIN);
    expect(slaTexts()).toEqual([]);

    await pollAt(poller, created + 23 * MIN);
    const warning = [
      'teams ⚠️ SLA #1 “VPN down for the whole floor”: first response due in 7 min (nobody holds it).',
      'slack C1 ⚠️ SLA #1 “VPN down for the whole floor”: first response due in 7 min (nobody holds it).',
    ];
    expect(slaTexts()).toEqual(warning.sort());

    // A restart: a new notifier on the same store; the warning is not said again.
    await poller.stop();
    ({ poller } = await startNotifier());
    await pollAt(poller, created + 24 * MIN);
    expect(slaTexts()).toEqual(warning);

    await pollAt(poller, created + 35 * MIN);
    expect(slaTexts()).toEqual([
      ...warning,
      'teams 🔴 SLA #1 “VPN down for the whole floor”: first response breached 5 min ago (nobody holds it).',
      'slack C1 🔴 SLA #1 “VPN down for the whole floor”: first response breached 5 min ago (nobody holds it).',
    ].sort());
    await pollAt(poller, created + 50 * MIN);
    expect(slaTexts()).toHaveLength(4);

    // `sla 1` explains the clocks, answered privately (in the agent's 1:1 chat).
    await sayInTeams('sla 1');
    const answer = await connector.waitFor((a) => /SLA of #1/.test(JSON.stringify(a.activity.attachments ?? '')));
    expect(answer.conversationId).not.toContain(CHANNEL);
    expect(answer.activity.attachments[0].content.body[0].text).toBe([
      'SLA of #1: priority Urgent, counted around the clock (24/7)',
      // Each time as Teams' date token: every reader sees it in their own time zone.
      'First response (30m): breached at {{DATE(2026-11-23T10:30:00Z, SHORT)}} {{TIME(2026-11-23T10:30:00Z)}}, 20 min ago (used 50 min)',
      'Resolution (4h): due {{DATE(2026-11-23T14:00:00Z, SHORT)}} {{TIME(2026-11-23T14:00:00Z)}}, in 3 h 10 min (used 50 min)',
    ].join('\n'));

    // `queue due`: from the store's due times; a second ticket, due later, comes after the breached one.
    stack.emulator.data.insert('SD_Tickets', {
      Title: 'Mouse wheel sticks', SD_Description: 'd', SD_Priority: 'Urgent', SD_Status: 'New', SD_Category: 'Hardware',
      SD_SubmittedBy: 'alex@example.com', SD_SubmittedByName: 'Alex', SD_SubmittedByEmail: 'alex@example.com', SD_AssignedTo: '',
    }, { created: new Date(created + 45 * MIN), modified: new Date(created + 45 * MIN) });
    await pollAt(poller, created + 50 * MIN);
    await sayInTeams('queue due');
    const list = await connector.waitFor((a) => /Open tickets by SLA due time/.test(JSON.stringify(a.activity.attachments ?? '')));
    const text = JSON.stringify(list.activity.attachments);
    expect(text.indexOf('VPN down for the whole floor')).toBeGreaterThan(-1);
    expect(text.indexOf('VPN down for the whole floor')).toBeLessThan(text.indexOf('Mouse wheel sticks'));
    await poller.stop();
  }, 60_000);

  it('a ticket still breached after `escalate.afterBreach` is announced again with an @mention of the assignee on both platforms', async () => {
    writeFileSync(path.join(dir, 'sla.json'), JSON.stringify({ ...POLICY, escalate: { afterBreach: '10m', notify: 'channel' } }));
    const created = Date.parse('2026-11-23T10:00:00Z');
    const { poller, store } = await startNotifier();
    now = created - 60 * MIN;
    await poller.runOnce();
    await sayInTeams('subscribe sla');
    await createNotificationPorts(store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'sla', value: '' }, dana);
    await store.savePersonAddress({ platform: 'slack', email: dana.email, userId: 'UDANA' });
    stack.emulator.data.insert('SD_Tickets', {
      Title: 'Badge reader dead', SD_Description: 'd', SD_Priority: 'Urgent', SD_Status: 'Assigned', SD_Category: 'Hardware',
      SD_SubmittedBy: 'alex@example.com', SD_SubmittedByName: 'Alex', SD_SubmittedByEmail: 'alex@example.com', SD_AssignedTo: dana.email,
    }, { created: new Date(created), modified: new Date(created) });
    await pollAt(poller, created + 5 * MIN);
    await pollAt(poller, created + 31 * MIN);
    await pollAt(poller, created + 41 * MIN);
    await pollAt(poller, created + 50 * MIN);
    const slackEscalations = slack.callsTo('chat.postMessage').filter((c) => /🚨/.test(String(c.body.text)));
    expect(slackEscalations.map((c) => [c.body.channel, c.body.text])).toEqual([
      ['C1', '🚨 SLA #1 “Badge reader dead”: first response still breached, 11 min after the target (dana@example.com holds it). <@UDANA>'],
    ]);
    const teamsEscalations = connector.activities.filter((a) => /🚨/.test(a.activity.text ?? ''));
    expect(teamsEscalations).toHaveLength(1);
    expect(teamsEscalations[0].conversationId).toBe(CHANNEL);
    expect(teamsEscalations[0].activity.text).toBe('🚨 SLA #1 “Badge reader dead”: first response still breached, 11 min after the target (dana@example.com holds it). <at>Dana Agent</at>');
    expect(teamsEscalations[0].activity.entities).toEqual([{ type: 'mention', text: '<at>Dana Agent</at>', mentioned: { id: dana.id, name: dana.name } }]);
    await poller.stop();
  }, 60_000);
});

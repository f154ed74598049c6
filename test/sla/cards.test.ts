/**
 * SLA clocks on the agents' ticket cards, end to end: a Teams and a Slack channel subscribed to
 * every ticket see the card's clock lines (due time as the platform's date token, coloured by
 * state); the card is edited once when the warning passes and once at the breach, never on the
 * polls in between; a requester's own card never shows a clock.
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


const DUE_11_00 = '2026-11-23T11:00:00Z';
/** The clock lines of the card last sent to the Teams channel (posted or edited). */
function teamsClocks(): { text: string; color: string }[] {
  const cards = [
    ...connector.activities.filter((a) => a.conversationId === CHANNEL && a.activity.attachments?.length),
    ...connector.updates.filter((u) => u.conversationId.startsWith(CHANNEL)),
  ];
  const last = cards[cards.length - 1];
  const found: { text: string; color: string }[] = [];
  const walk = (x: unknown) => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      if (o.type === 'TextBlock' && typeof o.text === 'string' && /(due|breached|met) /.test(o.text) && o.color) found.push({ text: o.text, color: String(o.color) });
      Object.values(o).forEach(walk);
    }
  };
  walk(last?.activity.attachments);
  return found;
}

/** The clock lines of the Slack card as last posted or edited. */
function slackClocks(): string[] {
  const sends = [...slack.callsTo('chat.postMessage'), ...slack.callsTo('chat.update')].filter((c) => c.body.blocks);
  const blocks = JSON.parse(typeof sends[sends.length - 1].body.blocks === 'string' ? String(sends[sends.length - 1].body.blocks) : JSON.stringify(sends[sends.length - 1].body.blocks));
  return blocks.filter((b: any) => b.type === 'context' && /circle|white_check/.test(JSON.stringify(b))).flatMap((b: any) => b.elements.map((e: any) => e.text));
}

const alex = { id: '29:alex', name: 'Alex', aadObjectId: 'aad-alex', email: 'alex@example.com' };

/** Types `text` in `who`'s personal chat with the bot; resolves with the card answered there. */
async function sayPersonally(who: typeof dana, text: string): Promise<string> {
  connector.members.set(who.id, who);
  const activity = JSON.parse(readFileSync(path.join(FIXTURES, 'message-personal.json'), 'utf8'));
  activity.id = `${Date.now()}2`;
  activity.serviceUrl = connector.url;
  activity.from = { id: who.id, name: who.name, aadObjectId: who.aadObjectId };
  activity.conversation = { ...activity.conversation, id: `a:${who.id}` };
  activity.text = text;
  const before = connector.activities.length;
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(activity) });
  if (res.status !== 200) throw new Error(`POST /api/messages answered ${res.status}`);
  const answer = await connector.waitFor((a) => a.conversationId === `a:${who.id}` && connector.activities.indexOf(a) >= before && Boolean(a.activity.attachments?.length));
  return JSON.stringify(answer.activity.attachments);
}

describe('SLA clocks on ticket cards', () => {
  it('an agent\'s card and queue show the clocks, the requester\'s own card never does', async () => {
    const created = Date.parse('2026-11-23T10:00:00Z');
    const { poller } = await startNotifier();
    now = created - 60 * MIN;
    await poller.runOnce();
    stack.emulator.data.insert('SD_Tickets', {
      Title: 'Printer jams', SD_Description: 'd', SD_Priority: 'Urgent', SD_Status: 'New', SD_Category: 'Hardware',
      SD_SubmittedBy: alex.email, SD_SubmittedByName: alex.name, SD_SubmittedByEmail: alex.email, SD_AssignedTo: '',
    }, { created: new Date(created), modified: new Date(created) });
    await pollAt(poller, created + 5 * MIN);

    const agentCard = await sayPersonally(dana, 'show 1');
    expect(agentCard).toContain('First response due {{DATE(2026-11-23T10:30:00Z, SHORT)}} {{TIME(2026-11-23T10:30:00Z)}}');
    expect(agentCard).toContain('Resolution due {{DATE(2026-11-23T14:00:00Z, SHORT)}}');
    const queue = await sayPersonally(dana, 'queue');
    expect(queue).toContain('First response due {{DATE(2026-11-23T10:30:00Z, SHORT)}}');

    const requesterCard = await sayPersonally(alex, 'show 1');
    expect(requesterCard).toContain('Printer jams');
    expect(requesterCard).not.toMatch(/First response|Resolution due|breached/);
    const mine = await sayPersonally(alex, 'mine');
    expect(mine).toContain('Printer jams');
    expect(mine).not.toMatch(/First response|Resolution due/);
    await poller.stop();
  }, 60_000);


  it('a channel card shows the clocks to agents, is edited once when the warning passes and once at the breach, and not on the polls between', async () => {
    const created = Date.parse('2026-11-23T10:00:00Z');
    const { poller, store } = await startNotifier();
    now = created - 60 * MIN;
    await poller.runOnce();
    await createNotificationPorts(store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'all' }, dana);
    await sayInTeams('subscribe');
    stack.emulator.data.insert('SD_Tickets', {
      Title: 'VPN down for the whole floor', SD_Description: 'd', SD_Priority: 'Urgent', SD_Status: 'New', SD_Category: 'Network',
      SD_SubmittedBy: 'alex@example.com', SD_SubmittedByName: 'Alex', SD_SubmittedByEmail: 'alex@example.com', SD_AssignedTo: '',
    }, { created: new Date(created), modified: new Date(created) });
    await pollAt(poller, created + 5 * MIN);

    const at = (iso: string) => `{{DATE(${iso}, SHORT)}} {{TIME(${iso})}}`;
    const slackAt = (iso: string, text: string) => `<!date^${Date.parse(iso) / 1000}^{date_short_pretty} {time}|${text}>`;
    expect(teamsClocks()).toEqual([
      { text: `First response due ${at('2026-11-23T10:30:00Z')}`, color: 'good' },
      { text: `Resolution due ${at('2026-11-23T14:00:00Z')}`, color: 'good' },
    ]);
    expect(slackClocks()).toEqual([
      `:large_green_circle: First response due ${slackAt('2026-11-23T10:30:00Z', '23 Nov 2026 10:30 UTC')}`,
      `:large_green_circle: Resolution due ${slackAt('2026-11-23T14:00:00Z', '23 Nov 2026 14:00 UTC')}`,
    ]);
    const edits = () => ({ teams: connector.updates.filter((u) => u.conversationId.startsWith(CHANNEL)).length, slack: slack.callsTo('chat.update').length });
    expect(edits()).toEqual({ teams: 0, slack: 0 });

    // Polls that cross nothing edit nothing.
    await pollAt(poller, created + 10 * MIN);
    await pollAt(poller, created + 15 * MIN);
    expect(edits()).toEqual({ teams: 0, slack: 0 });

    // 75 % of the first response's 30 minutes: one edit, the line turns to a warning.
    await pollAt(poller, created + 23 * MIN);
    await pollAt(poller, created + 25 * MIN);
    expect(edits()).toEqual({ teams: 1, slack: 1 });
    expect(teamsClocks()[0]).toEqual({ text: `First response due ${at('2026-11-23T10:30:00Z')}`, color: 'warning' });
    expect(slackClocks()[0]).toBe(`:large_yellow_circle: First response due ${slackAt('2026-11-23T10:30:00Z', '23 Nov 2026 10:30 UTC')}`);

    // The breach: one more edit.
    await pollAt(poller, created + 31 * MIN);
    await pollAt(poller, created + 40 * MIN);
    expect(edits()).toEqual({ teams: 2, slack: 2 });
    expect(teamsClocks()[0]).toEqual({ text: `First response breached at ${at('2026-11-23T10:30:00Z')}`, color: 'attention' });
    expect(slackClocks()[0]).toBe(`:red_circle: First response breached at ${slackAt('2026-11-23T10:30:00Z', '23 Nov 2026 10:30 UTC')}`);
    await poller.stop();
  }, 60_000);

  it('a new policy\'s backlog summary carries a button that lists every ticket by due time, paged', async () => {
    const created = Date.parse('2026-11-23T10:00:00Z');
    for (let i = 1; i <= 7; i++) {
      stack.emulator.data.insert('SD_Tickets', {
        Title: `Old ticket ${i}`, SD_Description: 'd', SD_Priority: 'Urgent', SD_Status: 'New', SD_Category: 'Network',
        SD_SubmittedBy: alex.email, SD_SubmittedByName: alex.name, SD_SubmittedByEmail: alex.email, SD_AssignedTo: '',
      }, { created: new Date(created + i * MIN), modified: new Date(created + i * MIN) });
    }
    const { poller, store } = await startNotifier();
    await sayInTeams('subscribe sla');
    await createNotificationPorts(store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'sla', value: '' }, dana);
    // First start with the policy: all seven are past their first response already.
    await pollAt(poller, created + 60 * MIN);

    const summary = slack.callsTo('chat.postMessage').find((c) => /SLA policy in force/.test(String(c.body.text)))!;
    expect(String(summary.body.text)).toMatch(/7 open tickets are already past a threshold/);
    const blocks = typeof summary.body.blocks === 'string' ? JSON.parse(summary.body.blocks) : summary.body.blocks;
    const button = blocks.flatMap((b: any) => b.elements ?? []).find((e: any) => e.type === 'button');
    expect([button.action_id, button.text.text, JSON.parse(button.value)]).toEqual(['ticket.queue', 'List every ticket by due time', { queue: 'due' }]);
    const teamsSummary = connector.activities.find((a) => a.conversationId.startsWith(CHANNEL) && /SLA policy in force/.test(JSON.stringify(a.activity.attachments ?? '')))!;
    const action = JSON.stringify(teamsSummary.activity.attachments);
    expect(action).toContain('"verb":"ticket.queue"');
    expect(action).toContain('"queue":"due"');

    // The button, clicked by an agent in Teams: every ticket with a running clock, breached first.
    const invoke = JSON.parse(readFileSync(path.join(FIXTURES, 'invoke-card-action.json'), 'utf8'));
    invoke.serviceUrl = connector.url;
    invoke.from = { id: dana.id, name: dana.name, aadObjectId: dana.aadObjectId };
    invoke.conversation = { ...invoke.conversation, id: `a:${dana.id}` };
    invoke.value.action = { type: 'Action.Execute', title: 'List', verb: 'ticket.queue', data: { queue: 'due' } };
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(invoke) });
    const answered = JSON.stringify(await res.json());
    for (let i = 1; i <= 7; i++) expect(answered).toContain(`Old ticket ${i}`);
    expect(answered.indexOf('Old ticket 1')).toBeLessThan(answered.indexOf('Old ticket 7'));
    await poller.stop();
  }, 60_000);
});

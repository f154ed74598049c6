/**
 * The satisfaction survey in Teams, wired as the composition root wires it: an agent resolves,
 * the requester's DM gets the rating buttons (fast lane, outbox, fake Bot Connector), her clicks
 * are kept and written to the ticket as internal comments, and `csat` reports them.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTeamsChannel, type TeamsChannel } from '../../src/channels/teams';
import { createTeamsDelivery, teamsConversationHook } from '../../src/channels/teams/notify-delivery';
import { dispatch } from '../../src/commands';
import { VERBS } from '../../src/core';
import { createChangeFeed } from '../../src/helpdesk/changes';
import { createLogger } from '../../src/log';
import { createNotifications, type Notifications, type Poller } from '../../src/notify';
import { createServer, type Server } from '../../src/server';
import { createSqliteStore, STORE_FILE, type Store } from '../../src/store';
import { startFakeConnector, type FakeConnector, type RecordedActivity } from '../support/fake-connector';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';

const FIXTURES = path.resolve(__dirname, '../fixtures/teams');
const dana = { id: '29:dana', name: 'Dana Agent', aadObjectId: 'aad-dana', email: 'dana@example.com' };
const lynne = { id: '29:lynne', name: 'Lynne Robbins', aadObjectId: 'aad-lynne', email: 'lynne@example.com' };
const LYNNE_CHAT = `a:personal-${lynne.aadObjectId}`;
type Person = typeof lynne;

let stack: HelpdeskStack;
let store: Store;
let dir: string;
let connector: FakeConnector;
let teams: TeamsChannel;
let server: Server;
let url: string;
let notifications: Notifications;
let poller: Poller;
let seq = 0;

async function start(csat: { enabled: boolean; scale: 'five' | 'thumbs' }): Promise<void> {
  stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 } });
  stack.emulator.data.insert('SD_Agents', { Title: dana.name, SD_Email: dana.email, SD_IsActive: true });
  dir = mkdtempSync(path.join(tmpdir(), 'csat-teams-'));
  store = createSqliteStore({ dataDir: dir });
  const logger = createLogger({ level: 'error', write: () => undefined });
  notifications = createNotifications({ store, feed: createChangeFeed(stack.graph, stack.settings), helpdesk: stack.helpdesk, vocabulary: stack.helpdesk.vocabulary, logger, pollSeconds: 15, csat });
  connector = await startFakeConnector();
  for (const p of [dana, lynne]) connector.members.set(p.id, { id: p.id, name: p.name, aadObjectId: p.aadObjectId, email: p.email });
  teams = createTeamsChannel({ settings: { appType: 'MultiTenant' }, helpdesk: notifications.helpdesk, notifications: notifications.ports, logger, hooks: { onConversation: teamsConversationHook(store) } });
  server = createServer({ port: 0, teams, health: async () => ({ ok: true }), logger, allowUnauthenticated: true });
  const { port } = await server.listen();
  url = `http://127.0.0.1:${port}/api/messages`;
  poller = notifications.attach([createTeamsDelivery({ adapter: teams.adapter, appId: teams.appId, store, logger, minIntervalMs: 0 })]);
  await poller.runOnce();
}
afterEach(async () => {
  await server.close();
  await connector.close();
  await store.close();
  await stack.close();
  rmSync(dir, { recursive: true, force: true });
});

async function send(activity: Record<string, any>): Promise<{ status: number; body: any }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(activity) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
function fixture(name: string, who: Person): Record<string, any> {
  const activity = JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'));
  activity.id = `${Date.now()}${++seq}`;
  activity.serviceUrl = connector.url;
  activity.from = { ...activity.from, id: who.id, name: who.name, aadObjectId: who.aadObjectId };
  activity.conversation = { ...activity.conversation, id: `a:personal-${who.aadObjectId}` };
  return activity;
}
async function say(text: string, who: Person = lynne): Promise<RecordedActivity[]> {
  const activity = fixture('message-personal', who);
  activity.text = text;
  const before = connector.activities.length;
  expect((await send(activity)).status).toBe(200);
  return connector.activities.slice(before);
}
function click(action: { verb: string; data: Record<string, unknown> }, who: Person = lynne) {
  const activity = fixture('invoke-card-action', who);
  activity.value = { ...activity.value, action: { type: 'Action.Execute', verb: action.verb, data: action.data } };
  return send(activity);
}
const cardIn = (a: RecordedActivity | undefined) => a?.activity.attachments?.find((x: any) => x.contentType === 'application/vnd.microsoft.card.adaptive')?.content;
const actionsOf = (card: any): any[] => card?.actions ?? [];
const asDana = () => ({ actor: { email: dana.email, name: dana.name }, helpdesk: notifications.helpdesk, conversation: { platform: 'teams' as const, id: 'a:dana', kind: 'personal' as const }, channel: {}, notifications: notifications.ports });
const notes = async (id: number) => (await stack.helpdesk.listComments({ email: dana.email, name: dana.name }, id)).filter((c) => c.isInternal).map((c) => c.body);
const survey = () => connector.waitFor((a) => a.conversationId === LYNNE_CHAT && /How did we do/.test(a.activity.text ?? ''));

describe('Teams: satisfaction survey on resolve', () => {
  beforeEach(() => start({ enabled: true, scale: 'five' }));

  it('an agent resolves: the requester rates, changes her rating, adds a comment; each lands on the ticket and in `csat`', async () => {
    await say('mine');
    const t = await notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Headset crackles' });
    await poller.runOnce();
    await dispatch(asDana(), { verb: VERBS.resolve, ticketId: t.id, values: { note: 'New cable' } });
    const dm = await survey();
    const buttons = actionsOf(cardIn(dm));
    expect(buttons.map((a) => a.title)).toEqual(['1', '2', '3', '4', '5']);

    const first = await click(buttons.find((b) => b.title === '2'));
    expect(JSON.stringify(first.body.value)).toContain(`you rated #${t.id} 2/5`);
    expect(await notes(t.id)).toEqual(['Satisfaction 2/5']);
    // The thanks card offers the comment and every other rating: a second click changes the answer.
    const again = actionsOf(first.body.value);
    expect(again.map((a) => a.title)).toEqual(['Add a comment', '1', '3', '4', '5']);
    const changed = await click(again.find((b) => b.title === '4'));
    expect(JSON.stringify(changed.body.value)).toContain(`you now rate #${t.id} 4/5`);
    expect(await notes(t.id)).toEqual(['Satisfaction 2/5', 'Satisfaction changed to 4/5']);

    const form = await click(actionsOf(changed.body.value).find((b) => b.title === 'Add a comment'));
    const submit = actionsOf(form.body.value).find((a) => a.verb === VERBS.csatAnswer);
    await click({ verb: submit.verb, data: { ...submit.data, rating: '4', comment: 'Quick and friendly' } });
    expect(await notes(t.id)).toEqual(['Satisfaction 2/5', 'Satisfaction changed to 4/5', 'Satisfaction 4/5: Quick and friendly']);

    const report = await dispatch(asDana(), { verb: VERBS.csat, values: { days: '7' } });
    const text = report.view.type === 'confirmation' ? report.view.confirmation.message : '';
    expect(text).toContain('Average: 4/5 from 1 answer');
    expect(text).toContain('Response rate: 100% (1 of 1 surveys)');
    expect(text).toContain('• Dana Agent: 4/5 (1)');
    expect(text).toContain(`• #${t.id} 4/5: “Quick and friendly”`);
    expect(await store.surveys.sentSince('2000-01-01T00:00:00Z')).toHaveLength(1);
  }, 30_000);

  it('a forged rating and someone else’s click are refused plainly; after 7 days the survey says it is closed', async () => {
    await say('mine');
    const t = await notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Dock dead' });
    await poller.runOnce();
    await dispatch(asDana(), { verb: VERBS.resolve, ticketId: t.id });
    const [one] = actionsOf(cardIn(await survey()));
    const forged = await click({ verb: one.verb, data: { ...one.data, rating: '9' } });
    expect(forged.body.value.message).toBe('“9” is not a rating this survey offers: choose 1, 2, 3, 4, 5.');
    const stranger = await click(one, dana);
    expect(stranger.body.value.message).toBe(`Only the person who filed #${t.id} can answer its survey.`);
    expect(await notes(t.id)).toEqual([]);

    const db = new Database(path.join(dir, STORE_FILE));
    db.prepare(`UPDATE csat_surveys SET sent_at = ?`).run(new Date(Date.now() - 8 * 86_400_000).toISOString());
    db.close();
    const late = await click(one);
    expect(JSON.stringify(late.body.value)).toContain(`This survey about #${t.id} closed: it could be answered for 7 days`);
    expect(await notes(t.id)).toEqual([]);
  }, 30_000);

  it('no survey when the requester resolved the ticket themselves', async () => {
    await say('mine', dana);
    const t = await notifications.helpdesk.createTicket({ email: dana.email, name: dana.name }, { title: 'My own monitor' });
    await poller.runOnce();
    await dispatch(asDana(), { verb: VERBS.resolve, ticketId: t.id });
    await poller.runOnce();
    expect((await store.surveys.sentSince('2000-01-01T00:00:00Z')).filter((s) => s.ticketId === t.id)).toEqual([]);
    expect(connector.activities.filter((a) => /How did we do/.test(a.activity.text ?? ''))).toEqual([]);
  }, 30_000);
});

describe('Teams: HELPDESK_CSAT=off', () => {
  beforeEach(() => start({ enabled: false, scale: 'five' }));

  it('sends no survey', async () => {
    await say('mine');
    const t = await notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Keyboard sticky' });
    await poller.runOnce();
    await dispatch(asDana(), { verb: VERBS.resolve, ticketId: t.id });
    await connector.waitFor((a) => a.conversationId === LYNNE_CHAT && /was resolved/.test(a.activity.text ?? ''));
    await poller.runOnce();
    expect(await store.surveys.sentSince('2000-01-01T00:00:00Z')).toEqual([]);
    expect(connector.activities.filter((a) => /How did we do/.test(a.activity.text ?? ''))).toEqual([]);
  }, 30_000);
});

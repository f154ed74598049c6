/**
 * Actionable notification DMs (17.2) and replies to them (17.1) in Teams, wired as the composition
 * root wires them: the real Teams channel behind the real server, the loopback Bot Connector, the
 * help desk over the emulator, the store, the outbox and the poller.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTeamsChannel, type TeamsChannel } from '../../src/channels/teams';
import { createTeamsDelivery, teamsConversationHook } from '../../src/channels/teams/notify-delivery';
import { dispatch } from '../../src/commands';
import { VERBS } from '../../src/core';
import { createChangeFeed } from '../../src/helpdesk/changes';
import { createLogger } from '../../src/log';
import { createNotifications, type Notifications, type Poller } from '../../src/notify';
import { createServer, type Server } from '../../src/server';
import { createSqliteStore, type Store } from '../../src/store';
import { startFakeConnector, type FakeConnector, type RecordedActivity } from '../support/fake-connector';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';

const FIXTURES = path.resolve(__dirname, '../fixtures/teams');
const dana = { id: '29:dana', name: 'Dana Agent', aadObjectId: 'aad-dana', email: 'dana@example.com' };
const lynne = { id: '29:lynne', name: 'Lynne Robbins', aadObjectId: 'aad-lynne', email: 'lynne@example.com' };
const LYNNE_CHAT = `a:personal-${lynne.aadObjectId}`;

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

beforeEach(async () => {
  stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 } });
  stack.emulator.data.insert('SD_Agents', { Title: dana.name, SD_Email: dana.email, SD_IsActive: true });
  dir = mkdtempSync(path.join(tmpdir(), 'notice-teams-'));
  store = createSqliteStore({ dataDir: dir });
  const logger = createLogger({ level: 'error', write: () => undefined });
  notifications = createNotifications({ store, feed: createChangeFeed(stack.graph, stack.settings), helpdesk: stack.helpdesk, vocabulary: stack.helpdesk.vocabulary, logger, pollSeconds: 15 });
  connector = await startFakeConnector();
  for (const p of [dana, lynne]) connector.members.set(p.id, { id: p.id, name: p.name, aadObjectId: p.aadObjectId, email: p.email });
  teams = createTeamsChannel({ settings: { appType: 'MultiTenant' }, helpdesk: notifications.helpdesk, notifications: notifications.ports, logger, hooks: { onConversation: teamsConversationHook(store) } });
  server = createServer({ port: 0, teams, health: async () => ({ ok: true }), logger, allowUnauthenticated: true });
  const { port } = await server.listen();
  url = `http://127.0.0.1:${port}/api/messages`;
  poller = notifications.attach([createTeamsDelivery({ adapter: teams.adapter, appId: teams.appId, store, logger, minIntervalMs: 0 })]);
  await poller.runOnce();
});
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
function fixture(name: string, who: typeof lynne): Record<string, any> {
  const activity = JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'));
  activity.id = `${Date.now()}${++seq}`;
  activity.serviceUrl = connector.url;
  activity.from = { ...activity.from, id: who.id, name: who.name, aadObjectId: who.aadObjectId };
  activity.conversation = { ...activity.conversation, id: `a:personal-${who.aadObjectId}` };
  return activity;
}
/** Lynne types in her 1:1 chat as Teams sends it (HTML-encoded); returns the bot's answers. */
async function say(text: string, html = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')): Promise<RecordedActivity[]> {
  const activity = fixture('message-personal', lynne);
  activity.text = html;
  const before = connector.activities.length;
  expect((await send(activity)).status).toBe(200);
  return connector.activities.slice(before);
}
function click(action: { verb: string; data: Record<string, unknown> }) {
  const activity = fixture('invoke-card-action', lynne);
  activity.value = { ...activity.value, action: { type: 'Action.Execute', verb: action.verb, data: action.data } };
  return send(activity);
}
const cardIn = (a: RecordedActivity | undefined) => a?.activity.attachments?.find((x: any) => x.contentType === 'application/vnd.microsoft.card.adaptive')?.content;
const actionsOf = (card: any): any[] => card?.actions ?? [];
const asDana = () => ({ actor: { email: dana.email, name: dana.name }, helpdesk: notifications.helpdesk, conversation: { platform: 'teams' as const, id: 'a:dana', kind: 'personal' as const }, channel: {}, notifications: notifications.ports });
async function dmAbout(pattern: RegExp): Promise<RecordedActivity> {
  return connector.waitFor((a) => a.conversationId === LYNNE_CHAT && pattern.test(a.activity.text ?? ''));
}

describe('Teams: notification DMs with buttons, and replies to them', () => {
  it('the requester gets Comment and View, plus Reopen once resolved; Reopen opens the form and reopens with her reason', async () => {
    await say('mine');
    const t = await notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Headset crackles' });
    await poller.runOnce();
    await dispatch(asDana(), { verb: VERBS.claim, ticketId: t.id });
    const assigned = await dmAbout(/is now Assigned/);
    expect(actionsOf(cardIn(assigned)).map((a) => a.title)).toEqual(['Comment', 'View']);

    await dispatch(asDana(), { verb: VERBS.resolve, ticketId: t.id, values: { note: 'Replaced the cable' } });
    const resolved = await dmAbout(/was resolved/);
    const card = cardIn(resolved);
    expect(JSON.stringify(card)).toContain('Headset crackles');
    expect(actionsOf(card).map((a) => a.title)).toEqual(['Comment', 'View', 'Reopen']);
    const form = await click(actionsOf(card).find((a) => a.title === 'Reopen'));
    const submit = actionsOf(form.body.value).find((a) => a.verb === VERBS.reopen);
    expect(submit).toBeDefined();
    const reopened = await click({ verb: submit.verb, data: { ...submit.data, reason: 'Still crackles on calls' } });
    expect(JSON.stringify(reopened.body.value)).toContain('Headset crackles');
    const after = await stack.helpdesk.getTicket({ email: dana.email, name: dana.name }, t.id);
    expect(after.status).not.toBe('Resolved');
    const comments = await stack.helpdesk.listComments({ email: dana.email, name: dana.name }, t.id);
    expect(comments.map((c) => c.body)).toContain('Still crackles on calls');
  }, 30_000);

  it('a message after a notification is offered as a comment on its ticket and stored exactly as typed; greetings and commands as before', async () => {
    await say('mine');
    const t = await notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'App crashes' });
    await poller.runOnce();
    await dispatch(asDana(), { verb: VERBS.claim, ticketId: t.id });
    await dmAbout(/is now Assigned/);

    const typed = 'the app shows <null> when x<5';
    const [offer] = await say(typed);
    const buttons = actionsOf(cardIn(offer));
    expect(buttons.map((a) => a.title)).toEqual([`Add as comment on #${t.id}`, 'File as a new ticket']);
    const added = await click(buttons[0]);
    expect(JSON.stringify(added.body.value)).toContain('Comment added');
    const comments = await stack.helpdesk.listComments({ email: dana.email, name: dana.name }, t.id);
    expect(comments.map((c) => c.body)).toEqual([typed]);

    // A long answer rides as a kept draft, so the card stays small and the comment is still whole.
    const long = `Log excerpt follows. ${'line <tag> & x<5; '.repeat(400)}`.trim();
    const [longOffer] = await say(long);
    const longButtons = actionsOf(cardIn(longOffer));
    expect(JSON.stringify(cardIn(longOffer)).length).toBeLessThan(long.length);
    await click(longButtons[0]);
    const all = await stack.helpdesk.listComments({ email: dana.email, name: dana.name }, t.id);
    expect(all.map((c) => c.body)).toEqual([typed, long]);

    const [hello] = await say('hello');
    expect(hello.activity.text).toMatch(/^Hi Lynne!/);
    const [mine] = await say('mine');
    expect(JSON.stringify(cardIn(mine))).toContain('My tickets');
  }, 30_000);

  it('a quoted reply answers the quoted notification, and the quote is not part of the comment', async () => {
    await say('mine');
    const first = await notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Dock not charging' });
    const second = await notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Mouse lags' });
    await poller.runOnce();
    await dispatch(asDana(), { verb: VERBS.claim, ticketId: first.id });
    const quotedDm = await dmAbout(new RegExp(`#${first.id} .*is now Assigned`));
    await dispatch(asDana(), { verb: VERBS.claim, ticketId: second.id });
    await dmAbout(new RegExp(`#${second.id} .*is now Assigned`));

    const quote = `<blockquote itemscope="" itemtype="http://schema.skype.com/Reply" itemid="${quotedDm.id}"><strong itemprop="mri" itemid="28:bot">Help Desk</strong><span itemprop="time" itemid="${quotedDm.id}"></span><p itemprop="preview">${quotedDm.activity.text}</p></blockquote>`;
    const [offer] = await say('', `${quote}<p>It only charges on the left port</p>`);
    const add = actionsOf(cardIn(offer))[0];
    expect(add.title).toBe(`Add as comment on #${first.id}`);
    await click(add);
    const comments = await stack.helpdesk.listComments({ email: dana.email, name: dana.name }, first.id);
    expect(comments.map((c) => c.body)).toEqual(['It only charges on the left port']);
  }, 30_000);
});

/**
 * Actionable notification DMs (17.2) and replies to them (17.1) in Teams, wired as the composition
 * root wires them: the real Teams channel behind the real server, the loopback Bot Connector, the
 * help desk over the emulator, the store, the outbox and the poller.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/commands';
import { VERBS } from '../../src/core';
import type { Notifications, Poller } from '../../src/notify';
import type { FakeConnector, RecordedActivity } from '../support/fake-connector';
import type { HelpdeskStack } from '../support/helpdesk-stack';
import { startTeamsNotifyScene, type TeamsNotifyScene } from '../support/teams-notify-scene';

const dana = { id: '29:dana', name: 'Dana Agent', aadObjectId: 'aad-dana', email: 'dana@example.com' };
const lynne = { id: '29:lynne', name: 'Lynne Robbins', aadObjectId: 'aad-lynne', email: 'lynne@example.com' };
const LYNNE_CHAT = `a:personal-${lynne.aadObjectId}`;

let scene: TeamsNotifyScene;
let stack: HelpdeskStack;
let connector: FakeConnector;
let notifications: Notifications;
let poller: Poller;

beforeEach(async () => {
  scene = await startTeamsNotifyScene({ agent: dana, people: [dana, lynne], dirPrefix: 'notice-teams-' });
  ({ stack, connector, notifications, poller } = scene);
});
afterEach(() => scene.close());

const send = (activity: Record<string, any>) => scene.post(activity);
const fixture = (name: string, who: typeof lynne) => scene.activity(name, who, `a:personal-${who.aadObjectId}`);
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
  return connector.waitFor((a) => a.conversationId === LYNNE_CHAT && pattern.test((a.activity.summary ?? a.activity.text) ?? ''));
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

    const quote = `<blockquote itemscope="" itemtype="http://schema.skype.com/Reply" itemid="${quotedDm.id}"><strong itemprop="mri" itemid="28:bot">Help Desk</strong><span itemprop="time" itemid="${quotedDm.id}"></span><p itemprop="preview">${quotedDm.activity.summary ?? quotedDm.activity.text}</p></blockquote>`;
    const [offer] = await say('', `${quote}<p>It only charges on the left port</p>`);
    const add = actionsOf(cardIn(offer))[0];
    expect(add.title).toBe(`Add as comment on #${first.id}`);
    await click(add);
    const comments = await stack.helpdesk.listComments({ email: dana.email, name: dana.name }, first.id);
    expect(comments.map((c) => c.body)).toEqual(['It only charges on the left port']);
  }, 30_000);
});

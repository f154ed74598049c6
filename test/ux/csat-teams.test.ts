/**
 * The satisfaction survey in Teams, wired as the composition root wires it: an agent resolves,
 * the requester's DM gets the rating buttons (fast lane, outbox, fake Bot Connector), her clicks
 * are kept and written to the ticket as internal comments, and `csat` reports them.
 */
import { surveysOf } from '../support/feature-commands';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/commands';
import { VERBS } from '../../src/core';
import type { Notifications, Poller } from '../../src/notify';
import { STORE_FILE, type Store } from '../../src/store';
import type { FakeConnector, RecordedActivity } from '../support/fake-connector';
import type { HelpdeskStack } from '../support/helpdesk-stack';
import { startTeamsNotifyScene, type TeamsNotifyScene } from '../support/teams-notify-scene';

const dana = { id: '29:dana', name: 'Dana Agent', aadObjectId: 'aad-dana', email: 'dana@example.com' };
const lynne = { id: '29:lynne', name: 'Lynne Robbins', aadObjectId: 'aad-lynne', email: 'lynne@example.com' };
const LYNNE_CHAT = `a:personal-${lynne.aadObjectId}`;
type Person = typeof lynne;

let scene: TeamsNotifyScene;
let stack: HelpdeskStack;
let store: Store;
let dir: string;
let connector: FakeConnector;
let notifications: Notifications;
let poller: Poller;

async function start(csat: { enabled: boolean; scale: 'five' | 'thumbs' }): Promise<void> {
  scene = await startTeamsNotifyScene({ agent: dana, people: [dana, lynne], dirPrefix: 'csat-teams-', csat });
  ({ stack, store, dir, connector, notifications, poller } = scene);
}
afterEach(() => scene.close());

const send = (activity: Record<string, any>) => scene.post(activity);
const fixture = (name: string, who: Person) => scene.activity(name, who, `a:personal-${who.aadObjectId}`);
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
const asDana = () => ({ actor: { email: dana.email, name: dana.name }, helpdesk: notifications.helpdesk, conversation: { platform: 'teams' as const, id: 'a:dana', kind: 'personal' as const }, channel: {}, notifications: notifications.ports, commands: scene.commands });
const notes = async (id: number) => (await stack.helpdesk.listComments({ email: dana.email, name: dana.name }, id)).filter((c) => c.isInternal).map((c) => c.body);
const survey = () => connector.waitFor((a) => a.conversationId === LYNNE_CHAT && /How did we do/.test((a.activity.summary ?? a.activity.text) ?? ''));

describe('Teams: satisfaction survey on resolve', () => {
  beforeEach(() => start({ enabled: true, scale: 'five' }));

  it('an agent resolves: the requester rates, changes her rating, adds a comment; each lands on the ticket and in `csat`', async () => {
    await say('mine');
    const t = await notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Headset crackles' });
    await poller.runOnce();
    const before = connector.activities.length;
    await dispatch(asDana(), { verb: VERBS.resolve, ticketId: t.id, values: { note: 'New cable' } });
    const dm = await survey();
    // One message for the resolution: what was done, its note and the rating buttons, each naming its place on the scale.
    await poller.runOnce();
    expect(connector.activities.slice(before).filter((a) => a.conversationId === LYNNE_CHAT)).toHaveLength(1);
    const card = JSON.stringify(cardIn(dm));
    expect(card).toContain('New cable');
    // Nothing beside the card repeats it; the plain text is only the notification's summary.
    expect(dm.activity.text ?? '').toBe('');
    expect(dm.activity.summary).toMatch(/was resolved/);
    const buttons = actionsOf(cardIn(dm));
    expect(buttons.map((a) => a.title)).toEqual(['1 – Poor', '2 – Fair', '3 – Okay', '4 – Good', '5 – Great']);

    const first = await click(buttons.find((b) => b.title.startsWith('2')));
    expect(JSON.stringify(first.body.value)).toContain(`you rated #${t.id} 2/5`);
    expect(await notes(t.id)).toEqual(['Satisfaction 2/5']);
    // The thanks card offers the comment and every other rating: a second click changes the answer.
    const again = actionsOf(first.body.value);
    expect(again.map((a) => a.title)).toEqual(['Add a comment', '1 – Poor', '3 – Okay', '4 – Good', '5 – Great']);
    const changed = await click(again.find((b) => b.title.startsWith('4')));
    expect(JSON.stringify(changed.body.value)).toContain(`you now rate #${t.id} 4/5`);
    // One survey, one note: a changed rating rewrites it.
    expect(await notes(t.id)).toEqual(['Satisfaction 4/5']);

    const form = await click(actionsOf(changed.body.value).find((b) => b.title === 'Add a comment'));
    const submit = actionsOf(form.body.value).find((a) => a.verb === VERBS.csatAnswer);
    const commented = await click({ verb: submit.verb, data: { ...submit.data, rating: '4', comment: 'Quick and friendly' } });
    // The card says the comment arrived, and the desk still has one note, now with it.
    expect(JSON.stringify(commented.body.value)).toMatch(/comment/i);
    expect(JSON.stringify(commented.body.value)).not.toBe(JSON.stringify(changed.body.value));
    expect(await notes(t.id)).toEqual(['Satisfaction 4/5: Quick and friendly']);

    const report = await dispatch(asDana(), { verb: VERBS.csat, values: { days: '7' } });
    const text = report.view.type === 'confirmation' ? report.view.confirmation.message : '';
    expect(text).toContain('Average: 4/5 from 1 answer');
    expect(text).toContain('Response rate: 100% (1 of 1 survey)');
    expect(text).toContain('• Dana Agent: 4/5 (1)');
    expect(text).toContain(`• #${t.id} 4/5: “Quick and friendly”`);
    expect(await surveysOf(store).sentSince('2000-01-01T00:00:00Z')).toHaveLength(1);
  }, 30_000);

  it('a rating keeps the resolution in the DM: the card after the click still says what was done', async () => {
    await say('mine');
    const t = await notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Webcam blurry' });
    await poller.runOnce();
    await dispatch(asDana(), { verb: VERBS.resolve, ticketId: t.id, values: { note: 'Cleaned the lens and updated the driver' } });
    const buttons = actionsOf(cardIn(await survey()));
    const rated = JSON.stringify((await click(buttons.find((b) => b.title.startsWith('4')))).body.value);
    expect(rated).toContain('Cleaned the lens and updated the driver');
    expect(rated).toContain(`you rated #${t.id} 4/5`);
    expect(rated).toContain('Webcam blurry');
    // And again after the rating changes.
    const again = actionsOf((await click(buttons.find((b) => b.title.startsWith('5')))).body.value);
    const changed = JSON.stringify((await click(again.find((b) => b.title.startsWith('3')))).body.value);
    expect(changed).toContain('Cleaned the lens and updated the driver');
  }, 30_000);

  it('`csat` names who resolved a ticket in the help desk itself (the note\'s author), and says plainly when nobody is known', async () => {
    await say('mine');
    const a = await notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Fan loud' });
    const b = await notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Mouse dead' });
    await poller.runOnce();
    // What the SharePoint product does: a public note by the agent, then the status; nobody assigned.
    stack.emulator.data.insert('SD_Comments', { Title: 'Fixed', SD_TicketId: a.id, SD_Body: 'Cleaned the fan.', SD_AuthorEmail: dana.email, SD_AuthorName: dana.name, SD_IsInternal: false });
    stack.emulator.data.update('SD_Tickets', String(a.id), { SD_Status: 'Resolved' });
    stack.emulator.data.update('SD_Tickets', String(b.id), { SD_Status: 'Resolved' });
    await poller.runOnce();
    await poller.runOnce();
    const surveys = connector.activities.filter((x) => x.conversationId === LYNNE_CHAT && /How did we do/.test((x.activity.summary ?? x.activity.text) ?? ''));
    expect(surveys).toHaveLength(2);
    for (const dm of surveys) await click(actionsOf(cardIn(dm)).find((x) => x.title.startsWith('4')));
    const report = await dispatch(asDana(), { verb: VERBS.csat, values: { days: '7' } });
    const text = report.view.type === 'confirmation' ? report.view.confirmation.message : '';
    expect(text).toContain('• Dana Agent: 4/5 (1)');
    expect(text).not.toContain('not recorded');
    expect(text).toContain('• No agent named on the ticket: 4/5 (1)');
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
    expect((await surveysOf(store).sentSince('2000-01-01T00:00:00Z')).filter((s) => s.ticketId === t.id)).toEqual([]);
    expect(connector.activities.filter((a) => /How did we do/.test((a.activity.summary ?? a.activity.text) ?? ''))).toEqual([]);
  }, 30_000);
});

describe('Teams: HELPDESK_CSAT=off', () => {
  beforeEach(() => start({ enabled: false, scale: 'five' }));

  it('sends no survey', async () => {
    await say('mine');
    const t = await notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Keyboard sticky' });
    await poller.runOnce();
    await dispatch(asDana(), { verb: VERBS.resolve, ticketId: t.id });
    await connector.waitFor((a) => a.conversationId === LYNNE_CHAT && /was resolved/.test((a.activity.summary ?? a.activity.text) ?? ''));
    await poller.runOnce();
    expect(await surveysOf(store).sentSince('2000-01-01T00:00:00Z')).toEqual([]);
    expect(connector.activities.filter((a) => /How did we do/.test((a.activity.summary ?? a.activity.text) ?? ''))).toEqual([]);
  }, 30_000);
});

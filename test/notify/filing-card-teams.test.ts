/**
 * The card a filing in the Teams personal chat answers with follows the ticket: a later change,
 * through the bot or in the list, edits that card in place with its reader's view (a requester's
 * never has agent buttons), and the person gets no message besides the DMs they always get.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/commands';
import { VERBS } from '../../src/core';
import type { Notifications, Poller } from '../../src/notify';
import type { FakeConnector } from '../support/fake-connector';
import type { HelpdeskStack } from '../support/helpdesk-stack';
import { startTeamsNotifyScene, type TeamsNotifyScene } from '../support/teams-notify-scene';

const dana = { id: '29:dana', name: 'Dana Agent', aadObjectId: 'aad-dana', email: 'dana@example.com' };
const lynne = { id: '29:lynne', name: 'Lynne Robbins', aadObjectId: 'aad-lynne', email: 'lynne@example.com' };
const chatOf = (who: typeof dana) => `a:personal-${who.aadObjectId}`;
const AGENT_BUTTONS: readonly string[] = [VERBS.claim, VERBS.resolve, VERBS.resolveForm];

let scene: TeamsNotifyScene;
let stack: HelpdeskStack;
let connector: FakeConnector;
let notifications: Notifications;
let poller: Poller;

beforeEach(async () => {
  scene = await startTeamsNotifyScene({ agent: dana, people: [dana, lynne], dirPrefix: 'filing-card-teams-' });
  ({ stack, connector, notifications, poller } = scene);
});
afterEach(() => scene.close());

async function send(activity: Record<string, any>): Promise<any> {
  const { status, body } = await scene.post(activity);
  if (status !== 200) throw new Error(`POST /api/messages answered ${status}`);
  return body;
}
const say = (who: typeof dana, text: string) => send({ ...scene.activity('message-personal', who, chatOf(who)), text });

/** `who` submits the new-ticket form card `formId` in their personal chat; Teams shows the answer in its place. Returns the ticket id. */
async function file(who: typeof dana, formId: string, title: string): Promise<number> {
  const a = scene.activity('invoke-card-action', who, chatOf(who));
  a.replyToId = formId;
  a.value = { ...a.value, action: { type: 'Action.Execute', verb: VERBS.create, data: { title, description: 'Since this morning.' } } };
  const answer = await send(a);
  const card = JSON.stringify(answer.value);
  expect(card).toContain(title);
  const id = Number(/#(\d+)/.exec(card)?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}
/** The verbs of the buttons on a card. */
const verbsOn = (card: unknown): string[] => [...JSON.stringify(card).matchAll(/"verb":"([^"]+)"/g)].map((m) => m[1]);
/** The last edit of message `id` in `conversationId`, as the card it now shows. */
function lastEdit(conversationId: string, id: string): unknown {
  const card = connector.updates.filter((u) => u.conversationId === conversationId && u.activityId === id).at(-1)?.activity.attachments?.[0]?.content;
  expect(card, `the card ${id} was edited in place`).toBeDefined();
  return card;
}
const messagesIn = (conversationId: string) => connector.activities.filter((a) => a.conversationId === conversationId);

describe('the filing card in the Teams personal chat', () => {
  it('resolved through the bot by an agent: the card shows Resolved without Claim or Resolve, and the requester gets only the resolution DM', async () => {
    await say(lynne, 'mine');
    const id = await file(lynne, 'form-card-lynne', 'Webcam frozen');
    await poller.runOnce();
    const before = messagesIn(chatOf(lynne)).length;

    const ctx = { actor: { email: dana.email, name: dana.name }, helpdesk: notifications.helpdesk, conversation: { platform: 'teams' as const, id: chatOf(dana), kind: 'personal' as const }, channel: {}, notifications: notifications.ports, commands: scene.commands };
    await dispatch(ctx, { verb: VERBS.resolve, ticketId: id, values: { note: 'Replaced the driver.' } });
    await connector.waitFor((a) => a.conversationId === chatOf(lynne) && JSON.stringify(a.activity.attachments ?? []).includes('was resolved'));
    await poller.runOnce();
    await poller.runOnce();

    const card = lastEdit(chatOf(lynne), 'form-card-lynne');
    expect(JSON.stringify(card)).toContain('"text":"Resolved"');
    expect(verbsOn(card).filter((v) => AGENT_BUTTONS.includes(v))).toEqual([]);
    // One message for the resolution; the card edit adds none and no thread line.
    expect(messagesIn(chatOf(lynne)).length - before).toBe(1);
    expect(connector.activities.filter((a) => a.conversationId.startsWith(`${chatOf(lynne)};`))).toEqual([]);
  }, 30_000);

  it("assigned and resolved in the list: the requester's card follows each change in her view, never with agent buttons", async () => {
    await say(lynne, 'mine');
    const id = await file(lynne, 'form-card-lynne', 'Dock flickers');
    await poller.runOnce();

    stack.emulator.data.update('SD_Tickets', String(id), { SD_Status: 'In Progress', SD_AssignedTo: dana.email });
    await poller.runOnce();
    const open = lastEdit(chatOf(lynne), 'form-card-lynne');
    expect(JSON.stringify(open)).toContain('"text":"In Progress"');
    expect(JSON.stringify(open)).not.toContain('Resolved');
    expect(verbsOn(open).filter((v) => AGENT_BUTTONS.includes(v))).toEqual([]);
    const before = messagesIn(chatOf(lynne)).length;

    stack.emulator.data.update('SD_Tickets', String(id), { SD_Status: 'Resolved' });
    await poller.runOnce();
    const resolved = lastEdit(chatOf(lynne), 'form-card-lynne');
    expect(JSON.stringify(resolved)).toContain('"text":"Resolved"');
    expect(verbsOn(resolved).filter((v) => AGENT_BUTTONS.includes(v))).toEqual([]);
    expect(messagesIn(chatOf(lynne)).length - before).toBe(1);
  }, 30_000);

  it("an agent's own filing card keeps the agent's view until it is resolved in the list", async () => {
    await say(dana, 'mine');
    const id = await file(dana, 'form-card-dana', 'Projector dim');
    await poller.runOnce();
    stack.emulator.data.update('SD_Tickets', String(id), { SD_Priority: 'High' });
    await poller.runOnce();
    expect(verbsOn(lastEdit(chatOf(dana), 'form-card-dana'))).toContain(VERBS.claim);

    stack.emulator.data.update('SD_Tickets', String(id), { SD_Status: 'Resolved' });
    await poller.runOnce();
    const resolved = lastEdit(chatOf(dana), 'form-card-dana');
    expect(JSON.stringify(resolved)).toContain('"text":"Resolved"');
    expect(verbsOn(resolved).filter((v) => AGENT_BUTTONS.includes(v))).toEqual([]);
  }, 30_000);
});

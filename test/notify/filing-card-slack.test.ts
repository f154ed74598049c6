/**
 * The message a filing in the Slack DM answers with follows the ticket: a later change, through
 * the bot or in the list, edits it in place (chat.update) with its reader's view (a requester's
 * never has agent buttons), with no thread line under it and no message besides the usual DMs.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/commands';
import { VERBS } from '../../src/core';
import type { Notifications, Poller } from '../../src/notify';
import type { FakeSlack } from '../support/fake-slack';
import type { HelpdeskStack } from '../support/helpdesk-stack';
import { eventBody, interactiveBody, slackFixture } from '../support/slack-request';
import { startSlackNotifyScene, type SlackNotifyScene } from '../support/slack-notify-scene';

const sam = { id: 'USAM0001', name: 'Sam Requester', email: 'sam@example.com' };
const dana = { id: 'UDANA001', name: 'Dana Agent', email: 'dana@example.com' };
const dmOf = (who: { id: string }) => `D${who.id.slice(1)}`;
const AGENT_BUTTONS: readonly string[] = [VERBS.claim, VERBS.resolve, VERBS.resolveForm];

let scene: SlackNotifyScene;
let stack: HelpdeskStack;
let fake: FakeSlack;
let notifications: Notifications;
let poller: Poller;
let seq = 0;

beforeEach(async () => {
  scene = await startSlackNotifyScene({ agent: dana, people: [sam, dana], dirPrefix: 'filing-card-slack-' });
  ({ stack, fake, notifications, poller } = scene);
});
afterEach(() => scene.close());

async function say(who: { id: string }, text: string): Promise<void> {
  const f = slackFixture<Record<string, any>>('event-message-im');
  const ts = `1732280500.${String(++seq).padStart(6, '0')}`;
  const event = { ...f.event, user: who.id, channel: dmOf(who), text, ts, event_ts: ts, channel_type: 'im' };
  expect((await scene.post(eventBody({ ...f, event, event_id: `Ev${seq}` }))).status).toBe(200);
}

/** `who` submits the new-ticket modal opened from their DM; returns the ticket id and the ts of the message that answered. */
async function file(who: { id: string }, title: string): Promise<{ id: number; ts: string }> {
  const payload = slackFixture<Record<string, any>>('view-submission');
  payload.user.id = who.id;
  payload.view.private_metadata = JSON.stringify({ verb: VERBS.create, form: 'new-ticket', channelId: dmOf(who) });
  payload.view.state.values.title.value.value = title;
  payload.view.state.values.priority.value.selected_option = null;
  expect((await scene.post(interactiveBody(payload))).status).toBe(200);
  const sent = await fake.waitFor('chat.postMessage', (c) => c.body.channel === dmOf(who) && String(c.body.text).includes(title));
  const id = Number(/#(\d+)/.exec(String(sent.body.text))?.[1]);
  expect(id).toBeGreaterThan(0);
  return { id, ts: String(sent.answer?.ts) };
}
/** The verbs of the buttons in a message's blocks. */
const verbsOn = (blocks: unknown): string[] => [...JSON.stringify(blocks ?? []).matchAll(/"action_id":"([^"#]+)/g)].map((m) => m[1]);
/** The last chat.update of message `ts` in `channel`: its blocks as text. */
function lastEdit(channel: string, ts: string): string {
  const edit = fake.callsTo('chat.update').filter((c) => c.body.channel === channel && c.body.ts === ts).at(-1);
  expect(edit, `the message ${ts} was edited in place`).toBeDefined();
  return JSON.stringify(edit!.body.blocks);
}
const postsIn = (channel: string) => fake.callsTo('chat.postMessage').filter((c) => c.body.channel === channel);

describe('the filing message in the Slack DM', () => {
  it('resolved through the bot by an agent: it shows Resolved without Claim or Resolve, and the requester gets only the resolution DM', async () => {
    await say(sam, 'mine');
    const { id, ts } = await file(sam, 'Webcam frozen');
    await poller.runOnce();
    const before = postsIn(dmOf(sam)).length;

    const ctx = { actor: { email: dana.email, name: dana.name }, helpdesk: notifications.helpdesk, conversation: { platform: 'slack' as const, id: dmOf(dana), kind: 'personal' as const }, channel: {}, notifications: notifications.ports, commands: scene.commands };
    await dispatch(ctx, { verb: VERBS.resolve, ticketId: id, values: { note: 'Replaced the driver.' } });
    await fake.waitFor('chat.postMessage', (c) => c.body.channel === dmOf(sam) && /was resolved/.test(String(c.body.text)));
    await poller.runOnce();
    await poller.runOnce();

    const card = lastEdit(dmOf(sam), ts);
    expect(card).toContain('Resolved');
    expect(verbsOn(JSON.parse(card)).filter((v) => AGENT_BUTTONS.includes(v))).toEqual([]);
    expect(postsIn(dmOf(sam)).length - before).toBe(1);
    expect(postsIn(dmOf(sam)).filter((c) => c.body.thread_ts)).toEqual([]);
  }, 30_000);

  it("assigned and resolved in the list: the requester's message follows each change in his view, never with agent buttons", async () => {
    await say(sam, 'mine');
    const { id, ts } = await file(sam, 'Dock flickers');
    await poller.runOnce();

    stack.emulator.data.update('SD_Tickets', String(id), { SD_Status: 'In Progress', SD_AssignedTo: dana.email });
    await poller.runOnce();
    const open = lastEdit(dmOf(sam), ts);
    expect(open).toContain('In Progress');
    expect(open).not.toContain('Resolved');
    expect(verbsOn(JSON.parse(open)).filter((v) => AGENT_BUTTONS.includes(v))).toEqual([]);
    const before = postsIn(dmOf(sam)).length;

    stack.emulator.data.update('SD_Tickets', String(id), { SD_Status: 'Resolved' });
    await poller.runOnce();
    const resolved = lastEdit(dmOf(sam), ts);
    expect(resolved).toContain('Resolved');
    expect(verbsOn(JSON.parse(resolved)).filter((v) => AGENT_BUTTONS.includes(v))).toEqual([]);
    expect(postsIn(dmOf(sam)).length - before).toBe(1);
    expect(postsIn(dmOf(sam)).filter((c) => c.body.thread_ts)).toEqual([]);
  }, 30_000);

  it("an agent's own filing message keeps the agent's view until it is resolved in the list", async () => {
    await say(dana, 'mine');
    const { id, ts } = await file(dana, 'Projector dim');
    await poller.runOnce();
    stack.emulator.data.update('SD_Tickets', String(id), { SD_Priority: 'High' });
    await poller.runOnce();
    expect(verbsOn(JSON.parse(lastEdit(dmOf(dana), ts)))).toContain(VERBS.claim);

    stack.emulator.data.update('SD_Tickets', String(id), { SD_Status: 'Resolved' });
    await poller.runOnce();
    const resolved = lastEdit(dmOf(dana), ts);
    expect(resolved).toContain('Resolved');
    expect(verbsOn(JSON.parse(resolved)).filter((v) => AGENT_BUTTONS.includes(v))).toEqual([]);
  }, 30_000);
});

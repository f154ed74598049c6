/**
 * Actionable notification DMs (17.2) and replies to them (17.1) on Slack, wired as the composition
 * root wires them: the real Slack channel, commands, notifications (store, outbox, fast lane) and
 * the fake Slack Web API; plus a long DM that reaches the form whole (Slack free-text prefill).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/commands';
import { VERBS } from '../../src/core';
import type { Notifications, Poller } from '../../src/notify';
import { startFakeSlack, type FakeSlack, type SlackCall } from '../support/fake-slack';
import type { HelpdeskStack } from '../support/helpdesk-stack';
import { startSlackNotifyScene, type SlackNotifyScene } from '../support/slack-notify-scene';
import { createSlackPoster, eventBody, interactiveBody, slackFixture, slashBody } from '../support/slack-request';

const sam = { id: 'USAM0001', name: 'Sam Requester', email: 'sam@example.com' };
const dana = { id: 'UDANA001', name: 'Dana Agent', email: 'dana@example.com' };
const SAM_DM = 'D0SAM';

let scene: SlackNotifyScene;
let stack: HelpdeskStack;
let fake: FakeSlack;
let notifications: Notifications;
let poller: Poller;
let post: ReturnType<typeof createSlackPoster>;
let seq = 0;

beforeEach(async () => {
  scene = await startSlackNotifyScene({ agent: dana, people: [sam, dana], dirPrefix: 'notice-dm-' });
  ({ stack, fake, notifications, poller, post } = scene);
});
afterEach(() => scene.close());

/** A DM to the bot as Slack sends it (Slack escapes a typed &, < and >). */
function dm(who: { id: string }, channelId: string, typed: string, threadTs?: string) {
  const f = slackFixture<Record<string, any>>('event-message-im');
  const ts = `1732280600.${String(++seq).padStart(6, '0')}`;
  const text = typed.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const event = { ...f.event, user: who.id, channel: channelId, text, ts, event_ts: ts, thread_ts: threadTs, channel_type: 'im', client_msg_id: `m${seq}` };
  return post(eventBody({ ...f, event, event_id: `EvN${seq}` }));
}
const buttons = (blocks: any[] = []) => blocks.flatMap((b: any) => [...(b.elements ?? []), ...(b.accessory ? [b.accessory] : [])]).filter((e: any) => e.type === 'button');
function click(who: { id: string }, button: any, channelId: string, messageTs: string) {
  const payload = slackFixture('block-actions');
  payload.user.id = who.id;
  payload.actions = [{ ...payload.actions[0], action_id: button.action_id, value: button.value, text: button.text }];
  payload.container = { type: 'message', message_ts: messageTs, channel_id: channelId, is_ephemeral: false };
  payload.channel = { id: channelId, name: 'directmessage' };
  payload.response_url = fake.responseUrl(`click-${++seq}`);
  return post(interactiveBody(payload));
}
const asDana = () => ({ actor: { email: dana.email, name: dana.name }, helpdesk: notifications.helpdesk, conversation: { platform: 'slack' as const, id: 'CDESK', kind: 'channel' as const }, channel: {}, notifications: notifications.ports });
const after = (n: number) => (c: SlackCall) => fake.calls.indexOf(c) >= n;

describe('Slack: notification DMs with buttons, and replies to them', () => {
  it('the requester gets Comment and View, plus Reopen once resolved; Reopen opens the reopen form for that ticket', async () => {
    await post(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: sam.id, channel_id: SAM_DM, text: 'mine', response_url: fake.responseUrl('mine') }));
    const t = await notifications.helpdesk.createTicket({ email: sam.email, name: sam.name }, { title: 'Printer broken' });
    await poller.runOnce();
    await dispatch(asDana(), { verb: VERBS.claim, ticketId: t.id });
    const assigned = await fake.waitFor('chat.postMessage', (c) => c.body.channel === SAM_DM && /is now Assigned/.test(c.body.text));
    expect(buttons(assigned.body.blocks).map((b: any) => b.text.text)).toEqual(['Comment', 'View']);

    const n = fake.calls.length;
    await dispatch(asDana(), { verb: VERBS.resolve, ticketId: t.id, values: { note: 'New roller fitted' } });
    const resolved = await fake.waitFor('chat.postMessage', (c) => c.body.channel === SAM_DM && /resolved/.test(c.body.text) && after(n)(c));
    expect(resolved.body.text).toContain(`#${t.id}`);
    const reopen = buttons(resolved.body.blocks).find((b: any) => b.text.text === 'Reopen');
    expect(buttons(resolved.body.blocks).map((b: any) => b.text.text)).toEqual(['Comment', 'View', 'Reopen']);
    const ts = fake.messages.find((m) => m.channel === SAM_DM && /resolved/.test(m.text))!.ts;
    await click(sam, reopen, SAM_DM, ts);
    const form = await fake.waitFor('views.update', (c) => JSON.stringify(c.body.view).includes('Reopen'));
    expect(JSON.stringify(form.body.view)).toContain(`#${t.id}`);
  }, 30_000);

  it('a reply in the DM thread is offered as a comment on that ticket and stored exactly as typed; commands and greetings work as before', async () => {
    await post(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: sam.id, channel_id: SAM_DM, text: 'mine', response_url: fake.responseUrl('mine2') }));
    const t = await notifications.helpdesk.createTicket({ email: sam.email, name: sam.name }, { title: 'App crashes' });
    await poller.runOnce();
    await dispatch(asDana(), { verb: VERBS.claim, ticketId: t.id });
    await fake.waitFor('chat.postMessage', (c) => c.body.channel === SAM_DM && /is now Assigned/.test(c.body.text));
    const notice = fake.messages.find((m) => m.channel === SAM_DM && /is now Assigned/.test(m.text))!;

    const typed = 'the app shows <null> when x<5 & then quits';
    const n = fake.calls.length;
    await dm(sam, SAM_DM, typed, notice.ts);
    const offer = await fake.waitFor('chat.postMessage', (c) => c.body.channel === SAM_DM && after(n)(c) && JSON.stringify(c.body.blocks ?? []).includes('Add as comment'));
    expect(offer.body.thread_ts).toBe(notice.ts);
    const [add, file] = buttons(offer.body.blocks);
    expect([add.text.text, file.text.text]).toEqual([`Add as comment on #${t.id}`, 'File as a new ticket']);
    await click(sam, add, SAM_DM, '1732280700.000001');
    await fake.waitFor('chat.update', (c) => JSON.stringify(c.body.blocks ?? []).includes('Comment added'));
    const comments = await stack.helpdesk.listComments({ email: dana.email, name: dana.name }, t.id);
    expect(comments.map((c) => c.body)).toEqual([typed]);

    const m = fake.calls.length;
    await dm(sam, SAM_DM, 'hi');
    const hello = await fake.waitFor('chat.postMessage', (c) => c.body.channel === SAM_DM && after(m)(c));
    expect(hello.body.text).toMatch(/^Hi Sam!/);
    const k = fake.calls.length;
    await dm(sam, SAM_DM, 'mine');
    const mine = await fake.waitFor('chat.postMessage', (c) => c.body.channel === SAM_DM && after(k)(c));
    expect(mine.body.text).toBe('My tickets');
  }, 30_000);

  it('a 2,500-character DM reaches the new-ticket form whole (kept as a draft, not cut to fit a button)', async () => {
    const typed = `The shared drive is unreachable from the Berlin office. ${'Steps, errors and what we tried: <none> & x<5. '.repeat(60)}`.slice(0, 2499) + '!';
    expect(typed.length).toBe(2500);
    await dm(dana, 'D0DANA', typed);
    const offer = await fake.waitFor('chat.postMessage', (c) => c.body.channel === 'D0DANA');
    const open = buttons(offer.body.blocks)[0];
    expect(open.value.length).toBeLessThanOrEqual(2000);
    await click(dana, open, 'D0DANA', '1732280800.000001');
    const modal = await fake.waitFor('views.update', (c) => JSON.stringify(c.body.view ?? {}).includes('shared drive'));
    const inputs = JSON.stringify(modal.body.view);
    expect(inputs).toContain(JSON.stringify(typed).slice(1, -1));
  }, 30_000);
});

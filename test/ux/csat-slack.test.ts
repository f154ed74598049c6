/**
 * The satisfaction survey on Slack with HELPDESK_CSAT_SCALE=thumbs, wired as the composition root
 * wires it: the requester's DM gets 👍/👎 and a comment button; her click (a block_actions request
 * signed as Slack signs it) is kept and written to the ticket; a forged value and someone else's
 * click are refused.
 */
import { surveysOf } from '../support/feature-commands';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SlackChannel } from '../../src/channels/slack';
import { dispatch } from '../../src/commands';
import { VERBS } from '../../src/core';
import type { Notifications, Poller } from '../../src/notify';
import type { Store } from '../../src/store';
import { startFakeSlack, type FakeSlack, type SlackCall } from '../support/fake-slack';
import type { HelpdeskStack } from '../support/helpdesk-stack';
import { startSlackNotifyScene, type SlackNotifyScene } from '../support/slack-notify-scene';
import { createSlackPoster, interactiveBody, slackFixture, slashBody } from '../support/slack-request';

const sam = { id: 'USAM0001', name: 'Sam Requester', email: 'sam@example.com' };
const dana = { id: 'UDANA001', name: 'Dana Agent', email: 'dana@example.com' };
const SAM_DM = 'D0SAM';

let scene: SlackNotifyScene;
let stack: HelpdeskStack;
let store: Store;
let fake: FakeSlack;
let channel: SlackChannel;
let notifications: Notifications;
let poller: Poller;
let post: ReturnType<typeof createSlackPoster>;
let seq = 0;

beforeEach(async () => {
  scene = await startSlackNotifyScene({ agent: dana, people: [sam, dana], dirPrefix: 'csat-slack-', csat: { enabled: true, scale: 'thumbs' } });
  ({ stack, store, fake, channel, notifications, poller, post } = scene);
});
afterEach(() => scene.close());

const buttons = (blocks: any[] = []) => blocks.flatMap((b: any) => [...(b.elements ?? []), ...(b.accessory ? [b.accessory] : [])]).filter((e: any) => e.type === 'button');
function click(who: { id: string }, button: any, value = button.value) {
  const payload = slackFixture('block-actions');
  payload.user.id = who.id;
  payload.actions = [{ ...payload.actions[0], action_id: button.action_id, value, text: button.text, action_ts: `1732280900.${String(++seq).padStart(6, '0')}` }];
  payload.container = { type: 'message', message_ts: '1732280800.000001', channel_id: SAM_DM, is_ephemeral: false };
  payload.channel = { id: SAM_DM, name: 'directmessage' };
  payload.response_url = fake.responseUrl(`click-${seq}`);
  return post(interactiveBody(payload));
}
const asDana = () => ({ actor: { email: dana.email, name: dana.name }, helpdesk: notifications.helpdesk, conversation: { platform: 'slack' as const, id: 'CDESK', kind: 'channel' as const }, channel: {}, notifications: notifications.ports });
const notes = async (id: number) => (await stack.helpdesk.listComments({ email: dana.email, name: dana.name }, id)).filter((c) => c.isInternal).map((c) => c.body);
const after = (n: number) => (c: SlackCall) => fake.calls.indexOf(c) >= n;
/** The answer the clicker got (a message, an ephemeral or a response_url post, whichever the channel chose), after call `n`. */
async function said(n: number, pattern: RegExp): Promise<SlackCall> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const hit = fake.calls.find((c) => after(n)(c) && c.method !== 'users.info' && pattern.test(JSON.stringify(c.body)));
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no answer matching ${pattern}: ${JSON.stringify(fake.calls.slice(n).map((c) => c.method))}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('Slack: satisfaction survey, thumbs scale', () => {
  it('👍 then 👎: the answer changes, each leaves its internal comment; forged values and other people are refused', async () => {
    await post(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: sam.id, channel_id: SAM_DM, text: 'mine', response_url: fake.responseUrl('mine') }));
    const t = await notifications.helpdesk.createTicket({ email: sam.email, name: sam.name }, { title: 'Wi-Fi drops' });
    await poller.runOnce();
    const before = fake.calls.length;
    await dispatch(asDana(), { verb: VERBS.resolve, ticketId: t.id });
    const dm = await fake.waitFor('chat.postMessage', (c) => c.body.channel === SAM_DM && /How did we do/.test(c.body.text));
    // One message for the resolution: it says so and asks, and nothing else reaches Sam for it.
    await poller.runOnce();
    expect(fake.calls.slice(before).filter((c) => c.method === 'chat.postMessage' && c.body.channel === SAM_DM)).toHaveLength(1);
    expect(dm.body.text).toMatch(/resolved/);
    const offered = buttons(dm.body.blocks);
    expect(offered.map((b: any) => b.text.text)).toEqual(['Add a comment', '👍', '👎']);
    const up = offered.find((b: any) => b.text.text === '👍');

    let n = fake.calls.length;
    await click(sam, up);
    await said(n, new RegExp(`you rated #${t.id} 👍`));
    expect(await notes(t.id)).toEqual(['Satisfaction 👍']);

    n = fake.calls.length;
    await click(sam, offered.find((b: any) => b.text.text === '👎'));
    await said(n, new RegExp(`you now rate #${t.id} 👎`));
    // One survey, one internal note: the change rewrites it.
    expect(await notes(t.id)).toEqual(['Satisfaction 👎']);

    n = fake.calls.length;
    // A forged value carries no decision of the card's (a reused one would only be told the first click's answer).
    const { decision: _decision, ...upData } = JSON.parse(up.value);
    const forged = JSON.stringify({ ...upData, rating: '3' });
    await click(sam, up, forged);
    await said(n, /“3” is not a rating this survey offers: choose 👍, 👎/);
    n = fake.calls.length;
    await click(dana, up);
    await said(n, new RegExp(`Only the person who filed #${t.id} can answer its survey`));
    expect(await notes(t.id)).toEqual(['Satisfaction 👎']);
    expect((await surveysOf(store).sentSince('2000-01-01T00:00:00Z')).map((s) => s.rating)).toEqual([1]);

    // The comment button opens a modal with the rating so far; its submit keeps rating and comment.
    n = fake.calls.length;
    await click(sam, offered.find((b: any) => b.text.text === 'Add a comment'));
    const modal = await fake.waitFor('views.update', (c) => after(n)(c) && JSON.stringify(c.body.view).includes('"block_id":"rating"'));
    const rating = modal.body.view.blocks.find((b: any) => b.block_id === 'rating');
    expect(rating.element.initial_option.value).toBe('1');
    const submit = slackFixture('view-submission');
    submit.user.id = sam.id;
    submit.view.private_metadata = modal.body.view.private_metadata;
    submit.view.state.values = { rating: { value: { type: 'static_select', selected_option: { value: '5' } } }, comment: { value: { type: 'plain_text_input', value: 'Works now' } } };
    n = fake.calls.length;
    expect((await post(interactiveBody(submit))).status).toBe(200);
    await said(n, new RegExp(`Thank you for your comment on #${t.id}`));
    expect(await notes(t.id)).toEqual(['Satisfaction 👍: Works now']);
  }, 30_000);
});

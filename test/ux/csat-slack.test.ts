/**
 * The satisfaction survey on Slack with HELPDESK_CSAT_SCALE=thumbs, wired as the composition root
 * wires it: the requester's DM gets 👍/👎 and a comment button; her click (a block_actions request
 * signed as Slack signs it) is kept and written to the ticket; a forged value and someone else's
 * click are refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlackChannel, type SlackChannel } from '../../src/channels/slack';
import { createSlackDelivery, slackConversationHook } from '../../src/channels/slack/notify-delivery';
import { dispatch } from '../../src/commands';
import { VERBS } from '../../src/core';
import { createChangeFeed } from '../../src/helpdesk/changes';
import { createLogger } from '../../src/log';
import { createNotifications, type Notifications, type Poller } from '../../src/notify';
import { createServer, type Server } from '../../src/server';
import { createSqliteStore, type Store } from '../../src/store';
import { startFakeSlack, type FakeSlack, type SlackCall } from '../support/fake-slack';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { createSlackPoster, interactiveBody, slackFixture, slashBody } from '../support/slack-request';

const SECRET = 'csat-signing-secret';
const sam = { id: 'USAM0001', name: 'Sam Requester', email: 'sam@example.com' };
const dana = { id: 'UDANA001', name: 'Dana Agent', email: 'dana@example.com' };
const SAM_DM = 'D0SAM';

let stack: HelpdeskStack;
let store: Store;
let dir: string;
let fake: FakeSlack;
let channel: SlackChannel;
let server: Server;
let notifications: Notifications;
let poller: Poller;
let post: ReturnType<typeof createSlackPoster>;
let seq = 0;

beforeEach(async () => {
  stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 } });
  stack.emulator.data.insert('SD_Agents', { Title: dana.name, SD_Email: dana.email, SD_IsActive: true });
  dir = mkdtempSync(path.join(tmpdir(), 'csat-slack-'));
  store = createSqliteStore({ dataDir: dir });
  const logger = createLogger({ level: 'error', write: () => undefined });
  notifications = createNotifications({ store, feed: createChangeFeed(stack.graph, stack.settings), helpdesk: stack.helpdesk, vocabulary: stack.helpdesk.vocabulary, logger, pollSeconds: 15, csat: { enabled: true, scale: 'thumbs' } });
  fake = await startFakeSlack({ users: [sam, dana] });
  channel = createSlackChannel({ settings: { botToken: fake.token, signingSecret: SECRET, apiUrl: fake.apiUrl }, helpdesk: notifications.helpdesk, notifications: notifications.ports, logger, hooks: { onConversation: slackConversationHook(store) } });
  await channel.start();
  server = createServer({ port: 0, teams: { handle: async (_q, r) => void r.send(404) }, slack: { requestListener: channel.requestListener! }, health: async () => ({ ok: true }), logger, allowUnauthenticated: true });
  const { host, port } = await server.listen();
  post = createSlackPoster(`http://${host}:${port}/slack/events`, SECRET);
  poller = notifications.attach([createSlackDelivery({ client: channel.client, store, logger, minIntervalMs: 0 })]);
  await poller.runOnce();
});
afterEach(async () => {
  await server.close();
  await channel.stop();
  await fake.close();
  await store.close();
  await stack.close();
  rmSync(dir, { recursive: true, force: true });
});

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
    await dispatch(asDana(), { verb: VERBS.resolve, ticketId: t.id });
    const dm = await fake.waitFor('chat.postMessage', (c) => c.body.channel === SAM_DM && /How did we do/.test(c.body.text));
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
    expect(await notes(t.id)).toEqual(['Satisfaction 👍', 'Satisfaction changed to 👎']);

    n = fake.calls.length;
    const forged = JSON.stringify({ ...JSON.parse(up.value), rating: '3' });
    await click(sam, up, forged);
    await said(n, /“3” is not a rating this survey offers: choose 👍, 👎/);
    n = fake.calls.length;
    await click(dana, up);
    await said(n, new RegExp(`Only the person who filed #${t.id} can answer its survey`));
    expect(await notes(t.id)).toEqual(['Satisfaction 👍', 'Satisfaction changed to 👎']);
    expect((await store.surveys.sentSince('2000-01-01T00:00:00Z')).map((s) => s.rating)).toEqual([1]);

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
    expect((await post(interactiveBody(submit))).status).toBe(200);
    expect(await notes(t.id)).toEqual(['Satisfaction 👍', 'Satisfaction changed to 👎', 'Satisfaction 👍: Works now']);
  }, 30_000);
});

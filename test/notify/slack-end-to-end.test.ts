/**
 * The whole notification loop on Slack, wired the way the composition root wires it: the real
 * Slack channel (Bolt over HTTP, signed requests) and commands, the help-desk service over the
 * emulator, the store, the poller, and the fake Slack Web API receiving what users would see.
 */
import { dispatch } from '../../src/commands';
import { VERBS } from '../../src/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SlackChannel } from '../../src/channels/slack';
import type { Notifications, Poller } from '../../src/notify';
import type { FakeSlack } from '../support/fake-slack';
import type { HelpdeskStack } from '../support/helpdesk-stack';
import { startSlackNotifyScene, type SlackNotifyScene } from '../support/slack-notify-scene';
import { createSlackPoster, eventBody, slackFixture, slashBody } from '../support/slack-request';

const sam = { id: 'USAM0001', name: 'Sam Requester', email: 'sam@example.com' };
const dana = { id: 'UDANA001', name: 'Dana Agent', email: 'dana@example.com' };
const DESK = 'CDESK0001';

let scene: SlackNotifyScene;
let stack: HelpdeskStack;
let fake: FakeSlack;
let channel: SlackChannel;
let notifications: Notifications;
let poller: Poller;
let post: ReturnType<typeof createSlackPoster>;

beforeEach(async () => {
  scene = await startSlackNotifyScene({ agent: dana, people: [sam, dana], dirPrefix: 'slack-e2e-', threadReplies: true });
  ({ stack, fake, channel, notifications, poller, post } = scene);
});
afterEach(() => scene.close());

const slash = (who: { id: string }, channelId: string, text: string) =>
  post(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: who.id, channel_id: channelId, text, response_url: fake.responseUrl(text) }));
let seq = 0;
const say = (who: { id: string }, channelId: string, text: string, threadTs?: string) => {
  const f = slackFixture<Record<string, any>>('event-message-im');
  const ts = `1732280500.${String(++seq).padStart(6, '0')}`;
  const event = { ...f.event, user: who.id, channel: channelId, text, ts, event_ts: ts, thread_ts: threadTs, channel_type: channelId.startsWith('D') ? 'im' : 'channel' };
  return post(eventBody({ ...f, event, event_id: `Ev${seq}` }));
};
/** DMs land in the DM channel the person used with the bot, or the one conversations.open gives. */
const dmsTo = (...channels: string[]) => fake.callsTo('chat.postMessage').filter((c) => channels.includes(c.body.channel)).map((c) => c.body.text);

describe('Slack notifications end to end', () => {
  it('subscribe, card, thread reply becomes a comment, DMs follow the rules', async () => {
    expect((await slash(dana, DESK, 'subscribe all')).status).toBe(200);
    await fake.waitFor('chat.postMessage', (c) => c.body.channel === DESK);
    expect(await notifications.ports.subscriptions({ platform: 'slack', id: DESK, kind: 'channel' })).toEqual([{ kind: 'all' }]);
    // Sam talks to the bot once (in his DM), so the bot knows how to reach him.
    await slash(sam, 'D0SAM', 'mine');

    const ticket = await notifications.helpdesk.createTicket({ email: sam.email, name: sam.name }, { title: 'Printer broken' });
    await poller.runOnce();
    const card = fake.messages.find((m) => m.channel === DESK && !m.thread_ts && m.text.includes('Printer broken'))!;
    expect(card.text).toContain('Printer broken');

    // Dana claims through the commands, as a button or `claim` would: the change is told at once (no poll).
    const asDana = { actor: { email: dana.email, name: dana.name }, helpdesk: notifications.helpdesk, conversation: { platform: 'slack' as const, id: DESK, kind: 'channel' as const }, channel: {}, notifications: notifications.ports };
    await dispatch(asDana, { verb: VERBS.claim, ticketId: ticket.id });
    const threadLines = () => fake.callsTo('chat.postMessage').filter((c) => c.body.thread_ts === card.ts).map((c) => c.body.text);
    await fake.waitFor('chat.postMessage', (c) => c.body.thread_ts === card.ts);
    await fake.waitFor('chat.postMessage', (c) => c.body.channel === 'D0SAM');
    expect(threadLines()).toEqual(['Status: New → Assigned\nAssigned to Dana Agent']);
    expect(dmsTo('D0SAM')).toEqual([`Your ticket #${ticket.id} "Printer broken" is now Assigned.`]);
    // Dana claimed it herself, so no "assigned to you".
    expect(dmsTo('DDANA001')).toEqual([]);

    // Sam replies under the card: it becomes a public comment and he is told so, privately, in the thread.
    expect((await say(sam, DESK, 'Still jammed on tray 2', card.ts)).status).toBe(200);
    const ack = await fake.waitFor('chat.postEphemeral', (c) => c.body.user === sam.id);
    expect(ack.body).toMatchObject({ channel: DESK, thread_ts: card.ts, text: `:white_check_mark: Added a public reply to #${ticket.id}.` });
    const comments = await stack.helpdesk.listComments({ email: dana.email, name: dana.name }, ticket.id);
    expect(comments.map((c) => [c.body, c.isInternal, c.authorEmail])).toEqual([['Still jammed on tray 2', false, sam.email]]);
    // As the assignee Dana hears the requester's comment at once; the thread does not show Sam's own reply again.
    await fake.waitFor('chat.postMessage', (c) => c.body.channel === 'DDANA001');
    expect(dmsTo('DDANA001')).toEqual([`Sam Requester (requester) commented on #${ticket.id} "Printer broken": Still jammed on tray 2`]);
    expect(threadLines()).toEqual(['Status: New → Assigned\nAssigned to Dana Agent']);

    // Dana answers in the thread: a note stays internal, a reply reaches Sam.
    await say(dana, DESK, 'note: tray 2 roller worn', card.ts);
    await say(dana, DESK, 'reply: New roller ordered', card.ts);
    await fake.waitFor('chat.postMessage', (c) => c.body.channel === 'D0SAM' && String(c.body.text).includes('New roller ordered'));
    expect(dmsTo('D0SAM')).toEqual([
      `Your ticket #${ticket.id} "Printer broken" is now Assigned.`,
      `Dana Agent replied on your ticket #${ticket.id} "Printer broken": New roller ordered`,
    ]);
    expect(JSON.stringify(fake.callsTo('chat.postMessage'))).not.toContain('roller worn');

    // The next poll reads the same versions and comments: nothing is sent twice.
    const sent = fake.callsTo('chat.postMessage').length;
    const cycle = await poller.runOnce();
    expect(cycle.owed).toBe(0);
    expect(fake.callsTo('chat.postMessage')).toHaveLength(sent);
  }, 30_000);
});

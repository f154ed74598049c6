/**
 * Issue 41 §5: a chat command's reply goes out as soon as its write is done; the channel cards
 * are refreshed after the reply, never before it, and never lost: a reply that cannot be sent
 * still leaves the cards refreshed at once, without a poll. Both platforms, through HTTP as they
 * reach the bot; the stand-ins record what arrived in order.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTeamsNotifyScene, type TeamsNotifyScene } from '../support/teams-notify-scene';
import { startSlackNotifyScene, type SlackNotifyScene } from '../support/slack-notify-scene';
import { slackFixture, slashBody } from '../support/slack-request';

const CHANNEL = '19:scrubbedGeneralChannel0000@thread.tacv2';
const dana = { id: '29:dana', name: 'Dana Agent', aadObjectId: 'aad-dana', email: 'dana@example.com' };
const lynne = { id: '29:lynne', name: 'Lynne Robbins', aadObjectId: 'aad-lynne', email: 'lynne@example.com' };

/** Waits until `condition` holds (checked every 10 ms), failing after 5 s. */
async function until(condition: () => boolean): Promise<void> {
  const end = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met within 5 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('Teams: the reply first, then the channel card', () => {
  let scene: TeamsNotifyScene;
  afterEach(() => scene?.close());

  /** A subscribed channel showing a new ticket's card; resolves with the ticket and the card's id. */
  async function cardInChannel(): Promise<{ id: number; cardId: string }> {
    scene = await startTeamsNotifyScene({ agent: dana, people: [dana, lynne], dirPrefix: 'reply-first-teams-' });
    await say('subscribe all');
    const t = await scene.notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Scanner jams' });
    await scene.poller.runOnce();
    const card = scene.connector.activities.find((a) => a.conversationId === CHANNEL && a.activity.attachments?.length);
    expect(card).toBeDefined();
    return { id: t.id, cardId: card!.id };
  }

  /** Dana types `text` to the bot in a new post of the channel; resolves with the activity's id. */
  async function say(text: string): Promise<string> {
    const activity = scene.activity('message-channel-mention', dana, CHANNEL);
    activity.text = `<at>Help Desk</at> ${text}`;
    activity.conversation.id = `${CHANNEL};messageid=${activity.id}`;
    expect((await scene.post(activity)).status).toBe(200);
    return activity.id;
  }

  it('a typed claim is answered before the channel card shows it', async () => {
    const { id, cardId } = await cardInChannel();
    const posted = await say(`claim ${id}`);
    await until(() => scene.connector.arrivals.some((a) => a.method === 'PUT' && a.activityId === cardId));
    const order = scene.connector.arrivals.map((a) => (a.method === 'PUT' && a.activityId === cardId ? 'card updated' : a.activityId === posted ? 'reply' : undefined)).filter(Boolean);
    expect(order).toEqual(['reply', 'card updated']);
  }, 30_000);

  it('a reply that cannot be sent still leaves the channel card updated at once, without a poll', async () => {
    const { id, cardId } = await cardInChannel();
    // Every send into the post's thread is refused: the reply, its retry, the "saved" notice.
    let thread = '';
    scene.connector.fault = (call) => (call.method === 'POST' && call.conversationId === thread ? { kind: 'http', status: 500 } : undefined);
    const activity = scene.activity('message-channel-mention', dana, CHANNEL);
    activity.text = `<at>Help Desk</at> claim ${id}`;
    thread = activity.conversation.id = `${CHANNEL};messageid=${activity.id}`;
    await scene.post(activity);
    await until(() => scene.connector.updates.some((u) => u.activityId === cardId));
    expect(scene.connector.arrivals.filter((a) => a.conversationId === thread).length).toBeGreaterThan(0);
    expect(scene.connector.activities.filter((a) => a.conversationId === thread)).toEqual([]);
    expect(JSON.stringify(scene.connector.updates.find((u) => u.activityId === cardId)!.activity)).toContain('Assigned');
  }, 30_000);
});

describe('Slack: the reply first, then the channel card', () => {
  let scene: SlackNotifyScene;
  afterEach(() => scene?.close());
  const sam = { id: 'USAM0001', name: 'Sam Requester', email: 'sam@example.com' };
  const agent = { id: 'UDANA001', name: 'Dana Agent', email: 'dana@example.com' };
  const DESK = 'CDESK0001';

  it('a /helpdesk claim is answered before the channel card shows it', async () => {
    scene = await startSlackNotifyScene({ agent, people: [sam, agent], dirPrefix: 'reply-first-slack-' });
    const { fake, post } = scene;
    const slash = (text: string, answerAt: string) => post(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: agent.id, channel_id: DESK, text, response_url: fake.responseUrl(answerAt) }));
    expect((await slash('subscribe all', 'subscribed')).status).toBe(200);
    const t = await scene.notifications.helpdesk.createTicket({ email: sam.email, name: sam.name }, { title: 'Scanner jams' });
    await scene.poller.runOnce();
    const card = fake.messages.find((m) => m.channel === DESK && !m.thread_ts && m.text.includes('Scanner jams'))!;
    expect(card).toBeDefined();

    expect((await slash(`claim ${t.id}`, 'claimed')).status).toBe(200);
    await fake.waitFor('chat.update', (c) => c.body.ts === card.ts);
    const order = fake.calls.map((c) => (c.method === 'chat.update' && c.body.ts === card.ts ? 'card updated' : c.method === 'chat.postMessage' && /^Claimed by/.test(String(c.body.text)) ? 'reply' : undefined)).filter(Boolean);
    expect(order).toEqual(['reply', 'card updated']);
  }, 30_000);
});

/**
 * One place resolves the Slack person and records the conversation (the person middleware):
 * each request the bot answers for someone is recorded once, with the right kind and address,
 * the person is looked up once, and ordinary channel traffic costs nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationInfo } from '../../src/channels/slack';
import { startSeededHelpdesk, type SeededHelpdesk } from '../support/seeded-helpdesk';
import { eventBody, slackFixture, slashBody } from '../support/slack-request';
import { AGENTS, PEOPLE, slash, startSlackScene, type SlackScene } from './harness';

describe('Slack: who is acting, and where, is settled once per request', () => {
  let scene: SlackScene;
  let helpdesk: SeededHelpdesk;
  const recorded: ConversationInfo[] = [];
  let n = 0;
  /** The hook waits on this before it records: a slow store. */
  let gate: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    helpdesk = await startSeededHelpdesk(AGENTS);
    scene = await startSlackScene(helpdesk, { onConversation: async (info) => { await gate; recorded.push(info); } });
  });
  afterAll(async () => {
    await scene?.close();
    await helpdesk?.close();
  });
  beforeEach(() => {
    recorded.length = 0;
    scene.fake.clear();
  });

  function dm(who: { id: string }, text: string, channel: string) {
    const envelope = slackFixture('event-message-im');
    envelope.event_id = `EvPerson${++n}`;
    envelope.event = { ...envelope.event, user: who.id, text, channel, client_msg_id: envelope.event_id, ts: `1732280400.${String(n).padStart(6, '0')}` };
    return scene.post(eventBody(envelope));
  }

  it('a DM records the personal conversation with the person’s address, and asks Slack about them once', async () => {
    await dm(PEOPLE.sam, 'help', 'DPERSON01');
    await scene.fake.waitFor('chat.postMessage', (c) => c.body.channel === 'DPERSON01');
    await expect.poll(() => recorded).toEqual([{ channelId: 'DPERSON01', userId: PEOPLE.sam.id, email: PEOPLE.sam.email, kind: 'personal' }]);
    expect(scene.fake.callsTo('users.info').filter((c) => c.body.user === PEOPLE.sam.id).length).toBeLessThanOrEqual(1);
  });

  it('a slash command in a channel records the channel; a person Slack hides the address of is recorded without one and told why', async () => {
    await scene.post(slashBody(slash(scene.fake, PEOPLE.guest, 'mine', 'guest')));
    const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === 'guest');
    expect(JSON.stringify(answer.body)).toContain("can't see your email address");
    const channelId = slackFixture<Record<string, string>>('slash-command').channel_id;
    await expect.poll(() => recorded).toEqual([{ channelId, userId: PEOPLE.guest.id, email: undefined, kind: 'channel' }]);
  });

  it('a channel message that is not for the bot records nothing and looks nobody up', async () => {
    const envelope = slackFixture('event-message-im');
    envelope.event_id = `EvPerson${++n}`;
    envelope.event = { ...envelope.event, user: PEOPLE.robin.id, text: 'lunch?', channel: 'C0CHATTER', channel_type: 'channel', ts: `1732280500.${String(n).padStart(6, '0')}` };
    expect((await scene.post(eventBody(envelope))).status).toBe(200);
    // A later DM is recorded; by then the channel message would have been too.
    await dm(PEOPLE.sam, 'help', 'DPERSON02');
    await expect.poll(() => recorded.map((r) => r.channelId)).toContain('DPERSON02');
    expect(recorded.map((r) => r.channelId)).not.toContain('C0CHATTER');
    expect(scene.fake.callsTo('users.info').filter((c) => c.body.user === PEOPLE.robin.id)).toEqual([]);
  });

  it('a slow conversation store never holds up the answer; the recording still completes', async () => {
    let release!: () => void;
    gate = new Promise((resolve) => (release = resolve));
    try {
      const posting = dm(PEOPLE.sam, 'help', 'DPERSON03');
      await scene.fake.waitFor('chat.postMessage', (c) => c.body.channel === 'DPERSON03');
      expect(recorded).toEqual([]);
      release();
      await posting;
      await expect.poll(() => recorded.map((r) => r.channelId)).toEqual(['DPERSON03']);
    } finally {
      release();
      gate = Promise.resolve();
    }
  });
});

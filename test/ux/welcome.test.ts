/** A quiet welcome (17.9): added to a channel, the bot says one short line; help goes to whoever asks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventBody, slackFixture } from '../support/slack-request';
import { PEOPLE } from '../slack/harness';
import { useSlackDesk } from '../slack/helpdesk';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from '../teams/harness';

const CHANNEL = { isGroup: true, conversationType: 'channel', tenantId: '72f988bf-0000-0000-0000-2d7cd011db47', id: '19:scrubbedGeneralChannel0000@thread.tacv2' };

describe('Teams: the bot added to a channel', () => {
  let h: TeamsHarness;
  beforeAll(async () => {
    h = await startTeamsHarness();
  }, 30_000);
  afterAll(() => h?.close());

  it('posts one short line naming @Help Desk help (the bot as Teams names it), not the help card', async () => {
    const before = h.connector.activities.length;
    expect((await h.post(h.fixture('members-added', 'dana', { conversation: CHANNEL }))).status).toBe(200);
    const sent = h.connector.activities.slice(before);
    expect(sent).toHaveLength(1);
    expect(cardOf(sent[0])).toBeUndefined();
    const line: string = sent[0].activity.text;
    expect(line).toContain('`@Help Desk help`');
    expect(line).not.toContain('Helpdesk');
    expect(line.split('\n')).toHaveLength(1);
    expect(line.length).toBeLessThan(160);
    expect(sent[0].conversationId).toContain('19:scrubbedGeneralChannel0000');
  });

  it('names the bot as this deployment calls it (TEAMS_APP_NAME, as Teams sends it), in English and German', async () => {
    const recipient = { id: '28:0b7c4a5e-0000-4000-8000-00000000b0e7', name: 'Contoso IT' };
    for (const [locale, word] of [['en-US', 'Type'], ['de-DE', 'Geben Sie']] as const) {
      const before = h.connector.activities.length;
      await h.post(h.fixture('members-added', 'dana', { conversation: CHANNEL, recipient, locale }));
      const line: string = h.connector.activities.slice(before)[0].activity.text;
      expect(line).toContain(`${word} \`@Contoso IT help\``);
      expect(line).not.toMatch(/Help ?desk help/i);
    }
  });

  it('someone else joining the channel gets nothing', async () => {
    const before = h.connector.activities.length;
    await h.post(h.fixture('members-added', 'dana', { conversation: CHANNEL, membersAdded: [{ id: '29:someoneElse' }] }));
    expect(h.connector.activities.slice(before)).toHaveLength(0);
  });

  it('the personal chat welcome is still the help card', async () => {
    const before = h.connector.activities.length;
    await h.post(h.fixture('members-added', 'lynne'));
    const sent = h.connector.activities.slice(before);
    expect(sent).toHaveLength(1);
    expect(cardText(cardOf(sent[0]))).toMatch(/File and follow|file and follow/i);
  });

  it('"@Help Desk help" in the channel sends the help card to the asker privately, not into the channel', async () => {
    const before = h.connector.activities.length;
    await h.say('help', 'dana', 'message-channel-mention');
    const sent = h.connector.activities.slice(before);
    const inChannel = sent.filter((a) => a.conversationId.startsWith('19:'));
    expect(inChannel.every((a) => !cardOf(a))).toBe(true);
    expect(sent.some((a) => !a.conversationId.startsWith('19:') && cardText(cardOf(a)).includes('Help desk'))).toBe(true);
  });
});

describe('Slack: the bot added to a channel', () => {
  const slack = useSlackDesk();

  function joined(user: string, id: string) {
    const envelope = slackFixture('event-message-im');
    envelope.event_id = id;
    envelope.event = { type: 'member_joined_channel', user, channel: 'C0WELCOME1', channel_type: 'C', team: 'T0001', inviter: PEOPLE.dana.id, event_ts: '1732280400.000100' };
    return slack.scene.post(eventBody(envelope));
  }

  it('posts one short line naming /helpdesk help when the bot itself joins', async () => {
    await joined('UBOT0001', 'EvJoin1');
    const posted = await slack.scene.fake.waitFor('chat.postMessage', (c) => c.body.channel === 'C0WELCOME1');
    const all = JSON.stringify(posted.body.blocks ?? []);
    expect(posted.body.text).toContain('/helpdesk help');
    expect(posted.body.text).not.toContain('@Helpdesk');
    expect(posted.body.text.length).toBeLessThan(200);
    expect(all).not.toContain('header');
  });

  it('says nothing when a person joins', async () => {
    await joined(PEOPLE.sam.id, 'EvJoin2');
    await joined('UBOT0001', 'EvJoin3');
    await slack.scene.fake.waitFor('chat.postMessage', (c) => c.body.channel === 'C0WELCOME1' && slack.scene.fake.callsTo('chat.postMessage').filter((x) => x.body.channel === 'C0WELCOME1').length >= 2);
    // Two bot joins, one person join: exactly two lines.
    expect(slack.scene.fake.callsTo('chat.postMessage').filter((x) => x.body.channel === 'C0WELCOME1')).toHaveLength(2);
  });
});

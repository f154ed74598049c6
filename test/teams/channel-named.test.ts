/**
 * Issue 34.12, Teams side: `subscriptions` and `space` typed in a channel are answered in the
 * person's private chat, so the answer names the channel ("Help-desk › Printers"), asked of the
 * Bot Connector once per channel; where Teams does not say, it still reads "This conversation".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';
import type { RecordedActivity } from '../support/fake-connector';
import { featureCommands } from '../support/feature-commands';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from './harness';

let h: TeamsHarness;
let store: Store;
let channelId: string;
let teamId: string;

beforeAll(async () => {
  store = createSqliteStore({ file: ':memory:' });
  h = await startTeamsHarness({ notifications: createConversationPorts(store), commands: await featureCommands(store) });
  const data = h.fixture('message-channel-mention').channelData;
  channelId = data.channel.id;
  teamId = data.team.id;
}, 30_000);
afterAll(async () => {
  await h?.close();
  await store?.close();
});

const textOf = (a: RecordedActivity) => `${a.activity.text ?? ''}\n${cardText(cardOf(a))}`;

/** Types `text` in the channel as Dana; returns what reached her private chat and what the channel got. */
async function inChannel(text: string, locale?: string) {
  const activity = h.fixture('message-channel-mention', 'dana');
  if (locale) activity.locale = locale;
  activity.text = `<at>Help Desk</at> ${text}`;
  const before = h.connector.activities.length;
  expect((await h.post(activity)).status).toBe(200);
  const sent = h.connector.activities.slice(before);
  const shared = sent.filter((a) => a.conversationId === activity.conversation.id);
  return { shared: shared.map(textOf).join('\n'), personal: sent.filter((a) => !shared.includes(a)).map(textOf).join('\n') };
}

describe('Teams: a private answer about a channel names the channel', () => {
  it('subscriptions and space, answered privately, say which channel; the names are asked once', async () => {
    h.connector.teams.set(teamId, { name: 'Help-desk', channels: [{ id: teamId }, { id: channelId, name: 'Printers' }] });
    const subs = await inChannel('subscriptions');
    expect(subs.personal).toMatch(/Help-desk › Printers has no subscriptions/);
    expect(subs.personal).not.toMatch(/This conversation/);
    const lookups = h.connector.teamLookups;
    expect(lookups).toBeGreaterThan(0);

    await inChannel('subscribe high');
    const listed = await inChannel('subscriptions');
    expect(listed.personal).toMatch(/Help-desk › Printers gets updates about/);
    expect((await inChannel('subscriptions', 'de-DE')).personal).toMatch(/Help-desk › Printers erhält Updates zu/);

    const space = await inChannel('space');
    expect(space.personal).toMatch(/Help-desk › Printers belongs to no space/);
    expect(h.connector.teamLookups).toBe(lookups);
  });

  it('a channel the connector does not know still gets an answer, about "this conversation"', async () => {
    const activity = h.fixture('message-channel-mention', 'dana');
    activity.conversation.id = '19:unknownChannel0000@thread.tacv2;messageid=1';
    activity.channelData = { ...activity.channelData, channel: { id: '19:unknownChannel0000@thread.tacv2' }, team: { id: '19:unknownTeam0000@thread.tacv2' } };
    activity.text = '<at>Help Desk</at> subscriptions';
    const before = h.connector.activities.length;
    expect((await h.post(activity)).status).toBe(200);
    const personal = h.connector.activities.slice(before).filter((a) => a.conversationId !== activity.conversation.id).map(textOf).join('\n');
    expect(personal).toMatch(/This conversation has no subscriptions/);
  });
});

import { webApi } from '@slack/bolt';
import type { ConversationReference } from 'botbuilder';
import { afterEach, describe, expect, it } from 'vitest';
import { createSlackDelivery } from '../../src/channels/slack/notify-delivery';
import { createTeamsChannel } from '../../src/channels/teams';
import { createTeamsDelivery, teamsConversationHook } from '../../src/channels/teams/notify-delivery';
import { createLogger } from '../../src/log';
import { createConversationPorts, type Store } from '../../src/store';
import { startFakeConnector, type FakeConnector } from '../support/fake-connector';
import { noHelpdesk } from '../support/no-helpdesk';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startRig, ticketRow, type PollRig } from './emulator-setup';

const quiet = createLogger({ level: 'error', write: () => undefined });
const dana = { email: 'dana@contoso.com', name: 'Dana' };
let rig: PollRig | undefined;
let slack: FakeSlack | undefined;
let connector: FakeConnector | undefined;
afterEach(async () => {
  await rig?.close();
  await slack?.close();
  await connector?.close();
  rig = slack = connector = undefined;
});

const slackDelivery = (store: Store) => createSlackDelivery({ client: new webApi.WebClient(slack!.token, { slackApiUrl: slack!.apiUrl }), store, logger: quiet, minIntervalMs: 0 });
function teamsDelivery(store: Store) {
  const channel = createTeamsChannel({ settings: { appType: 'MultiTenant' }, helpdesk: noHelpdesk('notifications are sent through the adapter only'), logger: quiet });
  return createTeamsDelivery({ adapter: channel.adapter, appId: channel.appId, store, logger: quiet, minIntervalMs: 0 });
}
const ref = (serviceUrl: string, id: string, conversationType: string): Partial<ConversationReference> =>
  ({ serviceUrl, channelId: 'msteams', bot: { id: '28:bot', name: 'Help desk' }, conversation: { id, name: '', conversationType, isGroup: conversationType !== 'personal', tenantId: 't' } });

describe('a send whose outcome is unknown (answer lost, or the process died mid-send)', () => {
  it('Slack: card, thread line and DM that took effect are found by their delivery key and not posted again', async () => {
    slack = await startFakeSlack();
    rig = await startRig((store) => [slackDelivery(store)]);
    await createConversationPorts(rig.store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'all' }, dana);
    await rig.store.savePersonAddress({ platform: 'slack', email: 'alex@contoso.com', userId: 'UALEX' });
    await rig.poller.runOnce();

    // Every post takes effect, then the connection drops before the answer.
    slack.fault = (method) => (method === 'chat.postMessage' ? { kind: 'reset', afterEffect: true } : undefined);
    const { id } = rig.emu.data.insert('SD_Tickets', ticketRow(1, { Title: 'Laptop' }));
    expect((await rig.poller.runOnce()).complete).toBe(false);
    rig = await rig.restart((store) => [slackDelivery(store)]);
    slack.fault = undefined;
    await rig.poller.runOnce();
    const cards = slack.messages.filter((m) => m.channel === 'C1' && !m.thread_ts);
    expect(cards).toHaveLength(1);
    expect(cards[0].metadata?.event_type).toBe('helpdesk_delivery');
    expect(slack.callsTo('conversations.history').every((c) => c.body.include_all_metadata === 'true' || c.body.include_all_metadata === true)).toBe(true);

    slack.fault = (method) => (method === 'chat.postMessage' ? { kind: 'reset', afterEffect: true } : undefined);
    rig.emu.data.update('SD_Tickets', id, { SD_Status: 'In Progress' });
    expect((await rig.poller.runOnce()).complete).toBe(false);
    rig = await rig.restart((store) => [slackDelivery(store)]);
    slack.fault = undefined;
    expect((await rig.poller.runOnce()).complete).toBe(true);

    const byConversation = (c: string) => slack!.messages.filter((m) => m.channel === c).map((m) => m.text);
    // One card (updated in place to the new state) and one line in its thread.
    expect(byConversation('C1')).toEqual(['#1 Laptop — In Progress, Normal', 'Status: New → In Progress']);
    expect(byConversation('DALEX')).toEqual(['Your ticket #1 "Laptop" is now In Progress.']);
    expect(slack.callsTo('chat.update').map((c) => c.body.ts)).toEqual([cards[0].ts]);
    expect(slack.callsTo('conversations.replies')).not.toHaveLength(0);
  }, 30_000);

  it('Teams: the card in flight may be posted twice, and later updates land on the newest one', async () => {
    connector = await startFakeConnector();
    rig = await startRig((store) => [teamsDelivery(store)]);
    await teamsConversationHook(rig.store)(ref(connector.url, '19:desk@thread.tacv2', 'channel'));
    await createConversationPorts(rig.store).subscribe({ platform: 'teams', id: '19:desk@thread.tacv2', kind: 'channel' }, { kind: 'all' }, dana);
    await rig.poller.runOnce();

    let lose = true;
    connector.fault = (c) => (lose && c.method === 'POST' ? { kind: 'reset', afterEffect: true } : undefined);
    const { id } = rig.emu.data.insert('SD_Tickets', ticketRow(1, { Title: 'Dock' }));
    expect((await rig.poller.runOnce()).complete).toBe(false);
    lose = false;
    rig = await rig.restart((store) => [teamsDelivery(store)]);
    await rig.poller.runOnce();
    const cards = connector.activities.filter((a) => a.conversationId === '19:desk@thread.tacv2');
    expect(cards.length).toBeGreaterThanOrEqual(2);
    const newest = cards[cards.length - 1].id;
    expect((await rig.store.postedMessages(Number(id))).map((p) => p.messageId)).toEqual([newest]);

    rig.emu.data.update('SD_Tickets', id, { SD_Status: 'Resolved' });
    await rig.poller.runOnce();
    expect(connector.updates.map((u) => u.activityId)).toEqual([newest]);
  }, 30_000);
});

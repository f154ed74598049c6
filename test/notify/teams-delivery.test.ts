import type { ConversationReference } from 'botbuilder';
import { afterEach, describe, expect, it } from 'vitest';
import { createTeamsChannel } from '../../src/channels/teams';
import { createTeamsDelivery, teamsConversationHook } from '../../src/channels/teams/notify-delivery';
import { createLogger } from '../../src/log';
import { createConversationPorts, type Store } from '../../src/store';
import { startFakeConnector, type FakeConnector } from '../support/fake-connector';
import { noHelpdesk } from '../support/no-helpdesk';
import { startRig, ticketRow, type PollRig } from './emulator-setup';
import { startTeamsFaults, type TeamsFaults } from './teams-faults';

const quiet = createLogger({ level: 'error', write: () => undefined });
const dana = { email: 'dana@contoso.com', name: 'Dana' };
let rig: PollRig | undefined;
let connector: FakeConnector | undefined;
let faults: TeamsFaults | undefined;
afterEach(async () => {
  await rig?.close();
  await connector?.close();
  await faults?.close();
  rig = connector = faults = undefined;
});

function teamsDelivery(store: Store) {
  const channel = createTeamsChannel({ settings: { appType: 'MultiTenant' }, helpdesk: noHelpdesk('notifications are sent through the adapter only'), logger: quiet });
  return createTeamsDelivery({ adapter: channel.adapter, appId: channel.appId, store, logger: quiet, minIntervalMs: 0 });
}

/** What the Teams channel reports on an inbound activity, as its onConversation hook would. */
function reference(serviceUrl: string, id: string, conversationType: string): Partial<ConversationReference> {
  return { serviceUrl, channelId: 'msteams', bot: { id: '28:bot', name: 'Help desk' }, conversation: { id, name: '', conversationType, isGroup: conversationType !== 'personal', tenantId: 't' } };
}

const CHANNEL = '19:desk@thread.tacv2';
const attachmentsOf = (a: Record<string, any>) => a.attachments?.[0]?.content;

describe('Teams notification delivery', () => {
  it('posts one card, updates that activity in place, replies in its thread, and DMs the requester in their personal chat', async () => {
    connector = await startFakeConnector();
    rig = await startRig((store) => [teamsDelivery(store)]);
    const hook = teamsConversationHook(rig.store);
    // A subscribe typed in a channel thread subscribes the channel itself.
    await hook(reference(connector.url, `${CHANNEL};messageid=1700000000001`, 'channel'));
    await createConversationPorts(rig.store).subscribe({ platform: 'teams', id: CHANNEL, kind: 'channel' }, { kind: 'all' }, dana);
    await hook({ ...reference(connector.url, 'a:alex-personal', 'personal'), user: { id: '29:alex', name: 'Alex' } }, { email: 'alex@contoso.com', name: 'Alex' });
    await rig.poller.runOnce();

    const { id } = rig.emu.data.insert('SD_Tickets', ticketRow(1, { Title: 'Teams audio broken' }));
    await rig.poller.runOnce();
    const cards = connector.activities.filter((a) => a.conversationId === CHANNEL);
    expect(cards).toHaveLength(1);
    expect(JSON.stringify(attachmentsOf(cards[0].activity))).toContain('Teams audio broken');
    // Each person who opens the channel card can refresh it to their own view.
    expect(attachmentsOf(cards[0].activity).refresh.action.verb).toBe('ticket.refresh');

    rig.emu.data.update('SD_Tickets', id, { SD_Status: 'In Progress', SD_Priority: 'Urgent' });
    await rig.poller.runOnce();
    expect(connector.updates.map((u) => [u.conversationId, u.activityId])).toEqual([[CHANNEL, cards[0].id]]);
    expect(JSON.stringify(attachmentsOf(connector.updates[0].activity))).toContain('In Progress');
    const thread = connector.activities.filter((a) => a.conversationId === `${CHANNEL};messageid=${cards[0].id}`);
    expect(thread.map((a) => a.activity.summary ?? a.activity.text)).toEqual(['Status: New → In Progress\nPriority: Normal → Urgent']);
    expect(connector.activities.filter((a) => a.conversationId === 'a:alex-personal').map((a) => a.activity.summary ?? a.activity.text)).toEqual([
      'Your ticket #1 "Teams audio broken" is now In Progress.',
    ]);
    expect(connector.activities.filter((a) => a.conversationId === CHANNEL)).toHaveLength(1);
  }, 30_000);

  it("a channel set to German gets its card in German, labels included, before anyone clicks", async () => {
    connector = await startFakeConnector();
    rig = await startRig((store) => [teamsDelivery(store)]);
    await teamsConversationHook(rig.store)(reference(connector.url, CHANNEL, 'channel'));
    await rig.store.setConversationLocale('teams', CHANNEL, 'de');
    await createConversationPorts(rig.store).subscribe({ platform: 'teams', id: CHANNEL, kind: 'channel' }, { kind: 'all' }, dana);
    await rig.poller.runOnce();
    rig.emu.data.insert('SD_Tickets', ticketRow(1, { Title: 'Drucker im 2. Stock' }));
    await rig.poller.runOnce();
    const [card] = connector.activities.filter((a) => a.conversationId === CHANNEL);
    const text = JSON.stringify(attachmentsOf(card.activity));
    for (const word of ['Priorität', 'Angefragt von', 'Zugewiesen an', 'Nicht zugewiesen', 'Erstellt', 'Aktualisiert']) expect(text).toContain(word);
    for (const word of ['"Priority"', '"Requester"', '"Assigned to"', '"Unassigned"', '"Created"', '"Updated"']) expect(text).not.toContain(word);
  }, 30_000);

  it('drops a conversation the bot was removed from (403 BotNotInConversationRoster) and waits out a 429', async () => {
    faults = await startTeamsFaults(1);
    rig = await startRig((store) => [teamsDelivery(store)]);
    const hook = teamsConversationHook(rig.store);
    const ports = createConversationPorts(rig.store);
    for (const c of ['19:gone@thread.tacv2', '19:busy@thread.tacv2', '19:ok@thread.tacv2']) {
      await hook(reference(faults.url, c, 'channel'));
      await ports.subscribe({ platform: 'teams', id: c, kind: 'channel' }, { kind: 'all' }, dana);
    }
    await rig.poller.runOnce();
    rig.emu.data.insert('SD_Tickets', ticketRow(1, { Title: 'Projector' }));
    expect((await rig.poller.runOnce()).complete).toBe(true);
    expect(faults.accepted.map((a) => a.conversationId).sort()).toEqual(['19:busy@thread.tacv2', '19:ok@thread.tacv2']);
    const busy = faults.attempts.filter((a) => a.conversationId === '19:busy@thread.tacv2');
    expect(busy.length).toBeGreaterThanOrEqual(2);
    expect(busy[busy.length - 1].at - busy[0].at).toBeGreaterThanOrEqual(900);
    expect(await ports.subscriptions({ platform: 'teams', id: '19:gone@thread.tacv2', kind: 'channel' })).toEqual([]);
    expect(rig.lines.some((l) => l.includes('no longer in the conversation') && l.includes('19:gone'))).toBe(true);
  }, 30_000);
  it('opens a 1:1 chat with a requester seen only in a channel, once, and uses it afterwards', async () => {
    connector = await startFakeConnector();
    rig = await startRig((store) => [teamsDelivery(store)]);
    const hook = teamsConversationHook(rig.store);
    const alex = { id: '29:alex', name: 'Alex', aadObjectId: 'aad-alex' };
    await hook({ ...reference(connector.url, `${CHANNEL};messageid=1700000000009`, 'channel'), user: alex }, { email: 'alex@contoso.com', name: 'Alex' });
    await rig.poller.runOnce();

    const { id } = rig.emu.data.insert('SD_Tickets', ticketRow(1, { Title: 'Dock not charging' }));
    await rig.poller.runOnce();
    rig.emu.data.update('SD_Tickets', id, { SD_Status: 'In Progress' });
    await rig.poller.runOnce();
    rig.emu.data.update('SD_Tickets', id, { SD_Status: 'Resolved' });
    await rig.poller.runOnce();

    // One conversation created, with Alex as its only member, in his tenant; both DMs went there.
    expect(connector.created).toHaveLength(1);
    expect(connector.created[0]).toMatchObject({ isGroup: false, members: [{ id: '29:alex' }], tenantId: 't' });
    const dms = connector.activities.filter((a) => a.conversationId === 'a:created-1').map((a) => a.activity.summary ?? a.activity.text);
    expect(dms).toHaveLength(2);
    expect(dms[0]).toContain('is now In Progress');
    expect(dms[1]).toMatch(/resolved/i);
    // Nothing meant for Alex alone went into the channel.
    expect(connector.activities.filter((a) => a.conversationId.startsWith(CHANNEL)).map((a) => (a.activity.summary ?? a.activity.text) ?? '')).not.toContain(dms[0]);
  }, 30_000);
});

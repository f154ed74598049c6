/**
 * Outbox rows written by the version before screens had one kind: a channel digest ('digest', its
 * own layout of finished words) and a change storm's summary ('storm') still owed when the bot is
 * upgraded are posted after it, on both platforms, with every figure, row and button they had.
 */
import type { ConversationReference } from 'botbuilder';
import { webApi } from '@slack/bolt';
import { afterEach, describe, expect, it } from 'vitest';
import { createTeamsChannel } from '../../src/channels/teams';
import { createTeamsDelivery, teamsConversationHook } from '../../src/channels/teams/notify-delivery';
import { createSlackDelivery } from '../../src/channels/slack/notify-delivery';
import { createLogger } from '../../src/log';
import type { Store } from '../../src/store';
import { startFakeConnector, type FakeConnector } from '../support/fake-connector';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { noHelpdesk } from '../support/no-helpdesk';
import { startRig, type PollRig } from './emulator-setup';

const quiet = createLogger({ level: 'error', write: () => undefined });
const TEAMS_CHANNEL = '19:desk@thread.tacv2';
let rig: PollRig | undefined;
let connector: FakeConnector | undefined;
let slack: FakeSlack | undefined;
afterEach(async () => {
  await rig?.close();
  await connector?.close();
  await slack?.close();
  rig = connector = slack = undefined;
});

/** A digest as the version before screens wrote it into the outbox (src/views/types.ts DigestView then). */
const OLD_DIGEST = {
  locale: 'en',
  title: 'Help-desk digest',
  late: 'This digest is late: it was due Tue, Nov 24, 09:00 Europe/Berlin, when the bot was not running.',
  period: 'Since the last digest, Mon, Nov 23, 09:00 Europe/Berlin',
  facts: [{ title: 'Open', value: '3 (New 2 · In Progress 1)' }, { title: 'New since the last digest', value: '1' }, { title: 'Unassigned', value: '2' }],
  rowsTitle: 'Oldest unassigned',
  rows: [{ id: 7, title: 'Printer jams', line: 'New · Normal · from Adele Vance · opened Mon, Nov 23, 09:00 Europe/Berlin', actions: [{ verb: 'ticket.claim', title: 'Claim', style: 'positive', ticketId: 7, etag: '"7,1"' }] }],
  emptyText: 'Every open ticket has someone on it.',
  moreText: '1 more unassigned ticket not shown',
  text: 'Help-desk digest\nThis digest is late\nOpen: 3',
  dates: [
    { text: 'Tue, Nov 24, 09:00 Europe/Berlin', iso: '2026-11-24T08:00:00Z' },
    { text: 'Mon, Nov 23, 09:00 Europe/Berlin', iso: '2026-11-23T08:00:00Z' },
  ],
};

/** A storm's summary as that version wrote it: already a screen, under its own kind. */
const OLD_STORM = {
  elements: [{ kind: 'heading', text: '12 tickets changed at once' }, { kind: 'facts', facts: [{ label: 'Status', value: 'New 12' }] }],
  fallback: '12 tickets changed at once: New 12.',
  shared: true,
};

async function owe(store: Store, rows: { key: string; platform: string; conversationId: string; payload: Record<string, unknown> }[]) {
  await store.commitCycleWithDeliveries({ watermarks: {}, states: [], processedKeys: [] }, rows.map((r) => ({
    key: r.key, lane: `${r.platform}:${r.conversationId}`, ticketId: 0, createdAt: new Date().toISOString(), payload: r.payload,
  })));
}

describe('outbox rows of the version before screens', () => {
  it('posts an owed digest and storm summary after the upgrade, on Teams and Slack, as the screens they were', async () => {
    connector = await startFakeConnector();
    slack = await startFakeSlack();
    const client = new webApi.WebClient(slack.token, { slackApiUrl: slack.apiUrl });
    const channel = createTeamsChannel({ settings: { appType: 'MultiTenant' }, helpdesk: noHelpdesk('notifications are sent through the adapter only'), logger: quiet });
    rig = await startRig((store) => [
      createTeamsDelivery({ adapter: channel.adapter, appId: channel.appId, store, logger: quiet, minIntervalMs: 0 }),
      createSlackDelivery({ client, store, logger: quiet, minIntervalMs: 0 }),
    ]);
    const ref: Partial<ConversationReference> = { serviceUrl: connector.url, channelId: 'msteams', bot: { id: '28:bot', name: 'Help desk' }, conversation: { id: TEAMS_CHANNEL, name: '', conversationType: 'channel', isGroup: true, tenantId: 't' } };
    await teamsConversationHook(rig.store)(ref);
    await owe(rig.store, [
      { key: 'digest:teams:old', platform: 'teams', conversationId: TEAMS_CHANNEL, payload: { kind: 'digest', platform: 'teams', conversationId: TEAMS_CHANNEL, view: OLD_DIGEST } },
      { key: 'digest:slack:old', platform: 'slack', conversationId: 'CDESK', payload: { kind: 'digest', platform: 'slack', conversationId: 'CDESK', view: OLD_DIGEST } },
      { key: 'storm:old>teams', platform: 'teams', conversationId: TEAMS_CHANNEL, payload: { kind: 'storm', platform: 'teams', conversationId: TEAMS_CHANNEL, view: OLD_STORM } },
      { key: 'storm:old>slack', platform: 'slack', conversationId: 'CDESK', payload: { kind: 'storm', platform: 'slack', conversationId: 'CDESK', view: OLD_STORM } },
    ]);
    await rig.poller.runOnce();

    const cards = connector.activities.filter((a) => a.conversationId === TEAMS_CHANNEL).map((a) => JSON.stringify(a.activity.attachments?.[0]?.content ?? {}));
    expect(cards).toHaveLength(2);
    const teamsDigest = cards.find((c) => c.includes('Help-desk digest'))!;
    for (const part of ['This digest is late', '"title":"Open","value":"3 (New 2 · In Progress 1)"', 'Oldest unassigned', '#7 Printer jams', '1 more unassigned ticket not shown', '"verb":"ticket.claim"']) expect(teamsDigest).toContain(part);
    // Its times as Teams' date tokens, as before.
    expect(teamsDigest).toContain('{{DATE(2026-11-23T08:00:00Z, SHORT)}} {{TIME(2026-11-23T08:00:00Z)}}');
    expect(cards.find((c) => c.includes('12 tickets changed at once'))).toContain('New 12');

    const posts = slack.messages.filter((m) => m.channel === 'CDESK');
    expect(posts).toHaveLength(2);
    const slackDigest = JSON.stringify(posts.find((m) => m.text.startsWith('Help-desk digest'))!.blocks);
    for (const part of ['*Open:* 3 (New 2 · In Progress 1)', '#7 Printer jams', '"action_id"', '1 more unassigned ticket not shown', '<!date^1795420800^']) expect(slackDigest).toContain(part);
    expect(posts.find((m) => m.text.startsWith('12 tickets changed'))).toBeDefined();
    // Delivered once: nothing is owed any more.
    await rig.poller.runOnce();
    expect(connector.activities.filter((a) => a.conversationId === TEAMS_CHANNEL)).toHaveLength(2);
    expect(slack.messages.filter((m) => m.channel === 'CDESK')).toHaveLength(2);
  });
});

import { webApi } from '@slack/bolt';
import { afterEach, describe, expect, it } from 'vitest';
import { createSlackDelivery, slackConversationHook } from '../../src/channels/slack/notify-delivery';
import { createLogger } from '../../src/log';
import { createConversationPorts } from '../../src/store';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startRig, ticketRow, type PollRig } from './emulator-setup';
import { startSlackFaults, type SlackFaults } from './slack-faults';

const quiet = createLogger({ level: 'error', write: () => undefined });
const dana = { email: 'dana@contoso.com', name: 'Dana' };
let rig: PollRig | undefined;
let slack: FakeSlack | undefined;
let faults: SlackFaults | undefined;
afterEach(async () => {
  await rig?.close();
  await slack?.close();
  await faults?.close();
  rig = slack = faults = undefined;
});

describe('Slack notification delivery', () => {
  it('posts a card, updates that same message in place, threads the change and DMs the requester', async () => {
    slack = await startFakeSlack();
    const client = new webApi.WebClient(slack.token, { slackApiUrl: slack.apiUrl });
    rig = await startRig((store) => [createSlackDelivery({ client, store, logger: quiet, minIntervalMs: 0 })]);
    // The requester once talked to the bot in a channel: the hook keeps their user id.
    await slackConversationHook(rig.store)({ channelId: 'CGEN', userId: 'UALEX', email: 'Alex@Contoso.com', kind: 'channel' });
    await createConversationPorts(rig.store).subscribe({ platform: 'slack', id: 'CDESK', kind: 'channel' }, { kind: 'all' }, dana);
    await rig.poller.runOnce();

    const { id } = rig.emu.data.insert('SD_Tickets', ticketRow(1, { Title: 'Wi-Fi <b>slow</b> & flaky' }));
    await rig.poller.runOnce();
    const card = slack.callsTo('chat.postMessage')[0];
    expect(card.body.channel).toBe('CDESK');
    expect(card.body.blocks[0]).toMatchObject({ type: 'header', text: { type: 'plain_text', text: '#1 Wi-Fi <b>slow</b> & flaky' } });
    const ts = slack.messages.find((m) => m.channel === 'CDESK')!.ts;

    rig.emu.data.update('SD_Tickets', id, { SD_Status: 'Resolved' });
    await rig.poller.runOnce();
    const update = slack.callsTo('chat.update');
    expect(update.map((c) => [c.body.channel, c.body.ts])).toEqual([['CDESK', ts]]);
    expect(JSON.stringify(update[0].body.blocks)).toContain('Resolved');
    const posts = slack.callsTo('chat.postMessage').slice(1).map((c) => [c.body.channel, c.body.thread_ts, c.body.text]);
    expect(posts).toEqual(expect.arrayContaining([
      ['CDESK', ts, 'Resolved'],
      ['DALEX', undefined, 'Your ticket #1 "Wi-Fi &lt;b&gt;slow&lt;/b&gt; &amp; flaky" was resolved.'],
    ]));
    expect(posts).toHaveLength(2);
    expect(slack.callsTo('conversations.open').map((c) => c.body.users)).toEqual(['UALEX']);
    expect(slack.callsTo('chat.postMessage').filter((c) => c.body.channel === 'CDESK' && !c.body.thread_ts)).toHaveLength(1);
  }, 30_000);

  it('drops a channel the bot was removed from, keeps serving the others, and waits out a 429', async () => {
    faults = await startSlackFaults(1);
    const client = new webApi.WebClient('xoxb-test', { slackApiUrl: faults.apiUrl, logLevel: webApi.LogLevel.ERROR });
    rig = await startRig((store) => [createSlackDelivery({ client, store, logger: quiet, minIntervalMs: 0 })]);
    const ports = createConversationPorts(rig.store);
    for (const id of ['CGONE', 'CBUSY', 'COK']) await ports.subscribe({ platform: 'slack', id, kind: 'channel' }, { kind: 'all' }, dana);
    await rig.poller.runOnce();
    rig.emu.data.insert('SD_Tickets', ticketRow(1, { Title: 'Server room hot' }));
    const started = Date.now();
    expect((await rig.poller.runOnce()).complete).toBe(true);

    expect(faults.accepted.map((a) => a.channel).sort()).toEqual(['CBUSY', 'COK']);
    const busy = faults.attempts.filter((a) => a.channel === 'CBUSY');
    expect(busy).toHaveLength(2);
    expect(busy[1].at - busy[0].at).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await ports.subscriptions({ platform: 'slack', id: 'CGONE', kind: 'channel' })).toEqual([]);
    expect(await ports.subscriptions({ platform: 'slack', id: 'COK', kind: 'channel' })).toEqual([{ kind: 'all' }]);
    expect(rig.lines.some((l) => l.includes('no longer in the conversation') && l.includes('CGONE'))).toBe(true);

    rig.emu.data.insert('SD_Tickets', ticketRow(2, { Title: 'Second' }));
    await rig.poller.runOnce();
    expect(faults.attempts.filter((a) => a.channel === 'CGONE')).toHaveLength(1);
  }, 30_000);
});

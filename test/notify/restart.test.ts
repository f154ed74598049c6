import { webApi } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlackDelivery } from '../../src/channels/slack/notify-delivery';
import { createLogger } from '../../src/log';
import type { Delivery } from '../../src/notify';
import { createConversationPorts, type Store } from '../../src/store';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startRig, ticketRow, type PollRig } from './emulator-setup';

let slack: FakeSlack;
let rig: PollRig;
beforeEach(async () => {
  slack = await startFakeSlack();
});
afterEach(async () => {
  await rig?.close();
  await slack.close();
});

const quiet = createLogger({ level: 'error', write: () => undefined });
function slackDelivery(store: Store): Delivery {
  const client = new webApi.WebClient(slack.token, { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } });
  return createSlackDelivery({ client, store, logger: quiet, minIntervalMs: 0 });
}
/** A delivery that dies (like a killed process) once `allowed` sends have gone out. */
function dyingAfter(inner: Delivery, allowed: number): Delivery {
  let n = 0;
  const gate = () => {
    if (n++ >= allowed) throw new Error('killed mid-delivery');
  };
  return {
    platform: inner.platform,
    minIntervalMs: 0,
    postCard: async (...a) => (gate(), inner.postCard(...a)),
    updateCard: async (...a) => (gate(), inner.updateCard(...a)),
    postThreadLine: async (...a) => (gate(), inner.postThreadLine(...a)),
    sendDirect: async (...a) => (gate(), inner.sendDirect(...a)),
  };
}
const dana = { email: 'dana@contoso.com', name: 'Dana' };
const posts = () => slack.callsTo('chat.postMessage');

describe('restart safety against the emulator and the Slack stand-in', () => {
  it('a resolution is one message to its requester, with the survey in it, sent once across a crash before delivery', async () => {
    rig = await startRig((store) => [slackDelivery(store)], { csat: true });
    await rig.store.savePersonAddress({ platform: 'slack', email: 'alex@contoso.com', userId: 'UALEX' });
    rig.emu.data.insert('SD_Tickets', ticketRow(1, { Title: 'Dock dead' }));
    await rig.poller.runOnce();
    const before = posts().length;
    rig = await rig.restart((store) => [dyingAfter(slackDelivery(store), 0)]);
    rig.emu.data.update('SD_Tickets', '1', { SD_Status: 'Resolved', SD_AssignedTo: dana.email });
    expect((await rig.poller.runOnce()).complete).toBe(false);
    expect(posts()).toHaveLength(before);

    rig = await rig.restart((store) => [slackDelivery(store)]);
    await rig.poller.runOnce();
    await rig.poller.runOnce();
    const told = posts().slice(before).filter((c) => c.body.channel !== 'C1');
    expect(told).toHaveLength(1);
    expect(told[0].body.text).toMatch(/resolved/);
    expect(JSON.stringify(told[0].body.blocks)).toContain('5 – Great');
  }, 30_000);


  it('stopped between fetching and delivering: the restarted poller delivers every event once', async () => {
    // The first poller's delivery fails on every send (crash before anything went out).
    rig = await startRig((store) => [dyingAfter(slackDelivery(store), 0)]);
    await createConversationPorts(rig.store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'all' }, dana);
    await rig.store.savePersonAddress({ platform: 'slack', email: 'alex@contoso.com', userId: 'UALEX' });
    await rig.poller.runOnce();
    rig.emu.data.insert('SD_Tickets', ticketRow(1, { Title: 'Printer on fire' }));
    rig.emu.data.insert('SD_Tickets', ticketRow(2, { Title: 'Monitor flickers' }));
    expect((await rig.poller.runOnce()).complete).toBe(false);
    expect(posts()).toHaveLength(0);

    rig = await rig.restart((store) => [slackDelivery(store)]);
    await rig.poller.runOnce();
    await rig.poller.runOnce();
    expect(posts().map((c) => c.body.text).sort()).toEqual(['#1 Printer on fire — New, Normal', '#2 Monitor flickers — New, Normal']);
  }, 30_000);

  it('killed after the first of two targets: after restart the second is delivered once and the first not again', async () => {
    rig = await startRig((store) => [slackDelivery(store)]);
    await createConversationPorts(rig.store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'all' }, dana);
    await rig.store.savePersonAddress({ platform: 'slack', email: 'alex@contoso.com', userId: 'UALEX' });
    await rig.poller.runOnce();
    const { id } = rig.emu.data.insert('SD_Tickets', ticketRow(1, { Title: 'Laptop stolen' }));
    await rig.poller.runOnce();
    slack.clear();

    // Status change: three sends (card update, thread line, requester DM). Die after the first.
    rig = await rig.restart((store) => [dyingAfter(slackDelivery(store), 1)]);
    rig.emu.data.update('SD_Tickets', id, { SD_Status: 'In Progress' });
    expect((await rig.poller.runOnce()).complete).toBe(false);
    const before = slack.calls.filter((c) => c.method.startsWith('chat.')).length;
    expect(before).toBe(1);

    rig = await rig.restart((store) => [slackDelivery(store)]);
    await rig.poller.runOnce();
    await rig.poller.runOnce();
    const chat = slack.calls.filter((c) => c.method === 'chat.update' || c.method === 'chat.postMessage');
    const what = chat.map((c) => `${c.method} ${c.body.channel} ${c.body.thread_ts ? 'thread' : ''} ${c.body.text}`.replace(/ +/g, ' ')).sort();
    expect(what).toEqual([
      'chat.postMessage C1 thread Status: New → In Progress',
      'chat.postMessage DALEX Your ticket #1 "Laptop stolen" is now In Progress.',
      'chat.update C1 #1 Laptop stolen — In Progress, Normal',
    ]);
  }, 30_000);
});

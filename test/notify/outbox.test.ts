import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log';
import { createDeliverer, createPoller, createSendQueue, DeliveryError } from '../../src/notify';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';
import { vocabulary } from './emulator-setup';
import { memoryFeed } from './memory-feed';
import { recordingDelivery } from './recording-delivery';

const dirs: string[] = [];
const stores: Store[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const dana = { email: 'dana@contoso.com', name: 'Dana' };

/** Poller + outbox on a driven clock: each `cycle()` is one 15 s poll interval, no real waiting. */
async function setup(dir = mkdtempSync(path.join(tmpdir(), 'outbox-')), env = memoryFeed()) {
  dirs.push(dir);
  const store = createSqliteStore({ dataDir: dir });
  stores.push(store);
  const slack = recordingDelivery('slack');
  const teams = recordingDelivery('teams');
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', write: (l) => lines.push(l) });
  const now = () => env.now().getTime();
  const deliverer = createDeliverer({ deliveries: [slack.delivery, teams.delivery], store, queue: createSendQueue({ sleep: async () => undefined }), logger, vocabulary, now });
  const poller = createPoller({ feed: env.feed, store, deliverer, vocabulary, logger, pollSeconds: 15, now: env.now });
  const ports = createConversationPorts(store);
  return {
    dir, env, store, slack, teams, poller, ports, lines, deliverer,
    async cycle() {
      env.tick(15);
      return poller.runOnce();
    },
  };
}

describe('notification outbox', () => {
  it('after a 30-minute Slack outage every card, change line and DM that was due arrives once, in order per conversation; Teams is not held back', async () => {
    const s = await setup();
    await s.ports.subscribe({ platform: 'slack', id: 'CDESK', kind: 'channel' }, { kind: 'all' }, dana);
    await s.ports.subscribe({ platform: 'teams', id: '19:desk', kind: 'channel' }, { kind: 'all' }, dana);
    await s.store.savePersonAddress({ platform: 'slack', email: 'alex@contoso.com', userId: 'UALEX' });
    await s.cycle();

    let down = true;
    s.slack.failWith(() => (down ? new DeliveryError('failed', 'slack 503') : undefined));
    // During the outage: two new tickets, then changes to both.
    s.env.put({ id: 1, title: 'VPN down' });
    await s.cycle();
    s.env.put({ id: 2, title: 'Mail slow' });
    await s.cycle();
    s.env.put({ id: 1, status: 'In Progress' });
    await s.cycle();
    s.env.put({ id: 2, status: 'Resolved' });
    for (let t = 0; t < 30 * 4; t++) await s.cycle(); // 30 minutes of cycles
    expect(s.slack.sent).toEqual([]);
    // Teams went on as usual meanwhile.
    expect(s.teams.sent.map((x) => `${x.op} ${x.view?.title ?? x.text}`)).toEqual([
      'post VPN down', 'post Mail slow', 'update VPN down', 'line Status: New → In Progress', 'update Mail slow', 'line Resolved',
    ]);
    // Retries were spaced out (capped backoff), not one per cycle per change.
    const attemptsWhileDown = s.lines.filter((l) => l.includes('notification failed; will retry')).length;
    expect(attemptsWhileDown).toBeLessThan(60);

    down = false;
    for (let t = 0; t < 30; t++) await s.cycle(); // at most the capped backoff (5 minutes) later
    const channel = s.slack.sent.filter((x) => x.conversationId === 'CDESK').map((x) => `${x.op} ${x.messageId} ${x.view ? `${x.view.title}/${x.view.status}` : x.text}`);
    expect(channel).toEqual([
      'post CDESK-m1 VPN down/New',
      'post CDESK-m2 Mail slow/New',
      'update CDESK-m1 VPN down/In Progress',
      'line CDESK-m1 Status: New → In Progress',
      'update CDESK-m2 Mail slow/Resolved',
      'line CDESK-m2 Resolved',
    ]);
    expect(s.slack.sent.filter((x) => x.op === 'dm').map((x) => x.text)).toEqual([
      'Your ticket #1 "VPN down" is now In Progress.',
      'Your ticket #2 "Mail slow" was resolved.',
    ]);
    expect(await s.store.pendingDeliveryCount()).toBe(0);
    expect((await s.store.postedMessages(1)).map((p) => p.messageId).sort()).toEqual(['19:desk-m1', 'CDESK-m1']);
  });

  it('one failing conversation does not hold back another on the same platform, and is never given up within a day', async () => {
    const s = await setup();
    for (const id of ['CBAD', 'COK']) await s.ports.subscribe({ platform: 'slack', id, kind: 'channel' }, { kind: 'all' }, dana);
    await s.cycle();
    let bad = true;
    s.slack.failWith((x) => (bad && x.conversationId === 'CBAD' ? new DeliveryError('failed', 'connection reset') : undefined));
    s.env.put({ id: 3, title: 'Printer' });
    await s.cycle();
    expect(s.slack.sent.map((x) => x.conversationId)).toEqual(['COK']);
    // 24 hours of retries, compressed: the clock jumps an hour per cycle.
    for (let h = 0; h < 24; h++) {
      s.env.tick(3600);
      await s.cycle();
    }
    expect(await s.store.pendingDeliveryCount()).toBe(1);
    bad = false;
    s.env.tick(3600);
    await s.cycle();
    expect(s.slack.sent.map((x) => `${x.op} ${x.conversationId}`)).toEqual(['post COK', 'post CBAD']);
  });

  it('a Retry-After longer than the queue waits in-line postpones that conversation for exactly that long', async () => {
    const s = await setup();
    await s.ports.subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'all' }, dana);
    await s.cycle();
    let throttled = true;
    s.slack.failWith(() => (throttled ? new DeliveryError('throttled', '429', 120_000) : undefined));
    s.env.put({ id: 4, title: 'Badge' });
    await s.cycle();
    throttled = false;
    await s.cycle();
    expect(s.slack.sent).toEqual([]);
    for (let i = 0; i < 6; i++) await s.cycle(); // 105 s after the 429
    expect(s.slack.sent).toEqual([]);
    await s.cycle();
    expect(s.slack.sent.map((x) => x.op)).toEqual(['post']);
  });

  it('a conversation the bot left drops what it still owed there and its subscriptions', async () => {
    const s = await setup();
    await s.ports.subscribe({ platform: 'slack', id: 'CGONE', kind: 'channel' }, { kind: 'all' }, dana);
    await s.cycle();
    s.slack.failWith(() => new DeliveryError('failed', 'outage'));
    s.env.put({ id: 5 });
    await s.cycle();
    s.env.put({ id: 6 });
    await s.cycle();
    expect(await s.store.pendingDeliveryCount()).toBe(2);
    s.slack.failWith(() => s.slack.gone('channel_not_found'));
    for (let i = 0; i < 30; i++) await s.cycle();
    expect(await s.store.pendingDeliveryCount()).toBe(0);
    expect(await s.ports.subscriptions({ platform: 'slack', id: 'CGONE', kind: 'channel' })).toEqual([]);
  });

  it('a DM owed when the process stopped is sent after the restart as the same card, with the reader\'s buttons, and remembered for replies', async () => {
    const s = await setup();
    await s.store.savePersonAddress({ platform: 'slack', email: 'alex@contoso.com', userId: 'UALEX' });
    await s.cycle();
    s.slack.failWith(() => new DeliveryError('failed', 'slack 503'));
    s.env.put({ id: 7, title: 'Laptop fan loud' });
    await s.cycle();
    s.env.put({ id: 7, status: 'Resolved' });
    await s.cycle();
    expect(s.slack.sent.filter((x) => x.op === 'dm')).toEqual([]);
    await s.store.close();
    stores.splice(stores.indexOf(s.store), 1);

    const again = await setup(s.dir, s.env);
    await again.cycle();
    const dms = again.slack.sent.filter((x) => x.op === 'dm');
    expect(dms.map((d) => d.text)).toEqual(['Your ticket #7 "Laptop fan loud" was resolved.']);
    expect(dms[0].notice).toMatchObject({ ticketId: 7, reader: 'requester', status: 'Resolved' });
    expect(dms[0].notice!.actions.map((a) => a.title)).toEqual(['Comment', 'View', 'Reopen']);
    expect(await again.ports.lastNotice!('alex@contoso.com')).toMatchObject({ ticketId: 7 });
  });
});

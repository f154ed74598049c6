import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_VOCABULARY } from '../../src/config';
import { createLogger } from '../../src/log';
import { createDeliverer, createPoller, createSendQueue, DeliveryError } from '../../src/notify';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';
import { memoryFeed } from './memory-feed';
import { recordingDelivery } from './recording-delivery';

const vocabulary = DEFAULT_VOCABULARY;
const dirs: string[] = [];
const stores: Store[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup(dir = mkdtempSync(path.join(tmpdir(), 'poller-')), existing?: ReturnType<typeof memoryFeed>, rec = recordingDelivery('slack'), backfillMinutes = 0) {
  dirs.push(dir);
  const store = createSqliteStore({ dataDir: dir });
  stores.push(store);
  const env = existing ?? memoryFeed();
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', write: (l) => lines.push(l) });
  const deliverer = createDeliverer({ deliveries: [rec.delivery], store, queue: createSendQueue(), logger, vocabulary });
  const poller = createPoller({ feed: env.feed, store, deliverer, vocabulary, logger, pollSeconds: 15, now: env.now, backfillMinutes });
  return { dir, store, env, rec, poller, lines, ports: createConversationPorts(store) };
}
const chan = { platform: 'slack' as const, id: 'C1', kind: 'channel' as const };
const dana = { email: 'dana@contoso.com', name: 'Dana' };

describe('change poller', () => {
  it('starts from now: old tickets are not announced, new ones are, once', async () => {
    const s = setup();
    s.env.put({ id: 1, title: 'Old ticket' });
    await s.ports.subscribe(chan, { kind: 'all' }, dana);
    s.env.tick(60);
    expect((await s.poller.runOnce()).firstStart).toBe(true);
    expect(s.rec.sent).toEqual([]);

    s.env.tick(2);
    s.env.put({ id: 2, title: 'VPN down' });
    await s.poller.runOnce();
    await s.poller.runOnce(); // the overlap re-reads ticket 2; it must not be announced again
    expect(s.rec.sent.map((x) => `${x.op}:${x.conversationId}:${x.view?.title}`)).toEqual(['post:C1:VPN down']);
  });

  it('updates the same card in place and threads each change, and DMs the requester', async () => {
    const s = setup();
    await s.store.savePersonAddress({ platform: 'slack', email: 'alex@contoso.com', userId: 'U1' });
    await s.ports.subscribe(chan, { kind: 'all' }, dana);
    await s.poller.runOnce();
    s.env.tick(2);
    s.env.put({ id: 5, title: 'Laptop' });
    await s.poller.runOnce();
    s.env.tick(2);
    s.env.put({ id: 5, status: 'In Progress' });
    await s.poller.runOnce();
    // Sends to different conversations run in parallel, so compare without order.
    expect(s.rec.sent.map((x) => [x.op, x.messageId ?? x.email, x.text ?? x.view?.status]).sort()).toEqual([
      ['dm', 'alex@contoso.com', 'Your ticket #5 "Laptop" is now In Progress.'],
      ['line', 'C1-m1', 'Status: New → In Progress'],
      ['post', 'C1-m1', 'New'],
      ['update', 'C1-m1', 'In Progress'],
    ]);
  });

  it('a removed conversation is dropped from subscriptions with a log line, and others still get theirs', async () => {
    const s = setup();
    await s.ports.subscribe(chan, { kind: 'all' }, dana);
    await s.ports.subscribe({ ...chan, id: 'C2' }, { kind: 'all' }, dana);
    await s.poller.runOnce();
    s.rec.failWith((x) => (x.conversationId === 'C1' ? s.rec.gone('channel_not_found') : undefined));
    s.env.tick(2);
    s.env.put({ id: 7 });
    const r = await s.poller.runOnce();
    expect(r.complete).toBe(true);
    expect(s.rec.sent.map((x) => x.conversationId)).toEqual(['C2']);
    expect(await s.ports.subscriptions(chan)).toEqual([]);
    expect(s.lines.some((l) => l.includes('no longer in the conversation') && l.includes('C1'))).toBe(true);
  });

  it('with a backfill, the first start also announces what changed inside the window, and nothing older', async () => {
    const env = memoryFeed();
    env.put({ id: 1, title: 'Changed 20 minutes ago' });
    env.tick(15 * 60);
    env.put({ id: 2, title: 'Changed 5 minutes ago' });
    env.tick(5 * 60);
    const s = setup(undefined, env, undefined, 10);
    await s.ports.subscribe(chan, { kind: 'all' }, dana);
    await s.poller.runOnce();
    await s.poller.runOnce();
    expect(s.rec.sent.map((x) => x.view?.title)).toEqual(['Changed 5 minutes ago']);
  });

  it('a card someone deleted is posted again and the change is threaded under the new one', async () => {
    const s = setup();
    await s.ports.subscribe(chan, { kind: 'all' }, dana);
    await s.poller.runOnce();
    s.env.tick(2);
    s.env.put({ id: 4, title: 'Keyboard' });
    await s.poller.runOnce();
    s.rec.failWith((x) => (x.op === 'update' ? new DeliveryError('missing', 'message_not_found') : undefined));
    s.env.tick(2);
    s.env.put({ id: 4, status: 'In Progress' });
    await s.poller.runOnce();
    expect(s.rec.sent.filter((x) => x.op !== 'dm').map((x) => `${x.op} ${x.messageId}`)).toEqual(['post C1-m1', 'post C1-m2', 'line C1-m2']);
    expect((await s.store.postedMessages(4)).map((p) => p.messageId)).toEqual(['C1-m2']);
  });

  it('idle cycles cost exactly two feed reads', async () => {
    const s = setup();
    for (let i = 1; i <= 50; i++) s.env.put({ id: i });
    await s.poller.runOnce();
    const before = s.env.requests;
    await s.poller.runOnce();
    await s.poller.runOnce();
    expect(s.env.requests - before).toBe(4);
  });
});

describe('restart safety', () => {
  it('a failure between fetching and delivering loses nothing: a new poller on the same file delivers it', async () => {
    const first = setup();
    await first.ports.subscribe(chan, { kind: 'all' }, dana);
    await first.poller.runOnce();
    first.env.tick(2);
    first.env.put({ id: 9, title: 'Disk full' });
    first.rec.failWith(() => new Error('network down'));
    expect((await first.poller.runOnce()).complete).toBe(false);
    expect(first.rec.sent).toEqual([]);
    await first.store.close();

    const second = setup(first.dir, first.env);
    second.env.tick(30);
    await second.poller.runOnce();
    await second.poller.runOnce();
    expect(second.rec.sent.map((x) => `${x.op}:${x.view?.title}`)).toEqual(['post:Disk full']);
  });

  it('a crash after the first of two targets delivers the second once after restart, and never the first twice', async () => {
    const first = setup();
    await first.store.savePersonAddress({ platform: 'slack', email: 'alex@contoso.com', userId: 'U1' });
    await first.ports.subscribe(chan, { kind: 'all' }, dana);
    await first.poller.runOnce();
    first.env.tick(2);
    first.env.put({ id: 3, title: 'Badge' });
    await first.poller.runOnce();
    first.env.tick(2);
    const mark = first.rec.sent.length;
    first.env.put({ id: 3, status: 'Resolved' });
    // Targets: card update, thread line, requester DM. Die after the first send.
    first.rec.failWith((_x, i) => (i >= 1 ? first.rec.crash() : undefined));
    expect((await first.poller.runOnce()).complete).toBe(false);
    expect(first.rec.sent.length - mark).toBe(1);
    await first.store.close();

    const second = setup(first.dir, first.env);
    await second.poller.runOnce();
    await second.poller.runOnce();
    const all = [...first.rec.sent.slice(mark), ...second.rec.sent].map((x) => x.op);
    expect(all.sort()).toEqual(['dm', 'line', 'update']);
  });
});

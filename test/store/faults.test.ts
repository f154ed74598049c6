/**
 * PostgreSQL goes away and comes back (a real cut of every TCP connection through a proxy): the
 * process stays up, health says so, the poller pauses and then delivers each change exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { DEFAULT_VOCABULARY } from '../../src/config';
import { createLogger } from '../../src/log';
import { createDeliverer, createPoller, createSendQueue, type Poller } from '../../src/notify';
import { plainWhenUnreachable } from '../../src/commands/plainly';
import { createConversationPorts, createPostgresStore, leaseFor, storeHealth, type Store } from '../../src/store';
import { memoryFeed } from '../notify/memory-feed';
import { recordingDelivery } from '../notify/recording-delivery';
import { freshDatabase, pgAvailable, pgProblem } from '../support/postgres';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';

const vocabulary = DEFAULT_VOCABULARY;
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The store reached through a proxy that the test can cut. */
async function storeBehindProxy(): Promise<{ store: Store; proxy: TcpProxy }> {
  const url = new URL(await freshDatabase());
  const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
  cleanup.push(() => proxy.close());
  url.port = String(proxy.port);
  const store = await createPostgresStore({ url: url.toString(), logger: createLogger({ level: 'error', write: () => undefined }) });
  cleanup.push(() => store.close());
  return { store, proxy };
}

describe.skipIf(!pgAvailable())(`PostgreSQL unreachable${pgAvailable() ? '' : ` (cannot run: ${pgProblem()})`}`, () => {
  it('the poller pauses while the database is cut off, then delivers what changed meanwhile exactly once', async () => {
    const { store, proxy } = await storeBehindProxy();
    const env = memoryFeed();
    const rec = recordingDelivery('slack');
    const logger = createLogger({ level: 'error', write: () => undefined });
    const deliverer = createDeliverer({ deliveries: [rec.delivery], store, queue: createSendQueue(), logger, vocabulary });
    const lease = leaseFor(store, { ttlMs: 750 });
    const poller: Poller = createPoller({ feed: env.feed, store, deliverer, vocabulary, logger, pollSeconds: 1, now: env.now, lease });
    cleanup.push(() => poller.stop());
    await createConversationPorts(store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'all' }, { email: 'dana@contoso.com', name: 'Dana' });
    await store.savePersonAddress({ platform: 'slack', email: 'alex@contoso.com', userId: 'U1' });

    poller.start();
    await until(async () => (await store.getWatermark('tickets.modified')) !== undefined, 'first start');
    env.tick(2);
    env.put({ id: 1, title: 'Before the outage' });
    // Cut between cycles (a cut in the middle of a send is the notification deliverer's business).
    await until(async () => rec.sent.some((s) => s.op === 'post') && (await store.pendingDeliveryCount()) === 0, 'ticket 1 delivered and the outbox empty');
    expect(rec.sent.filter((s) => s.op === 'post')).toHaveLength(1);
    expect(poller.status().polling).toBe(true);

    proxy.cut();
    expect((await storeHealth(store, 1000)).reachable).toBe(false);
    env.tick(2);
    env.put({ id: 2, title: 'During the outage' });
    env.put({ id: 1, status: 'In Progress' });
    await until(() => poller.status().leaseError !== undefined, 'the poller notices');
    expect(poller.status().polling).toBe(false);
    const duringOutage = rec.sent.length;

    proxy.restore();
    await until(() => rec.sent.some((s) => s.view?.title === 'During the outage'), 'card for ticket 2 after the outage');
    await until(() => rec.sent.filter((s) => s.op === 'dm').length === 1, 'DM about ticket 1');
    expect(duringOutage).toBe(1);
    expect(await storeHealth(store)).toEqual({ engine: 'postgres', reachable: true });
    // Two more cycles re-read the overlap: nothing is repeated.
    const cycles = poller.status().cycles;
    await until(() => poller.status().cycles >= cycles + 2, 'two more cycles');
    const visible = rec.sent.filter((s) => s.op !== 'update').map((s) => `${s.op}:${s.view?.title ?? s.text}`);
    expect(visible.sort()).toEqual([
      'dm:Your ticket #1 "Before the outage" is now In Progress.',
      'line:Status: New → In Progress',
      'post:Before the outage',
      'post:During the outage',
    ]);
    expect(poller.status().polling).toBe(true);
  });

  it('starts without the database and migrates once it appears', async () => {
    const url = new URL(await freshDatabase());
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
    cleanup.push(() => proxy.close());
    proxy.cut();
    url.port = String(proxy.port);
    const store = await createPostgresStore({ url: url.toString() });
    cleanup.push(() => store.close());
    expect((await storeHealth(store, 1000)).reachable).toBe(false);
    await expect(store.setMuted('a@contoso.com', true)).rejects.toThrow();
    // A person typing `notifications off` meanwhile gets a plain answer, not a generic failure.
    await expect(plainWhenUnreachable(createConversationPorts(store)).setMuted('a@contoso.com', true)).rejects.toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/not reachable right now, so nothing was changed/) });
    proxy.restore();
    await store.setMuted('a@contoso.com', true);
    expect(await store.mutedAmong(['a@contoso.com'])).toEqual(new Set(['a@contoso.com']));
  });

  it('/healthz says the shared store is unreachable and this replica is not polling, and recovers by itself', async () => {
    const url = new URL(await freshDatabase());
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
    cleanup.push(() => proxy.close());
    url.port = String(proxy.port);
    const dir = mkdtempSync(path.join(tmpdir(), 'health-'));
    cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
    const app = await startApp(loadConfig({ HELPDESK_DATA_DIR: dir, PORT: '0', DATABASE_URL: url.toString(), HELPDESK_POLL_SECONDS: '1' }), {
      logger: createLogger({ level: 'error', write: () => undefined }),
    });
    cleanup.push(() => app.close());
    const health = async () => {
      const res = await fetch(`http://${app.host}:${app.port}/healthz`);
      return { status: res.status, body: await res.json() };
    };
    await until(async () => (await health()).body.polling === true, 'polling with the store up');

    proxy.cut();
    await until(async () => (await health()).body.store.reachable === false, 'health sees the outage');
    const down = await health();
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ ok: true, polling: false, store: { engine: 'postgres', reachable: false } });
    expect(down.body.detail).toMatch(/PostgreSQL\) unreachable.*notifications paused/);

    proxy.restore();
    await until(async () => (await health()).body.polling === true, 'polling again after the outage');
    expect((await health()).body).toMatchObject({ ok: true, store: { reachable: true } });
  });
});

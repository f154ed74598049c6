import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createNotificationPorts, createSqliteStore, SCHEMA_VERSION, STORE_FILE, type Store } from '../../src/store';

const dirs: string[] = [];
const stores: Store[] = [];
function open(dir = mkdtempSync(path.join(tmpdir(), 'store-'))) {
  dirs.push(dir);
  const store = createSqliteStore({ dataDir: dir });
  stores.push(store);
  return { store, dir };
}
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const channel = { platform: 'slack' as const, id: 'C1', kind: 'channel' as const };
const dana = { email: 'Dana@Contoso.com', name: 'Dana' };

describe('SQLite store', () => {
  it('creates its file in WAL mode with the current schema version on first start', async () => {
    const { dir, store } = open();
    await store.ticketStateCount();
    const file = path.join(dir, STORE_FILE);
    expect(existsSync(file)).toBe(true);
    const raw = new Database(file, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(raw.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    raw.close();
  });

  it('keeps subscriptions, posted cards, watermarks and states across a reopen', async () => {
    const { dir, store } = open();
    const ports = createNotificationPorts(store);
    await ports.subscribe(channel, { kind: 'high' }, dana);
    await ports.subscribe(channel, { kind: 'category', value: 'Network' }, dana);
    await ports.subscribe(channel, { kind: 'high' }, dana); // same filter twice is one subscription
    await store.savePostedMessage({ platform: 'slack', conversationId: 'C1', ticketId: 7, messageId: '171.0001' });
    await store.commitCycle({
      watermarks: { t: '2026-11-22T10:00:00Z' },
      states: [{ id: 7, status: 'New', assignedTo: '', priority: 'High', etag: '"a,1"', modified: '2026-11-22T09:59:58Z' }],
      processedKeys: ['comment:1:"x"'],
    });
    await store.close();

    const again = createSqliteStore({ dataDir: dir });
    stores.push(again);
    const subs = await createNotificationPorts(again).subscriptions(channel);
    expect(subs).toHaveLength(2);
    expect(subs).toEqual(expect.arrayContaining([{ kind: 'high' }, { kind: 'category', value: 'Network' }]));
    expect((await again.allSubscriptions())[0].createdBy).toBe('dana@contoso.com');
    expect(await again.findPostedMessage('slack', 'C1', '171.0001')).toMatchObject({ ticketId: 7 });
    expect(await again.getWatermark('t')).toBe('2026-11-22T10:00:00Z');
    expect((await again.getTicketStates([7, 8])).get(7)).toEqual({ id: 7, status: 'New', assignedTo: '', priority: 'High', etag: '"a,1"', modified: '2026-11-22T09:59:58Z' });
    expect(await again.deliveredAmong(['comment:1:"x"', 'comment:2:"y"'])).toEqual(new Set(['comment:1:"x"']));
  });

  it('unsubscribes one filter or all of them and reports how many went', async () => {
    const { store } = open();
    const ports = createNotificationPorts(store);
    await ports.subscribe(channel, { kind: 'all' }, dana);
    await ports.subscribe(channel, { kind: 'status', value: 'New' }, dana);
    await ports.subscribe(channel, { kind: 'space', value: 'hr' }, dana);
    expect(await ports.unsubscribe(channel, { kind: 'status', value: 'Closed' })).toBe(0);
    expect(await ports.unsubscribe(channel, { kind: 'status', value: 'New' })).toBe(1);
    expect(await ports.unsubscribe(channel)).toBe(2);
    expect(await ports.subscriptions(channel)).toEqual([]);
  });

  it('dropping a conversation removes its subscriptions and cards', async () => {
    const { store } = open();
    await createNotificationPorts(store).subscribe(channel, { kind: 'all' }, dana);
    await store.savePostedMessage({ platform: 'slack', conversationId: 'C1', ticketId: 3, messageId: 'm' });
    expect(await store.dropConversation('slack', 'C1')).toBe(1);
    expect(await store.allSubscriptions()).toEqual([]);
    expect(await store.postedMessages(3)).toEqual([]);
  });

  it('mutes by email regardless of case and prefers the newest personal address', async () => {
    const { store } = open();
    await createNotificationPorts(store).setMuted('ALEX@contoso.com', true);
    expect(await store.mutedAmong(['alex@contoso.com', 'dana@contoso.com'])).toEqual(new Set(['alex@contoso.com']));
    await store.setMuted('alex@contoso.com', false);
    expect((await store.mutedAmong(['alex@contoso.com'])).size).toBe(0);

    await store.savePersonAddress({ platform: 'slack', email: 'Alex@contoso.com', userId: 'U1' });
    await new Promise((r) => setTimeout(r, 5));
    await store.savePersonAddress({ platform: 'teams', email: 'alex@contoso.com', conversationId: 'a:1', reference: { conversation: { id: 'a:1' } } });
    const addresses = await store.personAddresses('alex@contoso.com');
    expect(addresses.map((a) => a.platform)).toEqual(['teams', 'slack']);
    expect(addresses[0].reference).toEqual({ conversation: { id: 'a:1' } });
  });

  it('holds 100k ticket states in a few MB and reads a batch of them back', async () => {
    const { store, dir } = open();
    const states = Array.from({ length: 100_000 }, (_, i) => ({
      id: i + 1, status: 'New', assignedTo: i % 3 ? '' : 'agent@contoso.com', priority: 'Normal',
      etag: `"3f2504e0-4f89-11d3-9a0c-0305e82c3301,${i % 7}"`, modified: '2026-11-01T00:00:00Z',
    }));
    await store.putTicketStates(states);
    expect(await store.ticketStateCount()).toBe(100_000);
    const got = await store.getTicketStates([1, 50_000, 100_000, 100_001]);
    expect([...got.keys()]).toEqual([1, 50_000, 100_000]);
    await store.close();
    const { statSync } = await import('node:fs');
    const size = statSync(path.join(dir, STORE_FILE)).size + (existsSync(path.join(dir, `${STORE_FILE}-wal`)) ? statSync(path.join(dir, `${STORE_FILE}-wal`)).size : 0);
    expect(size).toBeLessThan(16 * 1024 * 1024);
  });
});

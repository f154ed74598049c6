/** What only the embedded engine promises: its file, its mode, its size. The rest is in contract.test.ts. */
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteStore, SCHEMA_VERSION, STORE_FILE, type Store } from '../../src/store';
import { MIGRATIONS, SEARCH_TERMS_STEP } from '../../src/store/schema';
import { indexed } from '../search/index-contract';

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

  it.each([
    ['with the outbox table its first use created', true],
    ['from before the outbox', false],
  ])('upgrades a data directory of the previous release (%s) without losing anything', async (_, hadOutbox) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-'));
    const old = new Database(path.join(dir, STORE_FILE));
    old.exec(MIGRATIONS[0]);
    old.pragma('user_version = 1');
    old.prepare(`INSERT INTO subscriptions VALUES ('slack', 'C1', 'channel', 'all', '', 'dana@contoso.com', '2026-11-20T10:00:00Z')`).run();
    old.prepare(`INSERT INTO watermarks VALUES ('tickets.modified', '2026-11-22T10:00:00Z')`).run();
    if (hadOutbox) {
      // Exactly what the previous release's sqlite-outbox.ts created on first use, with one send owed.
      old.exec(`
        CREATE TABLE IF NOT EXISTS outbox (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          key TEXT NOT NULL UNIQUE, lane TEXT NOT NULL, ticket_id INTEGER NOT NULL,
          card_platform TEXT, card_conversation TEXT, payload TEXT NOT NULL, created_at TEXT NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0, not_before INTEGER NOT NULL DEFAULT 0, last_error TEXT
        );
        CREATE INDEX IF NOT EXISTS outbox_lane ON outbox (lane, seq);
        CREATE INDEX IF NOT EXISTS outbox_ticket ON outbox (ticket_id);
      `);
      old.prepare(`INSERT INTO outbox (key, lane, ticket_id, payload, created_at, attempts) VALUES ('k1', 'slack:C1', 7, '{"kind":"line","text":"owed"}', '2026-11-22T10:00:00.000Z', 1)`).run();
    }
    old.close();

    const { store } = open(dir);
    expect((await store.allSubscriptions()).map((s) => s.conversation.id)).toEqual(['C1']);
    expect(await store.getWatermark('tickets.modified')).toBe('2026-11-22T10:00:00Z');
    expect(await store.pendingDeliveryCount()).toBe(hadOutbox ? 1 : 0);
    if (hadOutbox) {
      expect((await store.dueDeliveries(Date.now(), 10)).map((d) => [d.key, d.attempts, d.payload])).toEqual([['k1', 1, { kind: 'line', text: 'owed' }]]);
      expect(await store.startDelivery('k1')).toBe(2);
    }
    expect(await store.claimInbound('slack:Ev1', 60_000)).toBe('first');
    await store.commitCycleWithDeliveries({ watermarks: {}, states: [], processedKeys: [] }, [
      { key: 'k2', lane: 'slack:C1', ticketId: 7, createdAt: '2026-11-22T10:00:01.000Z', payload: {} },
    ]);
    expect(await store.pendingDeliveryCount()).toBe(hadOutbox ? 2 : 1);
    const raw = new Database(path.join(dir, STORE_FILE), { readonly: true });
    expect(raw.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    raw.close();
  });
  it("upgrades a step-6 data directory: remembered languages stay, and a chosen one can be kept beside them", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-'));
    const old = new Database(path.join(dir, STORE_FILE));
    for (const step of MIGRATIONS.slice(0, 6)) old.exec(step);
    old.pragma('user_version = 6');
    old.prepare(`INSERT INTO locales VALUES ('person:alex@contoso.com', 'en', '2026-11-22T10:00:00Z')`).run();
    old.prepare(`INSERT INTO locales VALUES ('conversation:slack:C1', 'de', '2026-11-22T10:00:00Z')`).run();
    old.close();

    const { store } = open(dir);
    expect(await store.personLocales(['alex@contoso.com'])).toEqual(new Map([['alex@contoso.com', 'en']]));
    expect(await store.conversationLocales()).toEqual(new Map([['slack:C1', 'de']]));
    await store.setChosenLocale('alex@contoso.com', 'de');
    expect(await store.personLocales(['alex@contoso.com'])).toEqual(new Map([['alex@contoso.com', 'de']]));
    const raw = new Database(path.join(dir, STORE_FILE), { readonly: true });
    expect(raw.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    raw.close();
  });

  it('after the upgrade that lists the index\'s terms, a word typed in part still finds tickets indexed before it', async () => {
    const { store, dir } = open();
    await store.indexTickets([indexed(1, { title: 'Printer jammed', modified: '2026-11-01T09:00:00Z' })]);
    await stores.splice(stores.indexOf(store), 1)[0].close();
    // The file as the version before that step left it.
    const raw = new Database(path.join(dir, STORE_FILE));
    raw.exec('DROP TABLE search_terms');
    raw.pragma(`user_version = ${SEARCH_TERMS_STEP - 1}`);
    raw.close();
    const upgraded = open(dir).store;
    await upgraded.indexTickets([indexed(2, { title: 'Printers offline', modified: '2026-11-02T09:00:00Z' })]);
    expect((await upgraded.searchTickets({ words: ['print'], limit: 5 })).map((t) => t.id)).toEqual([2, 1]);
    expect((await upgraded.searchTickets({ words: ['print', 'jammed'], limit: 5 })).map((t) => t.id)).toEqual([1, 2]);
  });
});

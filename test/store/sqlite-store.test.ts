/** What only the embedded engine promises: its file, its mode, its size. The rest is in contract.test.ts. */
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteStore, SCHEMA_VERSION, STORE_FILE, type Store } from '../../src/store';

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
});

/** The search index contract against the embedded SQLite engine (FTS5), plus what only SQLite has: a file that is reopened. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../src/store';
import { indexed, searchIndexContract } from './index-contract';

function openSqlite() {
  const dir = mkdtempSync(path.join(tmpdir(), 'search-'));
  const store = createSqliteStore({ dataDir: dir });
  return { dir, store, close: async () => { await store.close(); rmSync(dir, { recursive: true, force: true }); } };
}

searchIndexContract('SQLite FTS5', async () => openSqlite());

describe('SQLite search index', () => {
  it('survives a restart: the index is in the store file', async () => {
    const { dir, store } = openSqlite();
    await store.indexTickets([indexed(7, { title: 'Badge reader broken' })]);
    await store.close();
    const again = createSqliteStore({ dataDir: dir });
    try {
      expect((await again.searchTickets({ words: ['badge'], limit: 5 })).map((t) => t.id)).toEqual([7]);
    } finally {
      await again.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

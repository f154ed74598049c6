/**
 * Small things remembered for a while, both engines: which ticket a person's last notification DM
 * was about (so their reply can be offered as a comment), and drafts too long for a button.
 * One table of key, JSON value and expiry; an expired memo reads as absent and is pruned with
 * the delivered keys.
 */
import type Database from 'better-sqlite3';
import type { MemoStore } from './types';

/** SQLite schema step for memos. */
export const SQLITE_MEMO_SCHEMA = `
  CREATE TABLE memos (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID;
  CREATE INDEX memos_expires ON memos (expires_at);
`;

/** PostgreSQL schema step for memos. */
export const PG_MEMO_SCHEMA = `
  CREATE TABLE memos (key TEXT PRIMARY KEY, value JSONB NOT NULL, expires_at BIGINT NOT NULL);
  CREATE INDEX memos_expires ON memos (expires_at);
`;

/** Memos in the SQLite file. */
export function createSqliteMemos(db: Database.Database): MemoStore & { pruneMemos(): void } {
  const put = db.prepare(`INSERT INTO memos VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`);
  const get = db.prepare(`SELECT value FROM memos WHERE key = ? AND expires_at > ?`);
  const prune = db.prepare(`DELETE FROM memos WHERE expires_at <= ?`);
  return {
    async putMemo(key, value, ttlMs) {
      put.run(key, JSON.stringify(value), Date.now() + ttlMs);
    },
    async getMemo<T>(key: string) {
      const row = get.get(key, Date.now()) as { value: string } | undefined;
      return row ? (JSON.parse(row.value) as T) : undefined;
    },
    pruneMemos: () => void prune.run(Date.now()),
  };
}

type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Memos in PostgreSQL. */
export function createPgMemos(query: Query): MemoStore & { pruneMemos(): Promise<void> } {
  return {
    async putMemo(key, value, ttlMs) {
      await query(
        `INSERT INTO memos VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
        [key, JSON.stringify(value), Date.now() + ttlMs],
      );
    },
    async getMemo<T>(key: string) {
      const rows = await query(`SELECT value FROM memos WHERE key = $1 AND expires_at > $2`, [key, Date.now()]);
      return rows.length ? (rows[0].value as T) : undefined;
    },
    pruneMemos: async () => void (await query(`DELETE FROM memos WHERE expires_at <= $1`, [Date.now()])),
  };
}

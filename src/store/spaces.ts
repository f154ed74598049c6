/**
 * The SpaceStore on both engines: `conversation_spaces`, one row per channel bound to a space
 * (`space <id>`), read by every command in that channel, so a binding made on one replica holds on
 * every other at once.
 */
import { addressKey } from '../core/vocabulary';
import type Database from 'better-sqlite3';
import type { SpaceBinding, SpaceStore } from './types';

/** SQLite step that adds the table (schema.ts appends it). */
export const SQLITE_SPACES_SCHEMA = `
  CREATE TABLE IF NOT EXISTS conversation_spaces (
    platform TEXT NOT NULL, conversation_id TEXT NOT NULL, space_id TEXT NOT NULL,
    bound_by TEXT NOT NULL, bound_at TEXT NOT NULL,
    PRIMARY KEY (platform, conversation_id)
  ) WITHOUT ROWID;
`;

/** PostgreSQL step that adds the table (pg-schema.ts appends it). */
export const PG_SPACES_SCHEMA = `
  CREATE TABLE IF NOT EXISTS conversation_spaces (
    platform TEXT NOT NULL, conversation_id TEXT NOT NULL, space_id TEXT NOT NULL,
    bound_by TEXT NOT NULL, bound_at TEXT NOT NULL,
    PRIMARY KEY (platform, conversation_id)
  );
`;

type Row = { space_id: string; bound_by: string; bound_at: string };
const binding = (r: Row | undefined): SpaceBinding | undefined => r && { spaceId: String(r.space_id), boundBy: String(r.bound_by), boundAt: String(r.bound_at) };

/** The binding methods over a SQLite database. */
export function createSqliteSpaces(db: Database.Database): SpaceStore {
  const put = db.prepare(
    `INSERT INTO conversation_spaces VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (platform, conversation_id) DO UPDATE SET space_id = excluded.space_id, bound_by = excluded.bound_by, bound_at = excluded.bound_at`,
  );
  const drop = db.prepare(`DELETE FROM conversation_spaces WHERE platform = ? AND conversation_id = ?`);
  const get = db.prepare(`SELECT space_id, bound_by, bound_at FROM conversation_spaces WHERE platform = ? AND conversation_id = ?`);
  return {
    async setConversationSpace(platform, conversationId, spaceId, by) {
      if (spaceId) put.run(platform, conversationId, spaceId, addressKey(by), new Date().toISOString());
      else drop.run(platform, conversationId);
    },
    async conversationSpace(platform, conversationId) {
      return binding(get.get(platform, conversationId) as Row | undefined);
    },
  };
}

/** The binding methods over the PostgreSQL store's pooled query. */
export function createPgSpaces(query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>): SpaceStore {
  return {
    async setConversationSpace(platform, conversationId, spaceId, by) {
      if (spaceId) {
        await query(
          `INSERT INTO conversation_spaces VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (platform, conversation_id) DO UPDATE SET space_id = excluded.space_id, bound_by = excluded.bound_by, bound_at = excluded.bound_at`,
          [platform, conversationId, spaceId, addressKey(by), new Date().toISOString()],
        );
      } else {
        await query(`DELETE FROM conversation_spaces WHERE platform = $1 AND conversation_id = $2`, [platform, conversationId]);
      }
    },
    async conversationSpace(platform, conversationId) {
      const rows = await query(`SELECT space_id, bound_by, bound_at FROM conversation_spaces WHERE platform = $1 AND conversation_id = $2`, [platform, conversationId]);
      return binding(rows[0] as Row | undefined);
    },
  };
}

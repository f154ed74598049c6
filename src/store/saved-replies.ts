/**
 * The desk's saved replies, both engines: one row per reply, keyed by its lower-cased name so
 * `Greeting` and `greeting` are one reply, shown as it was typed.
 */
import type Database from 'better-sqlite3';
import type { SavedReply, SavedReplyPorts } from '../core/saved-replies';
import type { PgQueries } from './pg-audience';

/** SQLite schema step for saved replies. */
export const SQLITE_SAVED_REPLIES_SCHEMA = `
  CREATE TABLE saved_replies (name_key TEXT PRIMARY KEY, name TEXT NOT NULL, body TEXT NOT NULL, updated_by TEXT NOT NULL, updated_at TEXT NOT NULL) WITHOUT ROWID;
`;

/** PostgreSQL schema step for saved replies. */
export const PG_SAVED_REPLIES_SCHEMA = `
  CREATE TABLE saved_replies (name_key TEXT PRIMARY KEY, name TEXT NOT NULL, body TEXT NOT NULL, updated_by TEXT NOT NULL, updated_at TEXT NOT NULL);
`;

/** The saved-reply part of the Store. */
export interface SavedReplyStore {
  savedReplies: SavedReplyPorts;
}

type Row = { name: string; body: string; updated_by: string; updated_at: string };
const keyOf = (name: string) => name.trim().toLowerCase();
const reply = (r: Row): SavedReply => ({ name: r.name, body: r.body, updatedBy: r.updated_by, updatedAt: r.updated_at });

/** Saved replies in the SQLite file. */
export function createSqliteSavedReplies(db: Database.Database): SavedReplyStore {
  const all = db.prepare(`SELECT name, body, updated_by, updated_at FROM saved_replies ORDER BY name_key`);
  const one = db.prepare(`SELECT name, body, updated_by, updated_at FROM saved_replies WHERE name_key = ?`);
  const insert = db.prepare(`INSERT INTO saved_replies VALUES (?, ?, ?, ?, ?) ON CONFLICT (name_key) DO NOTHING`);
  const del = db.prepare(`DELETE FROM saved_replies WHERE name_key = ?`);
  const replace = db.transaction((name: string, r: SavedReply): 'saved' | 'missing' | 'taken' => {
    if (!one.get(keyOf(name))) return 'missing';
    if (keyOf(name) !== keyOf(r.name) && one.get(keyOf(r.name))) return 'taken';
    del.run(keyOf(name));
    insert.run(keyOf(r.name), r.name, r.body, r.updatedBy, r.updatedAt);
    return 'saved';
  });
  return {
    savedReplies: {
      list: async () => (all.all() as Row[]).map(reply),
      async get(name) {
        const row = one.get(keyOf(name)) as Row | undefined;
        return row && reply(row);
      },
      add: async (r) => insert.run(keyOf(r.name), r.name, r.body, r.updatedBy, r.updatedAt).changes === 1,
      replace: async (name, r) => replace(name, r),
      remove: async (name) => del.run(keyOf(name)).changes === 1,
    },
  };
}

/** Saved replies in PostgreSQL. */
export function createPgSavedReplies({ query, tx }: Pick<PgQueries, 'query' | 'tx'>): SavedReplyStore {
  const cols = `name, body, updated_by, updated_at`;
  return {
    savedReplies: {
      list: async () => ((await query(`SELECT ${cols} FROM saved_replies ORDER BY name_key`)) as Row[]).map(reply),
      async get(name) {
        const [row] = (await query(`SELECT ${cols} FROM saved_replies WHERE name_key = $1`, [keyOf(name)])) as Row[];
        return row && reply(row);
      },
      async add(r) {
        const rows: unknown[] = await query(`INSERT INTO saved_replies VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name_key) DO NOTHING RETURNING name_key`, [keyOf(r.name), r.name, r.body, r.updatedBy, r.updatedAt]);
        return rows.length === 1;
      },
      replace: (name, r) =>
        tx(async (client) => {
          // Locks the old row so two agents editing one reply at once do not both rename it.
          const old = await client.query(`SELECT name_key FROM saved_replies WHERE name_key = $1 FOR UPDATE`, [keyOf(name)]);
          if (old.rows.length === 0) return 'missing' as const;
          if (keyOf(name) !== keyOf(r.name)) {
            const taken = await client.query(`SELECT 1 FROM saved_replies WHERE name_key = $1`, [keyOf(r.name)]);
            if (taken.rows.length > 0) return 'taken' as const;
          }
          await client.query(`DELETE FROM saved_replies WHERE name_key = $1`, [keyOf(name)]);
          const put = await client.query(`INSERT INTO saved_replies VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name_key) DO NOTHING`, [keyOf(r.name), r.name, r.body, r.updatedBy, r.updatedAt]);
          return put.rowCount === 1 ? ('saved' as const) : ('taken' as const);
        }),
      async remove(name) {
        return (await query(`DELETE FROM saved_replies WHERE name_key = $1 RETURNING name_key`, [keyOf(name)])).length === 1;
      },
    },
  };
}

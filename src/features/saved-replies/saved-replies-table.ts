/**
 * The desk's saved replies, both engines: one row per reply, keyed by its lower-cased name so
 * `Greeting` and `greeting` are one reply, shown as it was typed. The table is the feature's own
 * (`db`); every database has had it since the store's version-15 history, which runs first, so the
 * feature's migration only declares it (and would make it where that history never ran).
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { SavedReply, SavedReplyPorts } from '../../core/saved-replies';

/** One saved reply as the table holds it. */
export interface SavedRepliesTable {
  /** The name, trimmed and lower-cased: the key. */
  name_key: string;
  /** The name as it was typed. */
  name: string;
  body: string;
  updated_by: string;
  /** ISO 8601 UTC. */
  updated_at: string;
}

/** The saved-replies feature's tables, as Kysely sees them. */
export interface SavedReplyTables {
  saved_replies: SavedRepliesTable;
}

/** The feature's migrations, run by the store's migrator after the store's own. */
export const SAVED_REPLY_MIGRATIONS: Record<string, Migration> = {
  '001-saved-replies': {
    async up(db: Kysely<any>) {
      await db.schema.createTable('saved_replies').ifNotExists()
        .addColumn('name_key', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
};

/** A rename that lost its race: the transaction is rolled back and the agent told the name is taken. */
class NameTaken extends Error {}

const keyOf = (name: string) => name.trim().toLowerCase();
const COLUMNS = ['name', 'body', 'updated_by', 'updated_at'] as const;
const reply = (r: { name: string; body: string; updated_by: string; updated_at: string }): SavedReply => ({ name: r.name, body: r.body, updatedBy: r.updated_by, updatedAt: r.updated_at });
const row = (r: SavedReply) => ({ name_key: keyOf(r.name), name: r.name, body: r.body, updated_by: r.updatedBy, updated_at: r.updatedAt });

/** Saved replies on either engine. */
export function createSavedReplies(db: Kysely<SavedReplyTables>): SavedReplyPorts {
  return {
    list: async () => (await db.selectFrom('saved_replies').select(COLUMNS).orderBy('name_key').execute()).map(reply),
    async get(name) {
      const r = await db.selectFrom('saved_replies').select(COLUMNS).where('name_key', '=', keyOf(name)).executeTakeFirst();
      return r && reply(r);
    },
    async add(r) {
      const added = await db.insertInto('saved_replies').values(row(r)).onConflict((oc) => oc.column('name_key').doNothing()).executeTakeFirst();
      return Number(added.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async replace(name, r) {
      try {
        return await db.transaction().execute(async (trx) => {
          // The delete takes the old row's lock: of two agents editing one reply at once, the second finds it gone.
          const gone = await trx.deleteFrom('saved_replies').where('name_key', '=', keyOf(name)).executeTakeFirst();
          if (Number(gone.numDeletedRows) !== 1) return 'missing' as const;
          const put = await trx.insertInto('saved_replies').values(row(r)).onConflict((oc) => oc.column('name_key').doNothing()).executeTakeFirst();
          if (Number(put.numInsertedOrUpdatedRows ?? 0) !== 1) throw new NameTaken();
          return 'saved' as const;
        });
      } catch (err) {
        // The new name belongs to another reply: nothing was changed (the old one is back).
        if (err instanceof NameTaken) return 'taken' as const;
        throw err;
      }
    },
    async remove(name) {
      const gone = await db.deleteFrom('saved_replies').where('name_key', '=', keyOf(name)).executeTakeFirst();
      return Number(gone.numDeletedRows) === 1;
    },
  };
}

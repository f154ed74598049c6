/**
 * The desk's saved replies, both engines: one row per reply, keyed by its lower-cased name so
 * `Greeting` and `greeting` are one reply, shown as it was typed.
 */
import type { StoreSql } from './kysely';
import { lockedForUpdate } from './claims-locking';
import type { SavedReply, SavedReplyPorts } from '../core/saved-replies';

/** The saved-reply part of the Store. */
export interface SavedReplyStore {
  savedReplies: SavedReplyPorts;
}

const keyOf = (name: string) => name.trim().toLowerCase();
const COLUMNS = ['name', 'body', 'updated_by', 'updated_at'] as const;
const reply = (r: { name: string; body: string; updated_by: string; updated_at: string }): SavedReply => ({ name: r.name, body: r.body, updatedBy: r.updated_by, updatedAt: r.updated_at });
const row = (r: SavedReply) => ({ name_key: keyOf(r.name), name: r.name, body: r.body, updated_by: r.updatedBy, updated_at: r.updatedAt });

/** Saved replies on either engine. */
export function createSavedReplies(sql: StoreSql): SavedReplyStore {
  const { db } = sql;
  return {
    savedReplies: {
      list: async () => (await db.selectFrom('saved_replies').select(COLUMNS).orderBy('name_key').execute()).map(reply),
      async get(name) {
        const r = await db.selectFrom('saved_replies').select(COLUMNS).where('name_key', '=', keyOf(name)).executeTakeFirst();
        return r && reply(r);
      },
      async add(r) {
        const added = await db.insertInto('saved_replies').values(row(r)).onConflict((oc) => oc.column('name_key').doNothing()).executeTakeFirst();
        return Number(added.numInsertedOrUpdatedRows ?? 0) === 1;
      },
      replace: (name, r) =>
        db.transaction().execute(async (trx) => {
          // Locks the old row so two agents editing one reply at once do not both rename it.
          const old = await lockedForUpdate(sql, trx.selectFrom('saved_replies').select('name_key').where('name_key', '=', keyOf(name))).executeTakeFirst();
          if (!old) return 'missing' as const;
          if (keyOf(name) !== keyOf(r.name) && (await trx.selectFrom('saved_replies').select('name_key').where('name_key', '=', keyOf(r.name)).executeTakeFirst())) return 'taken' as const;
          await trx.deleteFrom('saved_replies').where('name_key', '=', keyOf(name)).execute();
          const put = await trx.insertInto('saved_replies').values(row(r)).onConflict((oc) => oc.column('name_key').doNothing()).executeTakeFirst();
          return Number(put.numInsertedOrUpdatedRows ?? 0) === 1 ? ('saved' as const) : ('taken' as const);
        }),
      async remove(name) {
        const gone = await db.deleteFrom('saved_replies').where('name_key', '=', keyOf(name)).executeTakeFirst();
        return Number(gone.numDeletedRows) === 1;
      },
    },
  };
}

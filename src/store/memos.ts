/**
 * Small things remembered for a while, both engines: which ticket a person's last notification DM
 * was about (so their reply can be offered as a comment), and drafts too long for a button.
 * One table of key, JSON value and expiry; an expired memo reads as absent and is pruned with
 * the delivered keys.
 */
import type { StoreSql } from './kysely';
import { int8 } from './values';
import type { MemoStore } from './types';

/** Memos on either engine. */
export function createMemos({ db, values }: StoreSql): MemoStore & { pruneMemos(): Promise<void> } {
  return {
    async putMemo(key, value, ttlMs) {
      const row = { key, value: JSON.stringify(value), expires_at: Date.now() + ttlMs };
      await db.insertInto('memos').values(row).onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, expires_at: row.expires_at })).execute();
    },
    async getMemo<T>(key: string) {
      const row = await db.selectFrom('memos').select(['value', 'expires_at']).where('key', '=', key).executeTakeFirst();
      return row && int8(row.expires_at) > Date.now() ? values.json<T>(row.value) : undefined;
    },
    async pruneMemos() {
      await db.deleteFrom('memos').where('expires_at', '<=', Date.now()).execute();
    },
  };
}

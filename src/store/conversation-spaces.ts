/**
 * The SpaceStore on both engines: `conversation_spaces`, one row per channel bound to a space
 * (`space <id>`), read by every command in that channel, so a binding made on one replica holds on
 * every other at once.
 */
import { addressKey } from '../core/vocabulary';
import type { StoreSql } from './kysely';
import type { SpaceStore } from './types';

/** The binding methods on either engine. */
export function createSpaces({ db }: StoreSql): SpaceStore {
  return {
    async setConversationSpace(platform, conversationId, spaceId, by) {
      if (!spaceId) {
        await db.deleteFrom('conversation_spaces').where('platform', '=', platform).where('conversation_id', '=', conversationId).execute();
        return;
      }
      const bound = { space_id: spaceId, bound_by: addressKey(by), bound_at: new Date().toISOString() };
      await db
        .insertInto('conversation_spaces')
        .values({ platform, conversation_id: conversationId, ...bound })
        .onConflict((oc) => oc.columns(['platform', 'conversation_id']).doUpdateSet(bound))
        .execute();
    },
    async conversationSpace(platform, conversationId) {
      const r = await db.selectFrom('conversation_spaces').select(['space_id', 'bound_by', 'bound_at']).where('platform', '=', platform).where('conversation_id', '=', conversationId).executeTakeFirst();
      return r && { spaceId: r.space_id, boundBy: r.bound_by, boundAt: r.bound_at };
    },
  };
}

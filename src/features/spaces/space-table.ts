/**
 * A channel's binding to one space of the desk (`space <id>`), on both engines: one row per
 * conversation, read by every command in that channel (through the feature's `boundSpace`
 * extension), so a binding made on one replica holds on every other at once. The table is the
 * feature's own (`db`); every database has had it since the store's version-15 history, which
 * runs first, so the feature's migration only declares it (and would make it where that history never ran).
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addressKey } from '../../core/vocabulary';
import type { Platform, Store } from '../../store/types';

/** One binding as the table holds it. */
export interface ConversationSpacesTable {
  platform: string;
  conversation_id: string;
  space_id: string;
  /** Lower-cased address of the agent who bound it. */
  bound_by: string;
  /** ISO 8601 UTC. */
  bound_at: string;
}

/** The spaces feature's tables, as Kysely sees them. */
export interface SpaceTables {
  conversation_spaces: ConversationSpacesTable;
}

/** The feature's migrations, run by the store's migrator after the store's own. */
export const SPACE_MIGRATIONS: Record<string, Migration> = {
  '001-conversation-spaces': {
    async up(db: Kysely<any>) {
      await db.schema.createTable('conversation_spaces').ifNotExists()
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('conversation_id', 'text', (c) => c.notNull())
        .addColumn('space_id', 'text', (c) => c.notNull())
        .addColumn('bound_by', 'text', (c) => c.notNull())
        .addColumn('bound_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('conversation_spaces_pk', ['platform', 'conversation_id'])
        .execute();
    },
  },
};

/** A conversation's binding. */
export interface SpaceBinding {
  spaceId: string;
  /** Lower-cased address of the agent who bound it. */
  boundBy: string;
  /** ISO time. */
  boundAt: string;
}

/** The bindings' reads and writes. */
export interface SpaceBindings {
  /** Binds the conversation to `spaceId`, replacing any binding; undefined removes it. */
  set(platform: Platform, conversationId: string, spaceId: string | undefined, by: string): Promise<void>;
  /** The conversation's binding, if any. */
  get(platform: Platform, conversationId: string): Promise<SpaceBinding | undefined>;
}

/** The bindings on either engine. */
export function createSpaceBindings(db: Kysely<SpaceTables>): SpaceBindings {
  return {
    async set(platform, conversationId, spaceId, by) {
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
    async get(platform, conversationId) {
      const r = await db.selectFrom('conversation_spaces').select(['space_id', 'bound_by', 'bound_at']).where('platform', '=', platform).where('conversation_id', '=', conversationId).executeTakeFirst();
      return r && { spaceId: r.space_id, boundBy: r.bound_by, boundAt: r.bound_at };
    },
  };
}

/** The bindings in a store's database (tests and `store:migrate` checks hold the store). */
export async function spaceBindingsIn(store: Pick<Store, 'featureDatabase'>): Promise<SpaceBindings> {
  return createSpaceBindings((await store.featureDatabase()) as Kysely<SpaceTables>);
}

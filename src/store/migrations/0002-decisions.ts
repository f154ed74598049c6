/**
 * Migration 2: the decisions a button, form or confirm carries (src/store/decisions.ts), so two
 * clicks, a retry or two replicas write once. Written once for both engines.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** `decisions`: one row per claimed decision; `reply` is null while its winner works. */
export const decisionsTable: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('decisions')
      .ifNotExists()
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('reply', 'text')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('decisions_expires').ifNotExists().on('decisions').column('expires_at').execute();
  },
};

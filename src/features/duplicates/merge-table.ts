/** The duplicates feature's table and its migration ("duplicates/001-create"), run on both engines by the store's migrator. */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { MergePorts } from '../../core/merges';

/** One merge: the duplicate (once), the ticket kept, and whose question the duplicate was. */
export interface MergesTable {
  duplicate_id: number;
  target_id: number;
  requester: string;
  merged_by: string;
  /** ISO 8601 UTC. */
  at: string;
}

export interface MergeTables {
  merges: MergesTable;
}

/** The tables store:migrate copies. */
export const MERGE_TABLE_NAMES = ['merges'] as const;

export const MERGE_MIGRATIONS: Record<string, Migration> = {
  '001-create': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('merges')
        .addColumn('duplicate_id', 'integer', (c) => c.primaryKey())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('requester', 'text', (c) => c.notNull())
        .addColumn('merged_by', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('merges_target').on('merges').column('target_id').execute();
    },
  },
};

/** The merge ports over a database that ran MERGE_MIGRATIONS (either engine). */
export function createMergeStore(db: Kysely<MergeTables>): MergePorts {
  return {
    async record(duplicate, target, requester, by, at) {
      await db.insertInto('merges').values({ duplicate_id: duplicate, target_id: target, requester, merged_by: by, at })
        .onConflict((oc) => oc.column('duplicate_id').doNothing()).execute();
    },
    async mergedInto(duplicate) {
      const r = await db.selectFrom('merges').select('target_id').where('duplicate_id', '=', duplicate).executeTakeFirst();
      return r ? Number(r.target_id) : undefined;
    },
    async followersOf(target) {
      const rows = await db.selectFrom('merges').select('requester').where('target_id', '=', target).execute();
      return [...new Set(rows.map((r) => r.requester).filter(Boolean))];
    },
  };
}

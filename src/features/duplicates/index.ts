/**
 * The duplicates feature as one declaration, for the feature list (src/features/index.ts, issue 33)
 * to take: `merge`, its migration and table, its ports, and its two poll-cycle hooks (the
 * look-alike line on new tickets' cards, the merged requesters' DMs).
 */
import type { Kysely } from 'kysely';
import type { MergePorts } from '../../core/merges';
import { createLookAlikeCards } from './look-alike';
import { mergeCommand } from './merge';
import { createMergeRouting } from './merge-notices';
import { createMergeStore, MERGE_MIGRATIONS, MERGE_TABLE_NAMES, type MergeTables } from './tables';

/** The duplicates feature. */
export const duplicatesFeature = {
  name: 'duplicates',
  commands: [mergeCommand],
  migrations: MERGE_MIGRATIONS,
  tables: MERGE_TABLE_NAMES,
  /** NotificationPorts.merges over the store's database (migrated). */
  ports: (db: Kysely<any>): MergePorts => createMergeStore(db as Kysely<MergeTables>),
  hooks: { dressCards: createLookAlikeCards, reroute: createMergeRouting },
} as const;

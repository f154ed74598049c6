/**
 * The duplicates feature: `merge` and its button, its table (the store's migrator runs its
 * migration on both engines), and its ports over the store's database (its command reads them from its services). The look-alike line on new
 * tickets' cards and the merged requesters' DMs are the deliverer's (src/notify/start.ts).
 */
import type { Kysely } from 'kysely';
import type { MergePorts } from '../../core/merges';
import { defineFeature } from '../types';
import { mergeCommand } from './merge';
import { createMergeStore, MERGE_MIGRATIONS, type MergeTables } from './merge-table';

/** The duplicates feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const duplicatesFeature = defineFeature({
  name: 'duplicates',
  startup: () => ({ on: true, reads: [{ table: 'merges' }, { table: 'search_docs' }] }),
  needs: [],
  commands: [mergeCommand],
  migrations: MERGE_MIGRATIONS,
  doctor: [],
  settings: [],
});

/** The merge ports over the store's database (migrated). */
export const mergePortsOver = (db: Kysely<any>): MergePorts => createMergeStore(db as Kysely<MergeTables>);

/**
 * The duplicates feature: `merge` and its button, its table (the store's migrator runs its
 * migration on both engines), its ports over the store's database, and the look-alike line on the
 * ticket cards agents read (its card hook, which the deliverer also asks for the channel cards it
 * posts), and the merged requesters' DMs (its planning hook, merge-notices.ts).
 */
import type { Kysely } from 'kysely';
import type { MergePorts } from '../../core/merges';
import { defineFeature } from '../types';
import { lookAlikeOnCard } from './look-alike';
import { createMergeRouting } from './merge-notices';
import { mergeCommand } from './merge';
import { createMergeStore, MERGE_MIGRATIONS, type MergeTables } from './merge-table';

/** The duplicates feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const duplicatesFeature = defineFeature({
  name: 'duplicates',
  startup: () => ({ on: true, reads: [{ table: 'merges' }, { table: 'search_docs' }] }),
  needs: ['store', 'vocabulary', 'now'],
  commands: [mergeCommand],
  // "Looks like #12 (In Progress, Agent Two)" on an agent's card of a new ticket (`show`, a personal chat, a channel's card), from the search index.
  cards: ({ store, vocabulary, now }) => ({ ticket: lookAlikeOnCard(store, vocabulary, now) }),
  // A merged duplicate's requester hears where their question went (no resolution DM, no survey), then the kept ticket's DMs.
  plan: ({ db }) => ({ route: createMergeRouting(createMergeStore(db)) }),
  migrations: MERGE_MIGRATIONS,
  doctor: [],
  settings: [],
});

/** The merge ports over the store's database (migrated). */
export const mergePortsOver = (db: Kysely<any>): MergePorts => createMergeStore(db as Kysely<MergeTables>);

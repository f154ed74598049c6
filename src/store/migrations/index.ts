/** The store's own numbered migrations, in order (features add theirs through migrator.ts). */
import type { Migration } from 'kysely/migration';
import { decisionsTable } from './0002-decisions';

/** Core migrations by name; `adopt` is migration 1 for the engine at hand (0001-adopt-v15.ts). */
export function coreMigrations(adopt: Migration): Record<string, Migration> {
  return {
    '0001-adopt-v15': adopt,
    '0002-decisions': decisionsTable,
  };
}

/** SQLite's version-15 schema, versioned with PRAGMA user_version; each step runs once, in order (migration 1 runs this). */
import type Database from 'better-sqlite3';
import { SchemaTooNewError } from './errors';
import { SQLITE_V15_STEPS } from './v15/sqlite-steps';

/** Each step, in order (exported for the upgrade tests, which build older files with them). */
export const MIGRATIONS = SQLITE_V15_STEPS;

/** The version-15 step count (the store's own later migrations are Kysely's, in migrations/). */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Step 15: the search index's terms (the upgrade tests start from the file before it). */
export const SEARCH_TERMS_STEP = 15;

/** Brings the file up to SCHEMA_VERSION; refuses a newer file rather than corrupting it. */
export function migrate(db: Database.Database): void {
  const current = Number(db.pragma('user_version', { simple: true }));
  if (current > SCHEMA_VERSION) {
    throw new SchemaTooNewError(current, SCHEMA_VERSION);
  }
  for (let v = current; v < SCHEMA_VERSION; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

/**
 * Migration 1: the schema as it stood at version 15 (main before the Kysely store), adopted as the
 * baseline. A database that version 15 (or an earlier one) wrote is brought to 15 by its own
 * numbered steps and kept as it is; an empty one gets the whole of 15. Those steps are frozen
 * history (schema.ts for SQLite, pg-schema.ts for PostgreSQL, each as it shipped); every later
 * change is a Kysely migration written once for both engines.
 */
import type Database from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { SchemaTooNewError } from '../errors';
import { MIGRATIONS as PG_STEPS, PG_SCHEMA_VERSION } from '../pg-schema';
import { migrate as migrateSqliteV15 } from '../schema';

/** SQLite: PRAGMA user_version counts the steps done; the steps run synchronously on the open file. */
export function adoptSqliteV15(database: Database.Database): Migration {
  return {
    async up() {
      migrateSqliteV15(database);
    },
  };
}

/** PostgreSQL: schema_migrations counts the steps done; Kysely runs this in its migration transaction, under its lock. */
export const adoptPostgresV15: Migration = {
  async up(db) {
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`.execute(db);
    const current = await postgresV15Version(db);
    for (let v = current; v < PG_SCHEMA_VERSION; v++) {
      await sql.raw(PG_STEPS[v]).execute(db);
      await sql`INSERT INTO schema_migrations (version) VALUES (${v + 1})`.execute(db);
    }
  },
};

/** The version-15 step count a PostgreSQL database records (0 when it has none); refuses a newer one. */
export async function postgresV15Version<DB>(db: Kysely<DB>): Promise<number> {
  const table = await sql<{ t: string | null }>`SELECT to_regclass('schema_migrations')::text AS t`.execute(db);
  if (!table.rows[0]?.t) return 0;
  const { rows } = await sql<{ v: number | null }>`SELECT max(version) AS v FROM schema_migrations`.execute(db);
  const current = rows[0]?.v ?? 0;
  if (current > PG_SCHEMA_VERSION) throw new SchemaTooNewError(current, PG_SCHEMA_VERSION);
  return current;
}

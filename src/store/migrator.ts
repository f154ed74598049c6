/**
 * One migrator for both engines (Kysely's), over numbered migrations: the core ones here, then
 * the ones features hand in, each named `<feature>/<NNN-name>` and run in name order after the
 * core ones. Kysely records what ran in `kysely_migration` and takes its own lock, so replicas
 * starting together migrate once. A database that ran a migration this build does not know was
 * written by a newer build: it is refused (SchemaTooNewError) rather than used.
 */
import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { SchemaTooNewError } from './errors';
import type { StoreSql } from './kysely';

/** Migrations a feature declares for its own tables, keyed `NNN-name` (run as `<name>/NNN-name`). */
export interface FeatureMigrations {
  name: string;
  migrations: Record<string, Migration>;
}

/** Core migrations are numbered (`0001-…`) and come before every feature's. */
const isCore = (name: string) => /^\d/.test(name);
const byName = (a: string, b: string) => (isCore(a) !== isCore(b) ? (isCore(a) ? -1 : 1) : a < b ? -1 : a > b ? 1 : 0);

/** Every migration by its recorded name: `core` as given, each feature's prefixed with its name. */
export function allMigrations(core: Record<string, Migration>, features: readonly FeatureMigrations[] = []): Record<string, Migration> {
  const all: Record<string, Migration> = { ...core };
  for (const f of features) {
    if (!/^[a-z][a-z0-9-]*$/.test(f.name)) throw new Error(`feature name "${f.name}" cannot name migrations (lower-case letters, digits, dashes)`);
    for (const [key, m] of Object.entries(f.migrations)) all[`${f.name}/${key}`] = m;
  }
  return all;
}

/** Runs every migration not yet run, in order; returns the names it ran. */
export async function migrateStore({ db }: StoreSql, migrations: Record<string, Migration>): Promise<string[]> {
  await refuseUnknown({ db }, migrations);
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const migrator = new Migrator({ db, provider, nameComparator: byName, allowUnorderedMigrations: true });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) throw error instanceof Error ? error : new Error(`store migration failed: ${String(error)}`);
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** A database that ran migrations this build does not have was written by a newer one. */
async function refuseUnknown({ db }: Pick<StoreSql, 'db'>, migrations: Record<string, Migration>): Promise<void> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return;
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  const unknown = rows.filter((r) => !(r.name in migrations) && isCore(r.name));
  if (unknown.length > 0) throw new SchemaTooNewError(rows.filter((r) => isCore(r.name)).length, Object.keys(migrations).filter(isCore).length);
}

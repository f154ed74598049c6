/**
 * The features' tables until the store's Kysely engine hands features its database (issue 33):
 * a Kysely connection to the store's own database (the SQLite file in HELPDESK_DATA_DIR, WAL, or
 * DATABASE_URL), the answers and duplicates migrations run on it by Kysely's Migrator under a
 * migration table of their own, and the ports the commands and the poll cycle take. When the
 * store's migrator runs features' migrations, this file goes and app.ts takes the ports from there.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { NotificationPorts } from '../core';
import type { Logger } from '../log';
import { STORE_FILE } from '../store/sqlite-store';
import { answersFeature } from './answers';
import { duplicatesFeature } from './duplicates';

/** The features' ports over their tables, and how to close the connection. */
export interface FeatureDatabase {
  ports: Required<Pick<NotificationPorts, 'answers' | 'merges'>>;
  close(): Promise<void>;
}

/** Opens the store's database for the features and brings their tables up to date; fails (naming the migration) when a migration fails. */
export async function openFeatureDatabase(location: { databaseUrl?: string; dataDir: string }, logger: Logger): Promise<FeatureDatabase> {
  const pool = location.databaseUrl ? new pg.Pool({ connectionString: location.databaseUrl, max: 4 }) : undefined;
  // An idle connection the server ends (a restart, a failover) is only logged: the pool opens another on the next query.
  pool?.on('error', (error) => logger.warn('a features database connection was closed by the server; the next query opens another', { error }));
  const dialect = pool
    ? new PostgresDialect({ pool })
    : new SqliteDialect({
      database: async () => {
        const db = new Database(path.join(location.dataDir, STORE_FILE));
        db.pragma('busy_timeout = 5000');
        return db;
      },
    });
  const db = new Kysely<any>({ dialect });
  const migrations = { ...answersFeature.migrations, ...duplicatesFeature.migrations };
  const { error, results } = await new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableName: 'feature_migrations', migrationLockTableName: 'feature_migrations_lock' }).migrateToLatest();
  if (error) {
    await db.destroy();
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`the features' migration ${failed} failed`, { cause: error });
  }
  return {
    ports: { answers: answersFeature.ports(db), merges: duplicatesFeature.ports(db) },
    close: () => db.destroy(),
  };
}

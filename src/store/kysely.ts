/** The Kysely instance over each engine's connection: the same better-sqlite3 handle or pg pool the store opened. */
import type Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type pg from 'pg';
import type { StoreDb, StoreTables } from './tables';
import { valuesFor, type Values } from './values';

/** A query builder and how its engine's values read back. */
export interface StoreSql {
  db: StoreDb;
  values: Values;
}

/** Kysely over an open SQLite file. */
export function sqliteSql(database: Database.Database): StoreSql {
  return { db: new Kysely<StoreTables>({ dialect: new SqliteDialect({ database }) }), values: valuesFor('sqlite') };
}

/** Kysely over the store's pg pool (the pool stays the store's: destroying Kysely does not end it). */
export function postgresSql(pool: pg.Pool): StoreSql {
  return { db: new Kysely<StoreTables>({ dialect: new PostgresDialect({ pool }) }), values: valuesFor('postgres') };
}

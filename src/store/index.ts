/**
 * Durable state: the Store interface, its two engines, and the conversation ports over it.
 *
 * Both engines run the same Kysely queries (tables.ts types every table the store keeps): one
 * module per table group (audience, progress, outbox, memos, locales, person-zones, the search
 * index), with no engine split inside. A feature's own tables are in its folder,
 * over the handle featureDatabase() gives it. SQL differs only in search-fts-sqlite.ts /
 * search-fts-postgres.ts (full text), claims-locking.ts (row locks, the claim clock, the outbox's
 * planning lock) and lease.ts (PostgreSQL's poller lease); values.ts reads back the few values the
 * engines keep differently. One migrator (migrator.ts) runs the numbered migrations in migrations/
 * on both engines, then the ones features hand in (`<feature>/<NNN-name>`); migration 1 adopts a
 * database of version 15, whose frozen steps are in v15/. copy-sqlite.ts (store:migrate) copies
 * every table it finds in the SQLite file.
 */
export type * from './types';
export { createSqliteStore, STORE_FILE } from './sqlite-store';
export type { SqliteStoreConfig } from './sqlite-store';
export { createConversationPorts } from './conversation-ports-store';
export { SCHEMA_VERSION } from './schema';
export { createPostgresStore } from './pg-store';
export { createPool } from './pg-client';
export type { PostgresStore, PostgresStoreConfig } from './pg-store';
export { PG_SCHEMA_VERSION } from './pg-schema';
export { openStore } from './open';
export type { StoreLocation } from './open';
export { alwaysHeldLease, createPgLease, leaseFor } from './lease';
export type { PollerLease, PgLeaseConfig } from './lease';
export { storeHealth } from './health';
export type { StoreHealth } from './health';
export { allMigrations, migrateStore } from './migrator';
export type { FeatureMigrations } from './migrator';
export type { StoreDb, StoreTables } from './tables';

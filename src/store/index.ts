/** Durable state: the Store interface, the embedded SQLite default, and NotificationPorts over it. */
export type * from './types';
export { createSqliteStore, STORE_FILE } from './sqlite-store';
export type { SqliteStoreConfig } from './sqlite-store';
export { createNotificationPorts } from './notification-ports';
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

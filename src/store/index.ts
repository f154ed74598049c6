/** Durable state: the Store interface, the embedded SQLite default, and NotificationPorts over it. */
export type * from './types';
export { createSqliteStore, STORE_FILE } from './sqlite-store';
export type { SqliteStoreConfig } from './sqlite-store';
export { createNotificationPorts } from './notification-ports';
export { SCHEMA_VERSION } from './schema';

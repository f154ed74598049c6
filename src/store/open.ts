/** Picks the store engine: PostgreSQL when DATABASE_URL is set (several replicas), else SQLite. */
import type { Logger } from '../log';
import { createPostgresStore } from './pg-store';
import { createSqliteStore } from './sqlite-store';
import type { Store } from './types';

/** Where the store lives, as configured. */
export interface StoreLocation {
  /** postgres://… — the shared store; undefined keeps the embedded SQLite file. */
  databaseUrl?: string;
  dataDir: string;
}

/** Opens the configured store; PostgreSQL is migrated at start under an advisory lock. */
export async function openStore(location: StoreLocation, logger?: Logger): Promise<Store> {
  if (!location.databaseUrl) return createSqliteStore({ dataDir: location.dataDir });
  return createPostgresStore({ url: location.databaseUrl, logger: logger?.child({ component: 'store' }) });
}

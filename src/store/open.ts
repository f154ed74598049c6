/** Picks the store engine: PostgreSQL when DATABASE_URL is set (several replicas), else SQLite. */
import type { Logger } from '../log';
import { createPostgresStore } from './pg-store';
import { createSqliteStore } from './sqlite-store';
import type { FeatureMigrations } from './migrator';
import type { Store } from './types';

/** Where the store lives, as configured. */
export interface StoreLocation {
  /** postgres://… — the shared store; undefined keeps the embedded SQLite file. */
  databaseUrl?: string;
  dataDir: string;
  /** Features' own migrations (src/store/migrator.ts), run after the store's on either engine. */
  features?: readonly FeatureMigrations[];
}

/** Opens the configured store; both engines run one migrator (migrator.ts) before the first query. */
export async function openStore(location: StoreLocation, logger?: Logger): Promise<Store> {
  const { features } = location;
  if (!location.databaseUrl) return createSqliteStore({ dataDir: location.dataDir, features });
  return createPostgresStore({ url: location.databaseUrl, logger: logger?.child({ component: 'store' }), features });
}

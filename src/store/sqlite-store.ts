/**
 * The embedded default Store: one SQLite file (WAL) under the data directory, no set-up. Every
 * table's queries are shared with PostgreSQL (audience.ts, progress.ts, outbox.ts, memos.ts,
 * locales.ts, person-zones.ts; a feature's own tables are in its folder); only
 * the full-text search is SQLite's own (search-fts-sqlite.ts). This file opens, migrates and puts them together.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createAudience } from './audience';
import { gated } from './ready-gate';
import { sqliteSql } from './kysely';
import { createLocales } from './locales';
import { createMemos } from './memos';
import { createDecisions } from './decisions';
import { adoptSqliteV15 } from './migrations/0001-adopt-v15';
import { coreMigrations } from './migrations';
import { allMigrations, migrateStore, type FeatureMigrations } from './migrator';
import { createOutbox } from './outbox';
import { createPersonZones } from './person-zones';
import { createProgress } from './progress';
import { migrate } from './schema';
import { createSqliteSearch } from './search-fts-sqlite';
import type { Store } from './types';

/** Where the embedded store lives, relative to HELPDESK_DATA_DIR. */
export const STORE_FILE = 'helpdesk-bot.sqlite';

/** Options for createSqliteStore. */
export interface SqliteStoreConfig {
  /** Directory for `helpdesk-bot.sqlite`; created if missing. */
  dataDir?: string;
  /** Explicit file path (or ':memory:'); wins over dataDir. */
  file?: string;
  /** How often this process says it is alive to other drainers of the outbox (default 5 s; src/store/liveness.ts). */
  heartbeatMs?: number;
  /** Features' own migrations, run after the store's (migrator.ts). */
  features?: readonly FeatureMigrations[];
}

/**
 * Kysely takes no lock on SQLite: two stores opened on one file at the same moment (a test's second
 * "replica") both migrate, and the one that records a migration second fails on its unique name.
 * Every migration is idempotent (IF NOT EXISTS), so that one runs again and finds the work done.
 */
async function migrateRacing(sql: ReturnType<typeof sqliteSql>, migrations: Parameters<typeof migrateStore>[1]): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await migrateStore(sql, migrations);
    } catch (err) {
      // Only the race above is retried; anything else (a file too new, a failed step) stops the store.
      if (attempt >= 5 || !/UNIQUE constraint failed: kysely_migration\.name/.test(String((err as Error)?.message))) throw err;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt));
    }
  }
}

/** Opens (creating on first start) the SQLite store; its schema is brought up to date before the first query. */
export function createSqliteStore(config: SqliteStoreConfig): Store {
  const file = config.file ?? path.join(config.dataDir ?? '.', STORE_FILE);
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // WAL + NORMAL survives a process crash; only an OS crash can lose the last commit.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // better-sqlite3 builds SQLite with a 16 MiB page cache; the store's reads are by key, and with
  // 100,000 tickets known SQLite's own 2 MiB keeps the bot's peak RSS some 12 MiB lower.
  db.pragma('cache_size = -2000');
  // Version 15's steps run at once: a file too new is refused here, and the search index (which
  // prepares its statements) finds its tables. The migrator then records them as migration 1
  // and runs any later ones before the first query that needs them.
  migrate(db);
  const sql = sqliteSql(db);
  const { stopHeartbeat, releaseClaims, ...outbox } = createOutbox(sql, config.heartbeatMs);
  // One process per data directory: claims found at open were left by a process that died. They are
  // released first (version 15's steps, run above, made the outbox), before any later migration.
  const migrated = releaseClaims().then(() => migrateRacing(sql, allMigrations(coreMigrations(adoptSqliteV15(db)), config.features)));
  // A failed migration is reported by every call that waits for it, not as an unhandled rejection.
  migrated.catch(() => undefined);
  const ready = () => migrated;

  const { pruneProgress, ...progress } = gated(createProgress(sql), ready);
  const { pruneMemos, ...memos } = gated(createMemos(sql), ready);
  const { pruneDecisions, ...decisions } = gated(createDecisions(sql), ready);
  return {
    ...gated(outbox, ready),
    ...createSqliteSearch(db),
    ...memos,
    ...decisions,
    ...progress,
    ...gated(
      { ...createLocales(sql), ...createAudience(sql), ...createPersonZones(sql) },
      ready,
    ),
    async pruneDelivered(before) {
      const n = await pruneProgress(before);
      await pruneMemos();
      await pruneDecisions();
      return n;
    },
    // One process per data directory: the poller's own gate (src/notify/cycle.ts) is enough.
    planExclusively: (work) => work(),
    featureDatabase: async () => {
      await migrated;
      return sql.db;
    },
    async close() {
      stopHeartbeat();
      await migrated.catch(() => undefined); // a close right after opening waits for the migrator's queries
      if (db.open) db.close();
    },
  };
}

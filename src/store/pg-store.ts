/**
 * The shared Store on PostgreSQL (`DATABASE_URL=postgres://…`), for several replicas. Same
 * tables and values as the SQLite store; one pg Pool whose reconnects are automatic. The tables
 * live in audience.ts (who hears, both engines), pg-progress.ts (what was seen and sent), pg-outbox.ts,
 * search-postgres.ts, memos.ts and locales.ts; this file connects, migrates and puts them together.
 */
import type pg from 'pg';
import { createSla } from './sla';
import { createSavedReplies } from './saved-replies';
import { createSurveys } from './surveys';
import { createDigests } from './digests';
import { createPreferences } from './preferences';
import type { Logger } from '../log';
import { isSchemaTooNew } from './errors';
import { createLocales } from './locales';
import { createMemos } from './memos';
import { gated } from './gate';
import { postgresSql } from './kysely';
import { adoptPostgresV15, postgresV15Version } from './migrations/0001-adopt-v15';
import { coreMigrations } from './migrations';
import { allMigrations, migrateStore, type FeatureMigrations } from './migrator';
import { createAudience } from './audience';
import { createPool, inTransaction, withSessionLock, type PgQueries } from './pg-client';
import { createPgOutbox } from './pg-outbox';
import { createPgProgress } from './pg-progress';
import { createPgSearch } from './search-postgres';
import { createSpaces } from './spaces';
import type { Store } from './types';

export { createPool } from './pg-client';

/** Options for createPostgresStore. */
export interface PostgresStoreConfig {
  url: string;
  logger?: Logger;
  /** Pool size per replica (default 10). */
  maxConnections?: number;
  /** How long planning waits for another replica's turn before going ahead (default 30 s). */
  planWaitMs?: number;
  /** How often this replica says it is alive to the other drainers of the outbox (default 5 s; src/store/liveness.ts). */
  heartbeatMs?: number;
  /** Features' own migrations, run after the store's (migrator.ts). */
  features?: readonly FeatureMigrations[];
}

/** A Store on PostgreSQL, plus the pool (for the poller lease and health checks). */
export interface PostgresStore extends Store {
  readonly pool: pg.Pool;
  /** Resolves once the schema is migrated (retrying a migration that could not run at start). */
  ready(): Promise<void>;
}

// Any fixed 64-bit number, distinct from the migration and outbox locks; only notification planning takes it.
const PLAN_LOCK = 0x706c616e; // 'plan'
/** Planning takes milliseconds; a turn not given after this long is taken anyway (see withSessionLock). */
const PLAN_WAIT_MS = 30_000;

/**
 * Connects, migrates (under an advisory lock) and returns the store. An unreachable database
 * does not stop start-up: the process comes up, each use retries the migration, and queries
 * fail (to be reported) until the database answers again.
 */
export async function createPostgresStore(config: PostgresStoreConfig): Promise<PostgresStore> {
  const pool = createPool(config.url, config.logger, config.maxConnections);
  const sql = postgresSql(pool);
  const migrations = allMigrations(coreMigrations(adoptPostgresV15), config.features);
  let migrated: Promise<unknown> | undefined;
  const ensureMigrated = (): Promise<unknown> => {
    // Version 15's own count is checked on every start: a newer build's step is refused even after migration 1 ran.
    migrated ??= postgresV15Version(sql.db).then(() => migrateStore(sql, migrations)).catch((err) => {
      migrated = undefined;
      throw err;
    });
    return migrated;
  };
  try {
    await ensureMigrated();
  } catch (err) {
    // A schema this build must not touch: stop rather than retry.
    if (isSchemaTooNew(err)) {
      await pool.end().catch(() => undefined);
      throw err;
    }
    config.logger?.warn('PostgreSQL is not reachable at start; running without the shared store until it is', { error: (err as Error).message });
  }
  const ready = async () => {
    if (migrated === undefined || !(await migrated.then(() => true, () => false))) await ensureMigrated();
  };
  const queries: PgQueries = {
    async query(sql, params = []) {
      await ready();
      return (await pool.query(sql, params)).rows;
    },
    async count(sql, params) {
      await ready();
      return (await pool.query(sql, params)).rowCount ?? 0;
    },
    async tx(fn) {
      await ready();
      return inTransaction(pool, fn);
    },
  };
  const { pruneProgress, commitCycleOn, savePostedOn, ...progress } = createPgProgress(queries, pool, ready);
  const { pruneMemos, ...memos } = gated(createMemos(sql), ready);
  const { stopHeartbeat, ...outbox } = createPgOutbox({ query: queries.query, tx: queries.tx, commitCycleOn, savePostedOn }, config.heartbeatMs);
  return {
    pool,
    ready,
    ...outbox,
    ...createPgSearch(queries.query),
    ...memos,
    ...gated(createLocales(sql), ready),
    ...gated(createAudience(sql), ready),
    ...progress,
    ...gated(createSla(sql), ready),
    ...gated(createSpaces(sql), ready),
    ...gated(createSavedReplies(sql), ready),
    ...gated(createSurveys(sql), ready),
    ...gated(createDigests(sql), ready),
    ...gated(createPreferences(sql), ready),
    async pruneDelivered(before) {
      const n = await pruneProgress(before);
      await pruneMemos();
      return n;
    },
    async planExclusively(work) {
      await ready();
      const waitMs = config.planWaitMs ?? PLAN_WAIT_MS;
      return withSessionLock(pool, PLAN_LOCK, work, waitMs, () =>
        config.logger?.warn('another replica has held the notification planning turn for too long (a long first read, or a machine that vanished); planning without waiting for it', { waitedMs: waitMs }),
      );
    },
    async close() {
      stopHeartbeat();
      if (!pool.ended) await pool.end();
    },
  };
}

/**
 * The shared Store on PostgreSQL (`DATABASE_URL=postgres://…`), for several replicas. Same
 * tables, values and queries as the SQLite store (each table group's module serves both); one pg
 * Pool whose reconnects are automatic. Only the full-text search is PostgreSQL's own
 * (search-fts-postgres.ts); this file connects, migrates and puts them together.
 */
import type pg from 'pg';
import { createPersonZones } from './person-zones';
import type { Logger } from '../log';
import { isSchemaTooNew, messageOf } from './errors';
import { createLocales } from './locales';
import { createMemos } from './memos';
import { createDecisions } from './decisions';
import { gated } from './ready-gate';
import { postgresSql } from './kysely';
import { adoptPostgresV15, postgresV15Version } from './migrations/0001-adopt-v15';
import { coreMigrations } from './migrations';
import { allMigrations, migrateStore, type FeatureMigrations } from './migrator';
import { createAudience } from './audience';
import { createPool, withSessionLock } from './pg-client';
import { createOutbox } from './outbox';
import { createProgress } from './progress';
import { createPgSearch } from './search-fts-postgres';
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
    config.logger?.warn('PostgreSQL is not reachable at start; running without the shared store until it is', { error: messageOf(err) });
  }
  const ready = async () => {
    if (migrated === undefined || !(await migrated.then(() => true, () => false))) await ensureMigrated();
  };
  const queries = {
    async query(text: string, params: unknown[] = []) {
      await ready();
      return (await pool.query(text, params)).rows;
    },
  };
  const { pruneProgress, ...progress } = gated(createProgress(sql), ready);
  const { pruneMemos, ...memos } = gated(createMemos(sql), ready);
  const { pruneDecisions, ...decisions } = gated(createDecisions(sql), ready);
  // Replicas share the outbox: a claim at start may be a live replica's, so none is released here.
  const { stopHeartbeat, releaseClaims: _onlyForOneProcess, ...outbox } = createOutbox(sql, config.heartbeatMs);
  return {
    pool,
    ready,
    ...gated(outbox, ready),
    ...createPgSearch(queries.query),
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
    async planExclusively(work) {
      await ready();
      const waitMs = config.planWaitMs ?? PLAN_WAIT_MS;
      return withSessionLock(pool, PLAN_LOCK, work, waitMs, () =>
        config.logger?.warn('another replica has held the notification planning turn for too long (a long first read, or a machine that vanished); planning without waiting for it', { waitedMs: waitMs }),
      );
    },
    async featureDatabase() {
      // PostgreSQL not reachable at start is not fatal (see above): the features' queries fail, to be reported, until it is, and the next use of the store migrates.
      await ready().catch((error) => config.logger?.warn('the features\' tables could not be brought up to date yet; they will be once PostgreSQL answers', { error: messageOf(error) }));
      return sql.db;
    },
    async close() {
      stopHeartbeat();
      if (!pool.ended) await pool.end();
    },
  };
}

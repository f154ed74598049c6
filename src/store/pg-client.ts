/** The pg pool and checked-out clients, none of which can take the process down when a connection drops. */
import pg from 'pg';
import type { Logger } from '../log';
import { codeOf } from './errors';

/** The pooled queries the PostgreSQL-only parts of the store run, from the store around them. */
export interface PgQueries {
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Rows changed by `sql`. */
  count(sql: string, params: unknown[]): Promise<number>;
  tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T>;
}

/** A pool that never takes the process down: idle-client errors are logged, the pool reconnects. */
export function createPool(url: string, logger?: Logger, max = 10): pg.Pool {
  // query_timeout: a database that hangs (rather than refusing) fails queries instead of stalling the poller.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000, keepAlive: true, query_timeout: 60_000 });
  pool.on('error', (err) => logger?.warn('PostgreSQL connection lost; the pool reconnects on the next query', { error: err.message }));
  // A connection that drops while Kysely holds its client (a transaction) makes pg emit 'error' on
  // that client; unheard, that is an uncaught exception. The query in flight fails and is reported
  // by its caller, and pg-pool discards the broken client when it comes back, so hearing it is enough.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Runs `fn` on one pooled connection. pg emits 'error' on a checked-out client whose connection
 * ends between queries; with no listener that is an uncaught exception, so one is attached while
 * the client is out, and a broken client is destroyed instead of going back to the pool.
 */
export async function withClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (err: Error) => {
    broken = err;
  };
  client.on('error', onError);
  try {
    return await fn(client);
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}

/** Runs `fn` in one transaction; rolls back (if the connection still allows it) on any error. */
export function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return withClient(pool, async (c) => {
    await c.query('BEGIN');
    try {
      const out = await fn(c);
      await c.query('COMMIT');
      return out;
    } catch (err) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  });
}

/** SQLSTATE lock_not_available: a lock wait ran past lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Runs `fn` while this process holds the session advisory lock `key`; other processes asking for
 * it wait. The lock lives on one checked-out connection, so a process that dies releases it with
 * its session; `fn` itself may use any connection of the pool. A holder on a machine that vanished
 * keeps its session until TCP gives up on it, so a wait longer than `waitMs` runs `fn` without the
 * lock (after `onTimeout`) rather than stall every later caller.
 */
export function withSessionLock<T>(pool: pg.Pool, key: number, fn: () => Promise<T>, waitMs: number, onTimeout: () => void): Promise<T> {
  return withClient(pool, async (c) => {
    await c.query(`SET lock_timeout = ${Math.max(1, Math.round(waitMs))}`);
    let locked = true;
    try {
      await c.query('SELECT pg_advisory_lock($1)', [key]);
    } catch (err) {
      if (codeOf(err) !== LOCK_NOT_AVAILABLE) throw err;
      locked = false;
      onTimeout();
    }
    try {
      return await fn();
    } finally {
      // A failed unlock or reset leaves the connection suspect; withClient then discards it, which ends the session and its lock.
      const done = locked ? c.query('SELECT pg_advisory_unlock($1)', [key]) : Promise.resolve();
      await done.then(() => c.query('RESET lock_timeout')).catch((err: Error) => c.emit('error', err));
    }
  });
}

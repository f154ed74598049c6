/** Checked-out pg clients that cannot take the process down when their connection drops. */
import type pg from 'pg';

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

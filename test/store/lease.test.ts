/** The poller lease on PostgreSQL: one holder at a time, handed over on release or when the holder goes away. */
import { afterEach, describe, expect, it } from 'vitest';
import { alwaysHeldLease, createPgLease, createPool, createPostgresStore, type PostgresStore } from '../../src/store';
import { freshDatabase, pgAvailable, pgProblem } from '../support/postgres';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function database(): Promise<{ url: string; store: PostgresStore }> {
  const url = await freshDatabase();
  const store = await createPostgresStore({ url });
  closers.push(() => store.close());
  return { url, store };
}

describe('SQLite lease', () => {
  it('always holds: one process is always the poller', async () => {
    const lease = alwaysHeldLease();
    expect(await lease.tryAcquire()).toBe(true);
    expect(lease.held()).toBe(true);
  });
});

describe.skipIf(!pgAvailable())(`PostgreSQL lease${pgAvailable() ? '' : ` (cannot run: ${pgProblem()})`}`, () => {
  it('one replica holds it; the other gets it at once when the holder releases it', async () => {
    const { store } = await database();
    const a = createPgLease({ pool: store.pool, ttlMs: 60_000, holder: 'a' });
    const b = createPgLease({ pool: store.pool, ttlMs: 60_000, holder: 'b' });
    closers.push(() => a.release(), () => b.release());
    expect(await a.tryAcquire()).toBe(true);
    expect(await b.tryAcquire()).toBe(false);
    expect(await a.tryAcquire()).toBe(true); // renewal by the holder
    expect([a.held(), b.held()]).toEqual([true, false]);
    await a.release();
    expect(a.held()).toBe(false);
    expect(await b.tryAcquire()).toBe(true);
    expect(await a.tryAcquire()).toBe(false);
  });

  it('when the holder loses its database connection, another replica takes over once the lease expires', async () => {
    const { url, store } = await database();
    const pool = createPool(url);
    const a = createPgLease({ pool, ttlMs: 400, holder: 'a' });
    const b = createPgLease({ pool: store.pool, ttlMs: 400, holder: 'b' });
    closers.push(() => b.release());
    expect(await a.tryAcquire()).toBe(true);
    // While a renews it in the background, b never gets it.
    expect(await b.tryAcquire()).toBe(false);
    await pool.end(); // a's connections are gone, as after SIGKILL or a network cut
    await until(() => b.tryAcquire());
    expect(b.held()).toBe(true);
  });

  it('reports the database being unreachable instead of pretending to hold the lease', async () => {
    const pool = createPool('postgres://postgres@127.0.0.1:1/none');
    closers.push(() => pool.end());
    const lease = createPgLease({ pool, ttlMs: 1000 });
    await expect(lease.tryAcquire()).rejects.toThrow();
    expect(lease.held()).toBe(false);
  });
});

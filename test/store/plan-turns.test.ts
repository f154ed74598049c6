/** Replicas on one PostgreSQL database take turns planning notifications, and a turn never held forever stalls nobody. */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log';
import { createPostgresStore, type PostgresStore } from '../../src/store';
import { freshDatabase, pgAvailable, pgProblem } from '../support/postgres';

const stores: PostgresStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

describe.skipIf(!pgAvailable())(`planning turns${pgAvailable() ? '' : ` (cannot run: ${pgProblem()})`}`, () => {
  it('a second replica plans only after the first has finished its turn', async () => {
    const url = await freshDatabase();
    const [a, b] = [await createPostgresStore({ url }), await createPostgresStore({ url })];
    stores.push(a, b);
    const order: string[] = [];
    let finishA!: () => void;
    let aStarted!: () => void;
    const started = new Promise<void>((r) => (aStarted = r));
    const turnA = a.planExclusively(async () => {
      order.push('a starts');
      aStarted();
      await new Promise<void>((r) => (finishA = r));
      order.push('a ends');
    });
    await started;
    const turnB = b.planExclusively(async () => void order.push('b'));
    // B is queued behind A's turn in the database, not merely late.
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    while ((await watcher.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`)).rows.length === 0) await new Promise((r) => setTimeout(r, 10));
    await watcher.end();
    finishA();
    await Promise.all([turnA, turnB]);
    expect(order).toEqual(['a starts', 'a ends', 'b']);
  });

  it('a turn held by a session that never lets go (a machine that vanished) is taken after the wait, with a warning', async () => {
    const url = await freshDatabase();
    const lines: string[] = [];
    const store = await createPostgresStore({ url, planWaitMs: 200, logger: createLogger({ level: 'warn', write: (l) => lines.push(l) }) });
    stores.push(store);
    const stuck = new pg.Client({ connectionString: url });
    await stuck.connect();
    try {
      await stuck.query('SELECT pg_advisory_lock($1)', [0x706c616e]);
      expect(await store.planExclusively(async () => 'planned')).toBe('planned');
      expect(lines.map((l) => JSON.parse(l).msg)).toEqual([expect.stringMatching(/planning turn/)]);
      // The connection that waited went back to the pool usable, without a lock timeout left on it.
      expect((await store.pool.query('SHOW lock_timeout')).rows[0].lock_timeout).toBe('0');
    } finally {
      await stuck.end();
    }
  });
});

/**
 * One migrator on both engines: the store's numbered migrations first, then the ones features
 * hand in, each feature's in name order; a migration runs once, a later one on the next start, and
 * a database that ran a core migration this build lacks is refused.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createPostgresStore, createSqliteStore, STORE_FILE, type FeatureMigrations, type Store } from '../../src/store';
import { isSchemaTooNew } from '../../src/store/errors';
import { postgresSql, sqliteSql, type StoreSql } from '../../src/store/kysely';
import { pgProblem } from '../support/postgres';
import { engines } from './engines';

/** A migration that appends its name to the `ran` table (created by the first one to run). */
const step = (name: string): Migration => ({
  async up(db) {
    await sql`CREATE TABLE IF NOT EXISTS ran (n INTEGER NOT NULL, name TEXT NOT NULL)`.execute(db);
    await sql`INSERT INTO ran (n, name) SELECT count(*), ${name} FROM ran`.execute(db);
  },
});
const feature = (name: string, keys: string[]): FeatureMigrations => ({ name, migrations: Object.fromEntries(keys.map((k) => [k, step(`${name}/${k}`)])) });

describe.each(engines)('$name migrator', (engine) => {
  if (!engine.available()) {
    it.skip(`cannot run: ${pgProblem()}`, () => undefined);
    return;
  }
  const stores: Store[] = [];
  const locations: string[] = [];
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    for (const l of locations.splice(0)) engine.cleanup(l);
  });

  async function open(location: string, features: FeatureMigrations[]): Promise<Store> {
    const store = engine.name === 'SQLite' ? createSqliteStore({ dataDir: location, features }) : await createPostgresStore({ url: location, features });
    stores.push(store);
    await store.ticketStateCount(); // waits for the migrations
    return store;
  }

  /** The migrations' own record, and what the steps wrote, through a second connection. */
  async function read(location: string): Promise<{ ran: string[]; recorded: string[] }> {
    const run = async (s: StoreSql) => {
      const ran = await sql<{ name: string }>`SELECT name FROM ran ORDER BY n`.execute(s.db);
      const recorded = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY timestamp, name`.execute(s.db);
      return { ran: ran.rows.map((r) => r.name), recorded: recorded.rows.map((r) => r.name) };
    };
    if (engine.name === 'SQLite') {
      const db = new Database(path.join(location, STORE_FILE));
      try {
        return await run(sqliteSql(db));
      } finally {
        db.close();
      }
    }
    const pool = new pg.Pool({ connectionString: location });
    try {
      return await run(postgresSql(pool));
    } finally {
      await pool.end();
    }
  }

  it('runs the core migrations, then each feature\'s in name order, once; a migration added later runs on the next start', async () => {
    const location = await engine.fresh();
    locations.push(location);
    await open(location, [feature('zeta', ['001-a']), feature('alpha', ['002-b', '001-a'])]);
    expect((await read(location)).ran).toEqual(['alpha/001-a', 'alpha/002-b', 'zeta/001-a']);
    for (const s of stores.splice(0)) await s.close();

    await open(location, [feature('zeta', ['001-a', '002-b']), feature('alpha', ['002-b', '001-a']), feature('beta', ['001-a'])]);
    const { ran, recorded } = await read(location);
    expect(ran).toEqual(['alpha/001-a', 'alpha/002-b', 'zeta/001-a', 'beta/001-a', 'zeta/002-b']);
    expect(recorded[0]).toBe('0001-adopt-v15');
    expect(new Set(recorded)).toEqual(new Set(['0001-adopt-v15', '0002-decisions', ...ran]));
  });

  it('refuses a database that ran a core migration this build does not have', async () => {
    const location = await engine.fresh();
    locations.push(location);
    const store = await open(location, []);
    await store.close();
    stores.splice(0);
    const db = engine.name === 'SQLite' ? sqliteSql(new Database(path.join(location, STORE_FILE))) : postgresSql(new pg.Pool({ connectionString: location }));
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('0002-from-a-newer-build', '2030-01-01T00:00:00.000Z')`.execute(db.db);
    await db.db.destroy();
    if (engine.name === 'SQLite') {
      // The SQLite store opens at once; its first query waits for the migrator, which refuses.
      const newer = createSqliteStore({ dataDir: location });
      stores.push(newer);
      await expect(newer.ticketStateCount()).rejects.toSatisfy(isSchemaTooNew);
    } else {
      await expect(createPostgresStore({ url: location })).rejects.toSatisfy(isSchemaTooNew);
    }
  });
});

/** What only the PostgreSQL engine promises: migrations that replicas starting together do not race. */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresStore, PG_SCHEMA_VERSION, type Store } from '../../src/store';
import { PG_SEARCH_TERMS_STEP } from '../../src/store/pg-schema';
import { indexed } from '../search/index-contract';
import { freshDatabase, pgAvailable, pgProblem } from '../support/postgres';

const stores: Store[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

describe.skipIf(!pgAvailable())(`PostgreSQL store${pgAvailable() ? '' : ` (cannot run: ${pgProblem()})`}`, () => {
  it('four replicas starting at once on an empty database apply each migration exactly once', async () => {
    const url = await freshDatabase();
    const opened = await Promise.all([1, 2, 3, 4].map(() => createPostgresStore({ url })));
    stores.push(...opened);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query('SELECT version FROM schema_migrations ORDER BY version');
    await client.end();
    expect(rows.map((r) => r.version)).toEqual(Array.from({ length: PG_SCHEMA_VERSION }, (_, i) => i + 1));
    // Every replica sees what another wrote.
    await opened[0].setMuted('a@contoso.com', true);
    expect(await opened[3].mutedAmong(['a@contoso.com'])).toEqual(new Set(['a@contoso.com']));
  });

  it('refuses a database migrated by a newer build instead of writing to it', async () => {
    const url = await freshDatabase();
    stores.push(await createPostgresStore({ url }));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [PG_SCHEMA_VERSION + 1]);
    await client.end();
    await expect(createPostgresStore({ url })).rejects.toThrow(/newer than this build/);
  });

  it('after the upgrade that lists the index\'s terms, a word typed in part still finds tickets indexed before it', async () => {
    const url = await freshDatabase();
    const before = await createPostgresStore({ url });
    await before.indexTickets([indexed(1, { title: 'Printer jammed', modified: '2026-11-01T09:00:00Z' })]);
    await before.close();
    // The database as the version before that step left it (which knew no Kysely migrations).
    const step = PG_SEARCH_TERMS_STEP;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('DROP TABLE search_terms');
    await client.query('DELETE FROM schema_migrations WHERE version >= $1', [step]);
    await client.query('DROP TABLE kysely_migration, kysely_migration_lock');
    await client.end();
    const upgraded = await createPostgresStore({ url });
    stores.push(upgraded);
    await upgraded.indexTickets([indexed(2, { title: 'Printers offline', modified: '2026-11-02T09:00:00Z' })]);
    expect((await upgraded.searchTickets({ words: ['print'], limit: 5 })).map((t) => t.id)).toEqual([2, 1]);
    expect((await upgraded.searchTickets({ words: ['print', 'jammed'], limit: 5 })).map((t) => t.id)).toEqual([1, 2]);
  });
});

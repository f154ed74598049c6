/** The routines' tables on both engines: digest schedules (compare-and-set of the slot) and their copy by `npm run store:migrate`. */
import { preferencesIn } from '../../src/features/preferences/preference-table';
import { digestSchedulesIn } from '../../src/features/digests/digest-table';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copySqliteToPostgres } from '../../src/store/copy-sqlite';
import { createPostgresStore, createSqliteStore, STORE_FILE, type Store } from '../../src/store';
import { engines } from '../store/engines';
import { freshDatabase, pgAvailable } from '../support/postgres';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const SPEC = { cadence: 'weekly' as const, weekday: 1, time: '09:00', zone: 'Europe/Berlin' };

for (const engine of engines) {
  describe.skipIf(!engine.available())(`digest schedules on ${engine.name}`, () => {
    it('moves a slot once, keeps "since" when the schedule changes, and forgets a removed schedule', async () => {
      const location = await engine.fresh();
      const store = await engine.open(location);
      cleanup.push(() => engine.cleanup(location), () => store.close());
      await digestSchedulesIn(store).put({ platform: 'teams', conversationId: 'c1', spec: SPEC, createdBy: 'dana@example.com', lastSlot: 100, sinceAt: 100 });
      expect(await digestSchedulesIn(store).advance('teams', 'c1', 100, 200, 250)).toBe(true);
      // A second replica that read the same row moves nothing.
      expect(await digestSchedulesIn(store).advance('teams', 'c1', 100, 200, 260)).toBe(false);
      await digestSchedulesIn(store).put({ platform: 'teams', conversationId: 'c1', spec: { ...SPEC, cadence: 'daily', weekday: undefined }, createdBy: 'lee@example.com', lastSlot: 300, sinceAt: 300 });
      expect(await digestSchedulesIn(store).list()).toEqual([
        { platform: 'teams', conversationId: 'c1', spec: { cadence: 'daily', time: '09:00', zone: 'Europe/Berlin' }, createdBy: 'lee@example.com', lastSlot: 300, sinceAt: 250 },
      ]);
      expect(await digestSchedulesIn(store).remove('teams', 'c1')).toBe(true);
      expect(await digestSchedulesIn(store).remove('teams', 'c1')).toBe(false);
      expect(await digestSchedulesIn(store).get('teams', 'c1')).toBeUndefined();
    });
  });
}

describe.skipIf(!pgAvailable())('store:migrate and the routines', () => {
  it('copies digest schedules, DM choices, time zones and held DMs from SQLite to PostgreSQL, once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'routines-migrate-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const sqlite = createSqliteStore({ dataDir: dir });
    await digestSchedulesIn(sqlite).put({ platform: 'slack', conversationId: 'C1', spec: SPEC, createdBy: 'dana@example.com', lastSlot: 100, sinceAt: 90 });
    await preferencesIn(sqlite).setDmPreferences('Sam@Example.com', { status: true, comments: false, resolution: true, quietStart: '22:00', quietEnd: '07:00' });
    await sqlite.savePersonZone('sam@example.com', 'America/New_York');
    await preferencesIn(sqlite).holdDm({ key: 'k1', email: 'sam@example.com', ticketId: 7, text: 'Status: Waiting', reason: 'requester', notice: { ticketId: 7, text: 'Status: Waiting' }, releaseAt: 500 });
    await sqlite.close();
    const url = await freshDatabase();
    const pg: Store & { pool: import('pg').Pool } = await createPostgresStore({ url });
    cleanup.push(() => pg.close());
    const first = await copySqliteToPostgres(path.join(dir, STORE_FILE), pg.pool);
    expect(first.digest_schedules).toEqual({ read: 1, written: 1 });
    expect((await copySqliteToPostgres(path.join(dir, STORE_FILE), pg.pool)).digest_schedules).toEqual({ read: 1, written: 0 });
    expect(first.dm_preferences).toEqual({ read: 1, written: 1 });
    expect(await preferencesIn(pg).dmPreferences(['sam@example.com'])).toEqual(new Map([['sam@example.com', { status: true, comments: false, resolution: true, quietStart: '22:00', quietEnd: '07:00' }]]));
    expect(await pg.personZone('SAM@example.com')).toBe('America/New_York');
    expect(await preferencesIn(pg).heldDue(499)).toEqual([]);
    expect(await preferencesIn(pg).heldDue(500)).toEqual([{ key: 'k1', email: 'sam@example.com', ticketId: 7, text: 'Status: Waiting', reason: 'requester', notice: { ticketId: 7, text: 'Status: Waiting' }, releaseAt: 500 }]);
    expect(await digestSchedulesIn(pg).get('slack', 'C1')).toEqual({ platform: 'slack', conversationId: 'C1', spec: SPEC, createdBy: 'dana@example.com', lastSlot: 100, sinceAt: 90 });
  });
});

/**
 * Routing's tables on both engines: a ticket's decision is claimed once by two stores on one database
 * at once (replicas), a queued ticket is taken up again once, and the queue,
 * cursors, last assignments, today's counts and `away` read back as written; an agent's hand-over is
 * recorded once, taken over once, and put back as the row was.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { FEATURES, featureMigrations } from '../../../src/features';
import { createRoutingTable, type RoutingTables } from '../../../src/features/routing/routing-table';
import { createHandOverTable } from '../../../src/features/routing/handover-table';
import { loadsOf } from '../../../src/features/routing/load';
import { DEFAULT_ROLE_VOCABULARY } from '../../../src/core/vocabulary';
import { createPostgresStore, createSqliteStore, type Store } from '../../../src/store';
import { freshDatabase, pgAvailable } from '../../support/postgres';

const why = { code: 'round-robin' as const, groups: ['Desk'], skipped: [] };
const stores: Store[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

// SQLite is one process: two stores on one file in this one thread cannot hold transactions open at
// once (better-sqlite3 waits synchronously for the lock the other holds), so there they take turns.
const engines = [
  {
    name: 'SQLite', skip: false, together: false,
    async two(): Promise<[Store, Store]> {
      const dir = mkdtempSync(path.join(tmpdir(), 'routing-db-'));
      dirs.push(dir);
      const open = () => createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
      const a = open();
      await a.featureDatabase();
      return [a, open()];
    },
  },
  {
    name: 'PostgreSQL', skip: !pgAvailable(), together: true,
    async two(): Promise<[Store, Store]> {
      const url = await freshDatabase();
      const a = await createPostgresStore({ url, features: featureMigrations(FEATURES) });
      await a.featureDatabase();
      return [a, await createPostgresStore({ url, features: featureMigrations(FEATURES) })];
    },
  },
];

for (const engine of engines) {
  describe.skipIf(engine.skip)(`routing tables on ${engine.name}`, () => {
    /** The calls at once (PostgreSQL), or one after the other (SQLite, above). */
    async function race<T>(calls: (() => Promise<T>)[]): Promise<T[]> {
      if (engine.together) return Promise.all(calls.map((c) => c()));
      const out: T[] = [];
      for (const c of calls) out.push(await c());
      return out;
    }

    async function tables() {
      const [a, b] = await engine.two();
      stores.push(a, b);
      const ta = createRoutingTable((await a.featureDatabase()) as Kysely<RoutingTables>);
      const tb = createRoutingTable((await b.featureDatabase()) as Kysely<RoutingTables>);
      return [ta, tb] as const;
    }

    it('takes each of 50 tickets up exactly once across two replicas claiming their decisions at once, and moves the cursor only for the winner', async () => {
      const [a, b] = await tables();
      const ids = Array.from({ length: 50 }, (_, i) => i + 1);
      const settled = (agent: string) => ({ state: 'assigned' as const, group: 'Desk', assignee: agent, why });
      const won = await race(ids.flatMap((id) => [
        () => a.claimDecided(id, settled('a@x.com'), 1_000 + id, { group: 'Desk', agent: 'a@x.com' }),
        () => b.claimDecided(id, settled('b@x.com'), 1_000 + id, { group: 'Desk', agent: 'b@x.com' }),
      ]));
      for (let i = 0; i < ids.length; i++) expect([won[2 * i], won[2 * i + 1]].filter(Boolean)).toHaveLength(1);
      const last = won[98] ? 'a@x.com' : 'b@x.com';
      expect((await a.ticket(50))?.assignee).toBe(last);
      // Each claimed assignment is owed to its ticket until written.
      expect((await b.owed(100)).map((o) => o.ticketId)).toEqual(ids);
      await a.written(7, 5_000);
      expect((await b.owed(100)).map((o) => o.ticketId)).not.toContain(7);
    });

    it('takes a queued ticket up again for exactly one caller, never one already settled otherwise', async () => {
      const [a, b] = await tables();
      await a.claimDecided(7, { state: 'queued', group: 'Desk', why: { ...why, code: 'nobody' } }, 1_000);
      const assigned = { state: 'assigned' as const, group: 'Desk', assignee: 'a@x.com', why };
      const cursor = { group: 'Desk', agent: 'a@x.com' };
      const both = await race([() => a.settleQueued(7, assigned, 2_000, cursor), () => b.settleQueued(7, assigned, 2_000, cursor)]);
      expect(both.filter(Boolean)).toHaveLength(1);
      expect(await b.settleQueued(7, assigned, 3_000)).toBe(false);
      expect(await b.ticket(7)).toEqual({ state: 'assigned', group: 'Desk', assignee: 'a@x.com', why });
      expect(await b.cursors()).toEqual(new Map([['Desk', 'a@x.com']]));
    });

    it('records a hand-over once across two replicas, lets one caller take it over once stale or let go, and puts the row back as it was', async () => {
      const [a, b] = await engine.two();
      stores.push(a, b);
      const [da, db] = [(await a.featureDatabase()) as Kysely<RoutingTables>, (await b.featureDatabase()) as Kysely<RoutingTables>];
      const [ha, hb] = [createHandOverTable(da), createHandOverTable(db)];
      const table = createRoutingTable(da);
      // Ticket 1 was routed to m this morning; ticket 2 m claimed by hand (routing has no row of it).
      await table.settle(1, { state: 'assigned', group: 'Desk', assignee: 'm@x.com', why }, 1_000, undefined, { written: true });
      const to = (agent: string) => ({ assignee: agent, group: 'Desk', method: 'round-robin' as const, why });
      const won = await race([() => ha.aim(1, 'm@x.com', '"1,2"', to('a@x.com'), 5_000), () => hb.aim(1, 'm@x.com', '"1,2"', to('b@x.com'), 5_000)]);
      expect(won.filter(Boolean)).toHaveLength(1);
      const winner = won[0] ? 'a@x.com' : 'b@x.com';
      expect(await table.cursors()).toEqual(new Map([['Desk', winner]]));
      expect(await hb.owed(10)).toEqual([{ ticketId: 1, from: 'm@x.com', to: winner, ifMatch: '"1,2"', aimedAt: 5_000 }]);
      // Routing's own owed writes are new tickets' only; the hand-over names its new holder (and whom from) already.
      expect(await table.owed(10)).toEqual([]);
      expect(await table.ticket(1)).toMatchObject({ state: 'assigned', assignee: winner, from: 'm@x.com' });
      // Held while fresh; once stale, one of two callers takes it over.
      const [owed] = await hb.owed(10);
      expect(await hb.takeOver(owed, 6_000, 1_000)).toBe(false);
      const taken = await race([() => ha.takeOver(owed, 400_000, 100_000), () => hb.takeOver(owed, 400_000, 100_000)]);
      expect(taken.filter(Boolean)).toHaveLength(1);
      // The process holding it at 400 000 drops it (the ticket changed): the morning's row is back, and it is owed no more.
      expect(await ha.drop({ ticketId: 1, aimedAt: 5_000 })).toBe(false);
      expect(await ha.drop({ ticketId: 1, aimedAt: 400_000 })).toBe(true);
      expect(await table.ticket(1)).toEqual({ state: 'assigned', group: 'Desk', assignee: 'm@x.com', why });
      expect(await table.assignedSince(0)).toEqual(new Map([['m@x.com', 1]]));
      expect(await hb.owed(10)).toEqual([]);

      // Ticket 2: let go after a failure, taken over at once, written; then no row is owed and today counts it for its new holder.
      expect(await ha.aim(2, 'm@x.com', '"2,3"', to('a@x.com'), 7_000)).toBe(true);
      expect(await ha.aim(2, 'm@x.com', '"2,3"', to('b@x.com'), 7_001)).toBe(false);
      await ha.release({ ticketId: 2, aimedAt: 7_000 });
      const [letGo] = await hb.owed(10);
      expect(await hb.takeOver(letGo, 8_000, 7_500)).toBe(true);
      await hb.written(2, 8_000);
      expect(await ha.owed(10)).toEqual([]);
      expect(await table.assignedSince(7_500)).toEqual(new Map([['a@x.com', 1]]));
      // A hand-over whose row did not exist before goes back to none.
      expect(await ha.aim(3, 'm@x.com', '"3,2"', to('a@x.com'), 9_000)).toBe(true);
      expect(await ha.drop({ ticketId: 3, aimedAt: 9_000 })).toBe(true);
      expect(await table.ticket(3)).toBeUndefined();
    });

    it('counts an agent\'s load from the tickets the poller saw in new and working statuses, plus routed ones it has not seen yet', async () => {
      const [a] = await engine.two();
      stores.push(a);
      const db = await a.featureDatabase();
      const state = (id: number, status: string, assigned: string) => ({ id, status, assigned, priority: 'Normal', etag: `"${id},1"`, modified: 1_000 });
      await db.insertInto('ticket_state').values([state(1, 'New', 'A@x.com'), state(2, 'In Progress', 'a@x.com'), state(3, 'Waiting', 'a@x.com'), state(4, 'Resolved', 'a@x.com'), state(5, 'Assigned', 'b@x.com'), state(6, 'New', '')]).execute();
      const table = createRoutingTable(db as Kysely<RoutingTables>);
      // Routed to b just now; the poller has not seen it yet (no row, or the row still says unassigned).
      for (const id of [6, 7]) await table.claimDecided(id, { state: 'assigned', group: 'Desk', assignee: 'b@x.com', why }, 5_000);
      expect(await loadsOf(db, DEFAULT_ROLE_VOCABULARY, 10_000)).toEqual(new Map([['a@x.com', 2], ['b@x.com', 3]]));
    });

    it('reads back the queue, cursors, last assignments, today\'s counts and away', async () => {
      const [a, b] = await tables();
      await a.settle(1, { state: 'assigned', group: 'Desk', assignee: 'a@x.com', why }, 2_000, { group: 'Desk', agent: 'a@x.com' });
      await a.settle(2, { state: 'assigned', group: 'Desk', assignee: 'a@x.com', why }, 5_000, { group: 'Desk', agent: 'a@x.com' });
      await a.settle(3, { state: 'queued', group: 'Desk', why: { ...why, code: 'nobody' } }, 6_000);
      expect(await b.queue(10)).toEqual([{ ticketId: 3, group: 'Desk', since: 6_000, why: { ...why, code: 'nobody' } }]);
      expect(await b.cursors()).toEqual(new Map([['Desk', 'a@x.com']]));
      expect(await b.lastAssigned()).toEqual(new Map([['a@x.com', 5_000]]));
      expect(await b.assignedSince(3_000)).toEqual(new Map([['a@x.com', 1]]));
      // A hand-over recorded late (written at 4 000 by a process that died before recording it) never moves the cursor back past a later turn.
      await a.settle(8, { state: 'assigned', group: 'Desk', assignee: 'c@x.com', why }, 4_000, { group: 'Desk', agent: 'c@x.com' }, { written: true, late: true });
      expect(await b.cursors()).toEqual(new Map([['Desk', 'a@x.com']]));
      expect((await b.ticket(8))?.assignee).toBe('c@x.com');
      await a.settle(9, { state: 'assigned', group: 'Desk', assignee: 'c@x.com', why }, 7_000, { group: 'Desk', agent: 'c@x.com' }, { written: true, late: true });
      expect(await b.cursors()).toEqual(new Map([['Desk', 'c@x.com']]));

      await a.setAway('a@x.com', 1_000, undefined);
      await a.setAway('b@x.com', 1_000, 10_000);
      expect(await b.awayAt(5_000)).toEqual(new Map([['a@x.com', {}], ['b@x.com', { until: 10_000 }]]));
      expect(await b.awayAt(10_000)).toEqual(new Map([['a@x.com', {}]]));
      expect(await b.setBack('a@x.com', 11_000)).toBe(true);
      expect(await b.setBack('b@x.com', 11_000)).toBe(false);
      expect(await a.awayAt(11_000)).toEqual(new Map());
    });
  });
}

/**
 * Escalation's table on both engines: each hop of a ticket is taken once by two stores on one
 * database at once (replicas), a hop left by a dead process is taken over once it is stale, and a
 * chain that ended (answered, taken, nobody picked up) is watched no more.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { FEATURES, featureMigrations } from '../../../src/features';
import { createEscalationTable, type EscalationTables } from '../../../src/features/routing/escalation-table';
import { createRoutingTable, type RoutingTables } from '../../../src/features/routing/routing-table';
import { createPostgresStore, createSqliteStore, type Store } from '../../../src/store';
import { freshDatabase, pgAvailable } from '../../support/postgres';

/** What each test opened, undone after it (stores closed, then their folders removed). */
const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of undo.splice(0).reverse()) await step();
});

const engines: { name: string; skip: boolean; open(): Promise<() => Promise<Store>> }[] = [
  {
    name: 'SQLite', skip: false,
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'escalation-db-'));
      undo.push(() => rmSync(dir, { recursive: true, force: true }));
      return async () => createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
    },
  },
  {
    name: 'PostgreSQL', skip: !pgAvailable(),
    async open() {
      const url = await freshDatabase();
      return () => createPostgresStore({ url, features: featureMigrations(FEATURES) });
    },
  },
];

for (const engine of engines) {
  describe.skipIf(engine.skip)(`escalation table on ${engine.name}`, () => {
    async function replicas() {
      const open = await engine.open();
      const out = [];
      for (let i = 0; i < 2; i++) {
        const store = await open();
        undo.push(() => store.close());
        const db = (await store.featureDatabase()) as Kysely<RoutingTables>;
        out.push({ routing: createRoutingTable(db), escalation: createEscalationTable(db.withTables<EscalationTables>()) });
      }
      return out;
    }

    const why = { code: 'round-robin' as const, groups: ['Desk'], skipped: [] };

    it('takes each hop of 20 tickets once across two replicas, and a dead claim once when stale', async () => {
      const [a, b] = await replicas();
      const ids = Array.from({ length: 20 }, (_, i) => i + 1);
      const won = await Promise.all(ids.flatMap((id) => [a.escalation.claim(id, 1, 'm@x.com', 1_000, 60_000), b.escalation.claim(id, 1, 'm@x.com', 1_000, 60_000)]));
      for (let i = 0; i < ids.length; i++) expect([won[2 * i], won[2 * i + 1]].filter(Boolean)).toHaveLength(1);
      expect(await b.escalation.claim(1, 1, 'm@x.com', 30_000, 60_000)).toBe(false);
      const later = await Promise.all([a.escalation.claim(1, 1, 'm@x.com', 100_000, 60_000), b.escalation.claim(1, 1, 'm@x.com', 100_000, 60_000)]);
      expect(later.filter(Boolean)).toHaveLength(1);
      await a.escalation.finish({ ticketId: 1, hop: 1, at: 100_000 }, 'moved', 100_500);
      expect(await b.escalation.claim(1, 1, 'm@x.com', 10_000_000, 60_000)).toBe(false);
    });

    it('fences a claim taken over: the slow first holder records nothing more; a claim let go is taken at once', async () => {
      const [a, b] = await replicas();
      const slow = { ticketId: 2, hop: 1, at: 1_000 };
      expect(await a.escalation.claim(2, 1, 'm@x.com', slow.at, 60_000)).toBe(true);
      expect(await b.escalation.claim(2, 1, 'm@x.com', 100_000, 60_000)).toBe(true);
      const taker = { ticketId: 2, hop: 1, at: 100_000 };
      expect(await a.escalation.aim(slow, { assignee: 'o@x.com', group: 'Desk', method: 'round-robin', why }, 1_500)).toBe(false);
      expect(await a.escalation.intend(slow, 'a note')).toBe(false);
      expect(await a.escalation.finish(slow, 'taken', 1_600)).toBe(false);
      expect(await b.escalation.aim(taker, { assignee: 'p@x.com', group: 'Desk', method: 'round-robin', why }, 100_100)).toBe(true);
      // The write was sent: the assignee's DM says whom it came from even before the hop is finished.
      expect(await a.escalation.lastMove(2)).toEqual({ hop: 1, from: 'm@x.com', to: 'p@x.com' });
      expect(await a.escalation.hop(2, 1)).toMatchObject({ state: 'claimed', to: 'p@x.com', aimedAt: 100_100, decision: { assignee: 'p@x.com', group: 'Desk' } });

      // A process that failed in a hop lets it go: the next claim takes it without waiting for it to be stale.
      await b.escalation.release(taker);
      expect(await a.escalation.claim(2, 1, 'm@x.com', 100_200, 60_000)).toBe(true);
      expect(await a.escalation.finish({ ticketId: 2, hop: 1, at: 100_200 }, 'moved', 100_100)).toBe(true);
      expect(await b.escalation.finish(taker, 'moved', 100_100)).toBe(false);
    });


    it('watches assigned tickets with their hops and the time of the last, until the chain ends', async () => {
      const [a] = await replicas();
      await a.routing.settle(5, { state: 'assigned', group: 'Desk', assignee: 'm@x.com', why }, 1_000);
      await a.routing.settle(6, { state: 'assigned', group: 'Desk', assignee: 'n@x.com', why }, 2_000);
      await a.routing.settle(7, { state: 'queued', group: 'Desk', why }, 3_000);
      expect(await a.escalation.watched()).toEqual([
        { ticketId: 5, group: 'Desk', holder: 'm@x.com', since: 1_000, hops: 0 },
        { ticketId: 6, group: 'Desk', holder: 'n@x.com', since: 2_000, hops: 0 },
      ]);
      await a.escalation.claim(5, 1, 'm@x.com', 5_000, 60_000);
      const five = { ticketId: 5, hop: 1, at: 5_000 };
      await a.escalation.aim(five, { assignee: 'o@x.com', group: 'Desk', method: 'round-robin', why }, 5_500);
      // A hop claimed and not finished shows in what is watched (a takeover does not wait for the holder's minutes).
      expect((await a.escalation.watched())[0]).toEqual({ ticketId: 5, group: 'Desk', holder: 'm@x.com', since: 1_000, hops: 0, open: 5_000 });
      await a.escalation.finish(five, 'moved', 5_500);
      await a.escalation.claim(6, 1, 'n@x.com', 5_000, 60_000);
      await a.escalation.finish({ ticketId: 6, hop: 1, at: 5_000 }, 'answered', 6_000);
      expect(await a.escalation.watched()).toEqual([{ ticketId: 5, group: 'Desk', holder: 'm@x.com', since: 5_500, hops: 1 }]);
      expect(await a.escalation.lastMove(5)).toEqual({ hop: 1, from: 'm@x.com', to: 'o@x.com' });
      expect(await a.escalation.hop(6, 1)).toEqual({ state: 'answered', from: 'n@x.com' });
    });
  });
}

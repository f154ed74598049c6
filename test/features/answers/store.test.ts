/**
 * The answers' store on both engines: what agents write is what the matcher offers, nothing
 * more; counts of questions settled without a ticket count each offer once; and rows copied
 * column by column into the other engine (what store:migrate does) are found there too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createAnswerMatcher } from '../../../src/features/answers/matcher';
import { createAnswerStore, type AnswerDraft } from '../../../src/features/answers/store';
import { ANSWER_TABLE_NAMES, type AnswerTables } from '../../../src/features/answers/answer-tables';
import { openAnswersDb } from '../../support/answers-db';
import { freshDatabase, pgAvailable } from '../../support/postgres';

const dir = mkdtempSync(path.join(tmpdir(), 'answers-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const sqlite = async () => path.join(dir, `a${++files}.db`);

const engines = [
  { name: 'SQLite', available: () => true, location: sqlite, other: async () => (pgAvailable() ? freshDatabase() : undefined) },
  { name: 'PostgreSQL', available: pgAvailable, location: freshDatabase, other: sqlite },
];

const vpn: AnswerDraft = {
  name: 'VPN home', language: 'en', title: 'VPN does not connect from home', phrases: ['globalprotect fails'],
  body: 'Quit GlobalProtect and start it again.', shown: true, sourceTicket: 41,
};
const drucker: AnswerDraft = {
  name: 'drucker', language: 'de', title: 'Drucker ist offline', phrases: ['drucker druckt nichts'],
  body: 'Schalten Sie den Drucker aus und wieder ein.', shown: true,
};
const NOW = '2026-11-20T10:00:00Z';

async function withDb<T>(location: string, f: (db: Kysely<AnswerTables>) => Promise<T>): Promise<T> {
  const db = await openAnswersDb(location);
  try {
    return await f(db);
  } finally {
    await db.destroy();
  }
}

describe.each(engines)('answers store on $name', ({ available, location, other }) => {
  it.skipIf(!available())('keeps an answer under its name, refuses the name twice, and offers it until it is removed', async () => {
    await withDb(await location(), async (db) => {
      const store = createAnswerStore(db);
      const matcher = createAnswerMatcher(store);
      expect(await store.add(vpn, 'agent@contoso.com', NOW)).toBe(true);
      expect(await store.add({ ...vpn, title: 'Something else' }, 'other@contoso.com', NOW)).toBe(false);
      expect(await store.get('vpn-home')).toMatchObject({ name: 'vpn-home', title: vpn.title, sourceTicket: 41, shown: true, createdBy: 'agent@contoso.com' });
      expect((await matcher.match('vpn wont connect at home')).map((m) => m.answer.name)).toEqual(['vpn-home']);

      expect(await store.update({ ...vpn, title: 'Wi-Fi at home drops', phrases: ['home wifi drops'], body: 'Restart the router.' }, NOW)).toBe(true);
      expect(await matcher.match('vpn wont connect at home')).toEqual([]);
      expect((await matcher.match('wifi at home keeps dropping')).map((m) => m.answer.name)).toEqual(['vpn-home']);

      expect(await store.remove('VPN home')).toBe(true);
      expect(await store.remove('VPN home')).toBe(false);
      expect(await store.update(vpn, NOW)).toBe(false);
      expect(await matcher.match('wifi at home keeps dropping')).toEqual([]);
    });
  });

  it.skipIf(!available())('offers an answer kept for agents to nobody, and a German answer to a German question', async () => {
    await withDb(await location(), async (db) => {
      const store = createAnswerStore(db);
      await store.add({ ...vpn, shown: false }, 'agent@contoso.com', NOW);
      await store.add(drucker, 'agent@contoso.com', NOW);
      expect((await store.list()).map((a) => a.name)).toEqual(['drucker', 'vpn-home']);
      const matcher = createAnswerMatcher(store);
      expect(await matcher.match('vpn wont connect at home')).toEqual([]);
      expect((await matcher.match('mein drucker druckt nicht')).map((m) => m.answer.name)).toEqual(['drucker']);
    });
  });

  it.skipIf(!available())('counts a question settled by an answer once per offer, within the days asked', async () => {
    await withDb(await location(), async (db) => {
      const store = createAnswerStore(db);
      expect(await store.countAnswered('offer-1', 'vpn-home', 'en', '2026-11-10T09:00:00Z')).toBe(true);
      expect(await store.countAnswered('offer-1', 'vpn-home', 'en', '2026-11-10T09:00:05Z')).toBe(false);
      expect(await store.countAnswered('offer-2', 'drucker', 'de', '2026-11-19T09:00:00Z')).toBe(true);
      expect(await store.answeredSince('2026-11-01T00:00:00Z')).toBe(2);
      expect(await store.answeredSince('2026-11-15T00:00:00Z')).toBe(1);
    });
  });

  it.skipIf(!available())('answers copied column by column into the other engine are found there', async () => {
    const target = await other();
    if (!target) return;
    const rows = await withDb(await location(), async (db) => {
      const store = createAnswerStore(db);
      await store.add(vpn, 'agent@contoso.com', NOW);
      await store.add(drucker, 'agent@contoso.com', NOW);
      await store.countAnswered('offer-1', 'drucker', 'de', NOW);
      return Promise.all(ANSWER_TABLE_NAMES.map(async (t) => [t, await db.selectFrom(t).selectAll().execute()] as const));
    });
    await withDb(target, async (db) => {
      for (const [table, list] of rows) {
        // What store:migrate copies: the declared columns (PostgreSQL's generated one is not declared).
        for (const row of list) await db.insertInto(table).values(Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'tsv')) as never).execute();
      }
      const store = createAnswerStore(db);
      expect((await createAnswerMatcher(store).match('drucker druckt nicht')).map((m) => m.answer.name)).toEqual(['drucker']);
      expect((await createAnswerMatcher(store).match('globalprotect failing')).map((m) => m.answer.name)).toEqual(['vpn-home']);
      expect(await store.answeredSince('2026-11-01T00:00:00Z')).toBe(1);
    });
  });
});

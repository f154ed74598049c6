/**
 * An installation made by the store of schema version 15 (test/fixtures/store-v15, written by
 * that code's own make.ts) opens with today's store on both engines, and every row it held is
 * still read back through the store's API. Each table is read, so a table whose rows were
 * dropped, or whose values no longer read back, fails here.
 */
import { spaceBindingsIn } from '../../src/features/spaces/space-table';
import { preferencesIn } from '../../src/features/preferences/preference-table';
import { slaTableIn } from '../../src/features/sla/sla-table';
import { digestSchedulesIn } from '../../src/features/digests/digest-table';
import { savedRepliesIn, surveysOf } from '../support/feature-commands';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresStore, createSqliteStore, STORE_FILE, type PostgresStore, type Store } from '../../src/store';
import Database from 'better-sqlite3';
import { copySqliteToPostgres } from '../../src/store/copy-sqlite';
import type { FeatureMigrations } from '../../src/store/migrator';
import { lastNotice, noticeOfMessage } from '../../src/store/notices';
import * as data from '../fixtures/store-v15/data';
import { freshDatabase, pgAvailable, pgProblem } from '../support/postgres';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/store-v15');
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const FAR = 2_000_000_000_000; // epoch ms in 2033: every fixture delivery and held DM is due by then

/** Opens the store twice (the second start finds nothing left to migrate) and reads every row each time; `also` checks more. */
async function openTwiceAndRead(open: () => Promise<Store>, also: (store: Store) => Promise<void> = async () => undefined): Promise<void> {
  for (let start = 1; start <= 2; start++) {
    const store = await open();
    try {
      await expectEveryRow(store);
      await also(store);
    } finally {
      await store.close();
    }
  }
}

/** Reads every table of the fixture back through `store`. */
async function expectEveryRow(store: Store, { searchIndex = true } = {}): Promise<void> {
  const byKey = (s: { conversation: { id: string }; filter: { kind: string } }) => `${s.conversation.id}/${s.filter.kind}`;
  expect((await store.allSubscriptions()).sort((a, b) => byKey(a).localeCompare(byKey(b)))).toEqual([...data.subscriptions].sort((a, b) => byKey(a).localeCompare(byKey(b))));
  for (const c of data.conversations) expect(await store.getConversation(c.platform, c.id)).toEqual(c);
  for (const p of data.people) expect(await store.personAddresses(p.email)).toEqual([expect.objectContaining(p)]);
  expect(await store.postedMessages(101)).toEqual([data.posted[0]]);
  expect(await store.postedMessages(102)).toEqual([{ ...data.posted[1], etag: undefined }]);
  for (const [name, value] of Object.entries(data.watermarks)) expect(await store.getWatermark(name)).toBe(value);
  expect([...(await store.getTicketStates([101, 102])).values()]).toEqual(data.ticketStates);
  expect(await store.isDelivered(data.delivered)).toBe(true);
  expect(await store.deliveredAmong(data.processedKeys)).toEqual(new Set(data.processedKeys));
  expect(await store.mutedAmong([data.mutedEmail, 'someone@contoso.com'])).toEqual(new Set([data.mutedEmail]));
  expect(await store.findAction(data.action.kind, data.action.itemId, data.action.etag)).toEqual(data.action);

  expect(await store.pendingDeliveryCount()).toBe(2);
  expect(await store.pendingCards(101)).toEqual([data.outbox[0].card]);
  const due = await store.dueDeliveries(FAR, 10);
  expect(due.map((d) => d.key).sort()).toEqual(data.outbox.map((d) => d.key).sort());
  const postponed = due.find((d) => d.key === data.postponed.key);
  expect(postponed).toMatchObject({ ...data.outbox[0], attempts: 1, notBefore: data.postponed.notBefore, lastError: data.postponed.error });
  expect(due.find((d) => d.key === data.outbox[1].key)).toMatchObject({ ...data.outbox[1], attempts: 0 });
  expect(await store.claimInbound(data.inboundKey, 60_000)).toBe('duplicate');

  if (searchIndex) {
    expect(await store.indexedTicketCount()).toBe(2);
    expect((await store.searchTickets({ words: ['printer'], limit: 5 })).map((t) => t.id)).toEqual([101]);
    // A word typed in part goes through the terms the index listed (search_terms).
    expect(await store.searchTickets({ words: ['wireg'], limit: 5 })).toEqual([data.tickets[1]]);
  }

  expect(await store.getMemo(data.memo.key)).toEqual(data.memo.value);
  expect(await lastNotice(store, data.notice.email)).toEqual(data.notice.memo);
  expect(await noticeOfMessage(store, data.notice.message.platform, data.notice.message.conversationId, data.notice.message.messageId)).toEqual(data.notice.memo);

  expect(await store.personLocales([data.personLocale.email, data.chosenLocale.email])).toEqual(new Map([[data.personLocale.email, data.personLocale.locale], [data.chosenLocale.email, data.chosenLocale.locale]]));
  expect(await store.chosenLocale(data.chosenLocale.email)).toBe(data.chosenLocale.locale);
  expect((await store.conversationLocales()).get(`${data.conversationLocale.platform}:${data.conversationLocale.conversationId}`)).toBe(data.conversationLocale.locale);
  expect(await store.personZone(data.personZone.email)).toBe(data.personZone.zone);

  const sla = await slaTableIn(store).slaRecords(data.sla.map((r) => r.id));
  for (const r of data.sla) expect(sla.get(r.id)).toEqual(r);
  expect(await slaTableIn(store).getSlaMeta(data.slaMeta.name)).toBe(data.slaMeta.value);
  expect((await slaTableIn(store).slaQueue(0, 10)).total).toBe(2);

  expect(await (await spaceBindingsIn(store)).get(data.space.platform, data.space.conversationId)).toMatchObject({ spaceId: data.space.spaceId, boundBy: data.space.by });
  expect(await (await savedRepliesIn(store)).get(data.savedReply.name)).toEqual(data.savedReply);
  expect(await surveysOf(store).get(data.survey.id)).toEqual({ ...data.survey, rating: data.surveyAnswer.rating, comment: data.surveyAnswer.comment, answeredAt: data.surveyAnswer.at });
  expect(await digestSchedulesIn(store).get(data.digest.platform, data.digest.conversationId)).toEqual(data.digest);
  expect(await preferencesIn(store).dmPreferences([data.dmChoices.email])).toEqual(new Map([[data.dmChoices.email, data.dmChoices.prefs]]));
  expect(await preferencesIn(store).heldDue(FAR)).toEqual([data.held]);
}

describe('a SQLite store written by schema version 15', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('opens in place with every row it held', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-v15-'));
    dirs.push(dir);
    copyFileSync(path.join(fixture, STORE_FILE), path.join(dir, STORE_FILE));
    await openTwiceAndRead(async () => createSqliteStore({ dataDir: dir }));
  });
});

describe('a PostgreSQL store written by schema version 15', () => {
  if (!pgAvailable()) {
    it.skip(`cannot run: ${pgProblem()}`, () => undefined);
    return;
  }

  it('opens in place with every row it held, the poller lease too', async () => {
    const url = await freshDatabase();
    execFileSync(`${BIN}/psql`, ['--quiet', '--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '--dbname', url, '--file', path.join(fixture, 'postgres.sql')], { stdio: 'pipe' });
    let shared: PostgresStore | undefined;
    await openTwiceAndRead(
      async () => (shared = await createPostgresStore({ url })),
      async () => {
        const { rows } = await shared!.pool.query<{ holder: string }>('SELECT holder FROM leases WHERE name = $1', [data.lease.name]);
        expect(rows.map((r) => r.holder)).toEqual([data.lease.holder]);
      },
    );
  });
});

describe('store:migrate from a SQLite store written by schema version 15', () => {
  if (!pgAvailable()) {
    it.skip(`cannot run: ${pgProblem()}`, () => undefined);
    return;
  }
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  // A feature's own table, which the copy names nowhere.
  const notes: FeatureMigrations = {
    name: 'notes',
    migrations: {
      '001-notes': {
        async up(db) {
          await db.schema.createTable('feature_notes').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('body', 'text', (c) => c.notNull()).execute();
        },
      },
    },
  };

  it('brings every row, and a feature\'s own table, into PostgreSQL (the search index is refilled by the poller)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-v15-'));
    dirs.push(dir);
    const file = path.join(dir, STORE_FILE);
    copyFileSync(path.join(fixture, STORE_FILE), file);
    const local = createSqliteStore({ file, features: [notes] });
    await local.close();
    const feature = new Database(file);
    feature.prepare(`INSERT INTO feature_notes VALUES (1, 'kept')`).run();
    feature.close();

    const url = await freshDatabase();
    const shared = await createPostgresStore({ url, features: [notes] });
    try {
      const report = await copySqliteToPostgres(file, shared.pool, [notes]);
      expect(report.feature_notes).toEqual({ read: 1, written: 1 });
      expect(report.outbox).toEqual({ read: 2, written: 2 });
      await expectEveryRow(shared, { searchIndex: false });
      const { rows } = await shared.pool.query<{ body: string }>('SELECT body FROM feature_notes');
      expect(rows).toEqual([{ body: 'kept' }]);
    } finally {
      await shared.close();
    }
  });
});

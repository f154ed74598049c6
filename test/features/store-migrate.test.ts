/**
 * The listed features' tables live in the store's own database, made by the store's one
 * migrator (openStore's `features`), and `store:migrate` copies them into PostgreSQL with the
 * rest: an answer kept on SQLite is found by a requester's words on PostgreSQL (its generated
 * full-text column is PostgreSQL's own, never copied), and a merge still routes its requester.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { featureMigrations, FEATURES } from '../../src/features';
import { answerPortsOver } from '../../src/features/answers';
import { mergePortsOver } from '../../src/features/duplicates';
import { createPostgresStore, createSqliteStore, STORE_FILE } from '../../src/store';
import { copySqliteToPostgres } from '../../src/store/copy-sqlite';
import { freshDatabase, pgAvailable } from '../support/postgres';

const features = featureMigrations(FEATURES);
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const printer = { name: 'printer-jam', language: 'en' as const, title: 'The printer jams', body: 'Open tray 2 and take the paper out.', phrases: ['printer paper jam'], shown: true };

describe('features\' tables in the store\'s database', () => {
  it('are made by the store\'s migrator on SQLite and kept across a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'feature-tables-'));
    dirs.push(dir);
    const first = createSqliteStore({ dataDir: dir, features });
    expect(await answerPortsOver(await first.featureDatabase()).add(printer, 'dana@example.com', '2026-11-01T10:00:00Z')).toBe(true);
    await first.close();
    const again = createSqliteStore({ dataDir: dir, features });
    try {
      const found = await answerPortsOver(await again.featureDatabase()).match('my printer has a paper jam');
      expect(found.map((f) => f.answer.name)).toEqual(['printer-jam']);
    } finally {
      await again.close();
    }
  });

  it.skipIf(!pgAvailable())('are copied by store:migrate into PostgreSQL, where answers are found and merges still route', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'feature-copy-'));
    dirs.push(dir);
    const local = createSqliteStore({ dataDir: dir, features });
    const localDb = await local.featureDatabase();
    await answerPortsOver(localDb).add(printer, 'dana@example.com', '2026-11-01T10:00:00Z');
    await mergePortsOver(localDb).record(12, 7, 'sam@example.com', 'dana@example.com', '2026-11-01T11:00:00Z');
    await local.close();

    const shared = await createPostgresStore({ url: await freshDatabase(), features });
    try {
      const report = await copySqliteToPostgres(path.join(dir, STORE_FILE), shared.pool, features);
      expect(report.answers).toEqual({ read: 1, written: 1 });
      expect(report.merges).toEqual({ read: 1, written: 1 });
      expect((await copySqliteToPostgres(path.join(dir, STORE_FILE), shared.pool, features)).answers).toEqual({ read: 1, written: 0 });
      const db = await shared.featureDatabase();
      const found = await answerPortsOver(db).match('my printer has a paper jam');
      expect(found.map((f) => f.answer.name)).toEqual(['printer-jam']);
      expect(await mergePortsOver(db).mergedInto(12)).toBe(7);
      expect(await mergePortsOver(db).followersOf(7)).toEqual(['sam@example.com']);
    } finally {
      await shared.close();
    }
  }, 60_000);
});

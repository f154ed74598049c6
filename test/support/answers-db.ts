/**
 * An answers database on either engine holding only the feature's tables (the bot's are in the
 * store's database, made by its one migrator: test/features/store-migrate.test.ts), and the
 * quality fixtures' figures, for the quality test and bench/answers.ts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { MergePorts } from '../../src/core/merges';
import { createMergeStore, MERGE_MIGRATIONS, type MergeTables } from '../../src/features/duplicates/merge-table';
import pg from 'pg';
import type { AnswerPorts } from '../../src/core/answers';
import type { AnswerMatcher } from '../../src/features/answers/matcher';
import { createAnswerPorts } from '../../src/features/answers/ports';
import { createAnswerStore, type AnswerDraft } from '../../src/features/answers/store';
import { ANSWER_MIGRATIONS, type AnswerTables } from '../../src/features/answers/answer-tables';

/** Opens a Kysely database: a SQLite file path or a PostgreSQL URL; runs a feature's migrations (default the answers'). */
export async function openAnswersDb(location: string, migrations: Record<string, Migration> = ANSWER_MIGRATIONS): Promise<Kysely<AnswerTables>> {
  const pool = /^postgres(ql)?:/.test(location) ? new pg.Pool({ connectionString: location, max: 4 }) : undefined;
  // The test's server ending an idle connection is not a failure of the answers.
  pool?.on('error', () => undefined);
  const dialect = pool
    ? new PostgresDialect({ pool })
    : new SqliteDialect({ database: new Database(location) });
  const db = new Kysely<AnswerTables>({ dialect });
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
  if (error) throw error;
  return db;
}

/** This database holds the answers' tables only, no search index: it knows of no ticket filed. */
const noTicketsIndexed = async () => 0;

/**
 * The answers' ports over a fresh SQLite file (or `location`), and how to let it go. `filedSince`
 * counts the tickets filed (the app's counts the store's search index: test/features/answers/report.test.ts).
 */
export async function openAnswerPorts(location?: string, filedSince: (since: string) => Promise<number> = noTicketsIndexed): Promise<{ ports: AnswerPorts; close(): Promise<void> }> {
  const dir = location ? undefined : mkdtempSync(path.join(tmpdir(), 'answers-'));
  const db = await openAnswersDb(location ?? path.join(dir!, 'answers.db'));
  return {
    ports: createAnswerPorts(createAnswerStore(db), filedSince),
    async close() {
      await db.destroy();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The merge ports over a fresh SQLite file, and how to let it go. */
export async function openMergePorts(): Promise<{ ports: MergePorts; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'merges-'));
  const db = (await openAnswersDb(path.join(dir, 'merges.db'), MERGE_MIGRATIONS)) as unknown as Kysely<MergeTables>;
  return {
    ports: createMergeStore(db),
    async close() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'answers');

/** The curated answers of test/fixtures/answers. */
export const FIXTURE_ANSWERS: AnswerDraft[] = (JSON.parse(readFileSync(path.join(fixtures, 'answers.json'), 'utf8')) as AnswerDraft[])
  .map((a) => ({ ...a, shown: true }));

/** The questions, each with the answer it should find (null: a near miss that should find none). */
export const FIXTURE_QUESTIONS: { q: string; expect: string | null }[] = JSON.parse(readFileSync(path.join(fixtures, 'questions.json'), 'utf8'));

/** How well the matcher does on the fixtures. */
export interface Quality {
  /** Share of questions with an answer whose answer is among the offers (at most 3). */
  hitRate: number;
  /** Share of near misses that were offered anything. */
  falseOfferRate: number;
  misses: string[];
  falseOffers: string[];
}

/** Runs every fixture question through `matcher`. */
export async function measureQuality(matcher: AnswerMatcher): Promise<Quality> {
  const misses: string[] = [];
  const falseOffers: string[] = [];
  let hits = 0;
  let asked = 0;
  let near = 0;
  for (const { q, expect } of FIXTURE_QUESTIONS) {
    const offered = (await matcher.match(q)).map((m) => m.answer.name);
    if (expect === null) {
      near++;
      if (offered.length) falseOffers.push(`${q} -> ${offered.join(', ')}`);
      continue;
    }
    asked++;
    if (offered.includes(expect)) hits++;
    else misses.push(`${q} -> ${offered.join(', ') || 'nothing'} (wanted ${expect})`);
  }
  return { hitRate: hits / asked, falseOfferRate: falseOffers.length / near, misses, falseOffers };
}

/**
 * The answers feature's tables, as Kysely sees them, and its one migration ("answers/001-create"),
 * run on both engines by the store's migrator (features hand it `{ name, migrations }`).
 */
import type { Generated, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { createFulltextSchema } from './fulltext';

/** One answer the desk curates. */
export interface AnswersTable {
  /** The key typed in `answers edit <name>`: lower case, no spaces. */
  name: string;
  /** 'en' or 'de': the language its words match in. */
  language: string;
  title: string;
  /** Public text; saved-reply variables ({{requester}}, ...) are allowed. */
  body: string;
  /** The phrases people would type, one per line. */
  phrases: string;
  source_ticket: number | null;
  /** 1 when offered to requesters before a ticket; 0 keeps it for agents only. */
  shown: number;
  /** Its meaningful words (title, phrases, body), unstemmed: what the engine's full text indexes. */
  terms: string;
  /** The same words as SQLite's FTS5 table indexes them (fulltext.ts `ftsText`); PostgreSQL reads `terms`. */
  fts_text: string;
  created_by: string;
  /** ISO 8601 UTC. */
  created_at: string;
  updated_at: string;
  /** Bumped on every change, so a replica's cached copy knows it is stale. */
  version: Generated<number>;
}

/** One question an answer settled without a ticket ("This solved it"), once per offer. */
export interface AnsweredQuestionsTable {
  /** The offer's id: a second click of the same button counts nothing more. */
  key: string;
  answer_name: string;
  language: string;
  /** ISO 8601 UTC. */
  at: string;
}

/** The feature's tables. */
export interface AnswerTables {
  answers: AnswersTable;
  answered_questions: AnsweredQuestionsTable;
}

/**
 * The tables store:migrate copies, row by row, every column Kysely declares above (PostgreSQL's
 * generated `tsv` and SQLite's FTS5 table follow by themselves).
 */
export const ANSWER_TABLE_NAMES = ['answers', 'answered_questions'] as const;

/** The feature's migrations, in order, by name. */
export const ANSWER_MIGRATIONS: Record<string, Migration> = {
  '001-create': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('answers')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('phrases', 'text', (c) => c.notNull())
        .addColumn('source_ticket', 'integer')
        .addColumn('shown', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('terms', 'text', (c) => c.notNull())
        .addColumn('fts_text', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('answers_language').on('answers').columns(['language', 'shown']).execute();
      await db.schema
        .createTable('answered_questions')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('answer_name', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('answered_questions_at').on('answered_questions').column('at').execute();
      await createFulltextSchema(db);
    },
  },
};

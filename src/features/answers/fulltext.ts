/**
 * Where the engines differ for answers: full text with each engine's own stemming. PostgreSQL
 * keeps a tsvector column made with the answer's language configuration ('english' or
 * 'german'); SQLite keeps an FTS5 table with the porter tokenizer, which stems English, and is
 * handed German already stemmed by Snowball (SQLite has no German stemmer).
 */
import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { stemOf, type AnswerLanguage } from '../../store/search-stems';

const CONFIG: Record<AnswerLanguage, string> = { en: 'english', de: 'german' };

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * Creates the full-text part of "answers/001-create". On SQLite, triggers keep the FTS5 table in
 * step with `answers.fts_text`, so rows copied in by store:migrate are found like rows added here.
 */
export async function createFulltextSchema(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) {
    await sql`CREATE VIRTUAL TABLE answers_fts USING fts5 (name UNINDEXED, language UNINDEXED, terms,
      tokenize = 'porter unicode61 remove_diacritics 2')`.execute(db);
    await sql`CREATE TRIGGER answers_fts_insert AFTER INSERT ON answers BEGIN
      INSERT INTO answers_fts (name, language, terms) VALUES (new.name, new.language, new.fts_text); END`.execute(db);
    await sql`CREATE TRIGGER answers_fts_update AFTER UPDATE ON answers BEGIN
      DELETE FROM answers_fts WHERE name = old.name;
      INSERT INTO answers_fts (name, language, terms) VALUES (new.name, new.language, new.fts_text); END`.execute(db);
    await sql`CREATE TRIGGER answers_fts_delete AFTER DELETE ON answers BEGIN
      DELETE FROM answers_fts WHERE name = old.name; END`.execute(db);
    return;
  }
  await sql`ALTER TABLE answers ADD COLUMN tsv tsvector GENERATED ALWAYS AS (CASE language
    WHEN 'de' THEN to_tsvector('german', terms) ELSE to_tsvector('english', terms) END) STORED`.execute(db);
  await sql`CREATE INDEX answers_tsv ON answers USING GIN (tsv)`.execute(db);
}

/** What SQLite's FTS5 table indexes for a language: English as it is (porter stems it), German stemmed by Snowball. */
export const ftsText = (language: AnswerLanguage, terms: readonly string[]): string =>
  (language === 'de' ? terms.map((t) => stemOf(t, 'de')) : terms).join(' ');

/**
 * The names of the shown answers in `language` holding any of `words` (unstemmed; the engine
 * stems them), best first by the engine's own rank, at most `limit`.
 */
export async function fulltextCandidates(db: Kysely<any>, language: AnswerLanguage, words: readonly string[], limit: number): Promise<string[]> {
  const clean = [...new Set(words.filter((w) => /^[\p{L}\p{N}]+$/u.test(w)))];
  if (!clean.length) return [];
  if (isSqlite(db)) {
    const match = [...new Set(ftsText(language, clean).split(' '))].map((w) => `"${w}"`).join(' OR ');
    const { rows } = await sql<{ name: string }>`SELECT f.name FROM answers_fts f JOIN answers a ON a.name = f.name
      WHERE answers_fts MATCH ${match} AND f.language = ${language} AND a.shown = 1 ORDER BY rank LIMIT ${limit}`.execute(db);
    return rows.map((r) => r.name);
  }
  const config = sql.lit(CONFIG[language]);
  const query = sql`to_tsquery(${config}::regconfig, ${clean.join(' | ')})`;
  const { rows } = await sql<{ name: string }>`SELECT name FROM answers WHERE language = ${language} AND shown = 1
    AND tsv @@ ${query} ORDER BY ts_rank(tsv, ${query}) DESC, name LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.name);
}

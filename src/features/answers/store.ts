/**
 * The answers and the count of questions they settled, written once with Kysely for both engines
 * (SQLite through better-sqlite3, PostgreSQL through pg); the full-text part is in fulltext.ts.
 */
import type { Kysely, Selectable } from 'kysely';
import type { AnswerDraftRecord, AnswerPorts, AnswerRecord } from '../../core/answers';
import { ftsText, fulltextCandidates } from './fulltext';
import type { AnswersTable, AnswerTables } from './answer-tables';
import { meaningfulTerms, type AnswerLanguage } from '../../store/search-stems';

/** One answer as the feature reads it. */
export type Answer = AnswerRecord;

/** What an agent writes. */
export type AnswerDraft = AnswerDraftRecord;

/** The answers' store: what the commands use (AnswerPorts, less the matcher and the tickets filed), and what the matcher reads. */
export interface AnswerStore extends Omit<AnswerPorts, 'match' | 'filedSince'> {
  /** Changes whenever an answer is added, changed or removed (a cache's key). */
  revision(): Promise<string>;
  /** The names of shown answers in `language` the engine finds for `words`, best first. */
  candidates(language: AnswerLanguage, words: readonly string[], limit: number): Promise<string[]>;
}

/** The name an answer is kept under: lower case, words joined by '-'. */
export function answerKey(name: string): string {
  return name.trim().toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
}

const termsFor = (d: AnswerDraft) => meaningfulTerms([d.title, ...d.phrases, d.body].join('\n'), d.language);


const COLUMNS = ['name', 'language', 'title', 'body', 'phrases', 'source_ticket', 'shown', 'created_by', 'updated_at', 'version'] as const;

type Row = Pick<Selectable<AnswersTable>, (typeof COLUMNS)[number]>;

const toAnswer = (r: Row): Answer => ({
  name: r.name,
  language: r.language === 'de' ? 'de' : 'en',
  title: r.title,
  body: r.body,
  phrases: r.phrases.split('\n').filter(Boolean),
  ...(r.source_ticket === null ? {} : { sourceTicket: Number(r.source_ticket) }),
  shown: Number(r.shown) === 1,
  createdBy: r.created_by,
  updatedAt: r.updated_at,
  version: Number(r.version),
});


/** The store over a Kysely database that ran ANSWER_MIGRATIONS. */
export function createAnswerStore(db: Kysely<AnswerTables>): AnswerStore {
  const fields = (d: AnswerDraft) => {
    const terms = termsFor(d);
    return {
    language: d.language,
    title: d.title,
    body: d.body,
    phrases: d.phrases.join('\n'),
    source_ticket: d.sourceTicket ?? null,
    shown: d.shown ? 1 : 0,
      terms: terms.join(' '),
      fts_text: ftsText(d.language, terms),
    };
  };
  return {
    async add(d, by, now) {
      const key = answerKey(d.name);
      const r = await db.insertInto('answers').values({ name: key, ...fields(d), created_by: by, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('name').doNothing()).executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async update(d, now) {
      const key = answerKey(d.name);
      const r = await db.updateTable('answers').set((eb) => ({ ...fields(d), updated_at: now, version: eb('version', '+', 1) }))
        .where('name', '=', key).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async remove(name) {
      const r = await db.deleteFrom('answers').where('name', '=', answerKey(name)).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async get(name) {
      const r = await db.selectFrom('answers').select(COLUMNS).where('name', '=', answerKey(name)).executeTakeFirst();
      return r && toAnswer(r);
    },
    async list() {
      return (await db.selectFrom('answers').select(COLUMNS).orderBy('name').execute()).map(toAnswer);
    },
    async revision() {
      const r = await db.selectFrom('answers')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('version').as('v'), eb.fn.max('updated_at').as('at')])
        .executeTakeFirstOrThrow();
      return `${r.n}:${r.v ?? 0}:${r.at ?? ''}`;
    },
    candidates: (language, words, limit) => fulltextCandidates(db, language, words, limit),
    async countAnswered(key, answerName, language, at) {
      const r = await db.insertInto('answered_questions').values({ key, answer_name: answerName, language, at })
        .onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async answeredSince(since) {
      const r = await db.selectFrom('answered_questions').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('at', '>=', since).executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}

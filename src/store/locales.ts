/**
 * The LocaleStore on both engines: one small table, `locales (subject, locale, updated_at)`,
 * whose subject is `person:<address>` or `conversation:<platform>:<id>`.
 */
import { addressKey } from '../core/vocabulary';
import type Database from 'better-sqlite3';
import type { LocaleStore } from './types';

/** SQLite step that adds the table (schema.ts appends it). */
export const SQLITE_LOCALES_SCHEMA = `
  CREATE TABLE IF NOT EXISTS locales (subject TEXT PRIMARY KEY, locale TEXT NOT NULL, updated_at TEXT NOT NULL) WITHOUT ROWID;
`;

/** PostgreSQL step that adds the table (pg-schema.ts appends it). */
export const PG_LOCALES_SCHEMA = `
  CREATE TABLE IF NOT EXISTS locales (subject TEXT PRIMARY KEY, locale TEXT NOT NULL, updated_at TEXT NOT NULL);
`;

const PERSON = 'person:';
const CONVERSATION = 'conversation:';
const person = (email: string) => `${PERSON}${addressKey(email)}`;

/** The locale methods over a SQLite database. */
export function createSqliteLocales(db: Database.Database): LocaleStore {
  const put = db.prepare(`INSERT INTO locales VALUES (?, ?, ?) ON CONFLICT (subject) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at`);
  const drop = db.prepare(`DELETE FROM locales WHERE subject = ?`);
  return {
    async savePersonLocale(email, locale) {
      if (email.trim()) put.run(person(email), locale, new Date().toISOString());
    },
    async personLocales(emails) {
      const out = new Map<string, string>();
      const get = db.prepare(`SELECT locale FROM locales WHERE subject = ?`);
      for (const e of new Set(emails.filter(Boolean).map((x) => addressKey(x)))) {
        const r = get.get(person(e)) as { locale: string } | undefined;
        if (r) out.set(e, r.locale);
      }
      return out;
    },
    async setConversationLocale(platform, conversationId, locale) {
      const subject = `${CONVERSATION}${platform}:${conversationId}`;
      if (locale) put.run(subject, locale, new Date().toISOString());
      else drop.run(subject);
    },
    async conversationLocales() {
      const rows = db.prepare(`SELECT subject, locale FROM locales WHERE subject LIKE 'conversation:%'`).all() as { subject: string; locale: string }[];
      return new Map(rows.map((r) => [r.subject.slice(CONVERSATION.length), r.locale]));
    },
  };
}

/** The locale methods over the PostgreSQL store's pooled query. */
export function createPgLocales(query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>): LocaleStore {
  const put = (subject: string, locale: string) =>
    query(`INSERT INTO locales VALUES ($1, $2, $3) ON CONFLICT (subject) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at`, [subject, locale, new Date().toISOString()]);
  return {
    async savePersonLocale(email, locale) {
      if (email.trim()) await put(person(email), locale);
    },
    async personLocales(emails) {
      const wanted = [...new Set(emails.filter(Boolean).map(person))];
      const rows = await query(`SELECT subject, locale FROM locales WHERE subject = ANY($1::text[])`, [wanted]);
      return new Map(rows.map((r) => [String(r.subject).slice(PERSON.length), String(r.locale)]));
    },
    async setConversationLocale(platform, conversationId, locale) {
      const subject = `${CONVERSATION}${platform}:${conversationId}`;
      if (locale) await put(subject, locale);
      else await query(`DELETE FROM locales WHERE subject = $1`, [subject]);
    },
    async conversationLocales() {
      const rows = await query(`SELECT subject, locale FROM locales WHERE subject LIKE 'conversation:%'`);
      return new Map(rows.map((r) => [String(r.subject).slice(CONVERSATION.length), String(r.locale)]));
    },
  };
}

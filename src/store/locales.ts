/**
 * The LocaleStore on both engines: `locales (subject, locale, updated_at)`, whose subject is
 * `person:<address>` (the language they last wrote in) or `conversation:<platform>:<id>`; and
 * `chosen_locales (email, locale, updated_at)`, the language a person chose for themselves
 * (`language de` in a personal chat), kept apart so that writing in another language never
 * overwrites it and `language default` brings back the remembered one.
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

/** SQLite step 7: the languages people chose for themselves (schema.ts appends it). */
export const SQLITE_CHOSEN_LOCALES_SCHEMA = `
  CREATE TABLE IF NOT EXISTS chosen_locales (email TEXT PRIMARY KEY, locale TEXT NOT NULL, updated_at TEXT NOT NULL) WITHOUT ROWID;
`;

/** PostgreSQL step 7: the languages people chose for themselves (pg-schema.ts appends it). */
export const PG_CHOSEN_LOCALES_SCHEMA = `
  CREATE TABLE IF NOT EXISTS chosen_locales (email TEXT PRIMARY KEY, locale TEXT NOT NULL, updated_at TEXT NOT NULL);
`;

const PERSON = 'person:';
const CONVERSATION = 'conversation:';
const person = (email: string) => `${PERSON}${addressKey(email)}`;

/** The locale methods over a SQLite database. */
export function createSqliteLocales(db: Database.Database): LocaleStore {
  const put = db.prepare(`INSERT INTO locales VALUES (?, ?, ?) ON CONFLICT (subject) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at`);
  const drop = db.prepare(`DELETE FROM locales WHERE subject = ?`);
  const choose = db.prepare(`INSERT INTO chosen_locales VALUES (?, ?, ?) ON CONFLICT (email) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at`);
  const unchoose = db.prepare(`DELETE FROM chosen_locales WHERE email = ?`);
  const chosen = db.prepare(`SELECT locale FROM chosen_locales WHERE email = ?`);
  return {
    async savePersonLocale(email, locale) {
      if (email.trim()) put.run(person(email), locale, new Date().toISOString());
    },
    async personLocales(emails) {
      const out = new Map<string, string>();
      const get = db.prepare(`SELECT locale FROM locales WHERE subject = ?`);
      for (const e of new Set(emails.filter(Boolean).map((x) => addressKey(x)))) {
        const r = (chosen.get(e) ?? get.get(person(e))) as { locale: string } | undefined;
        if (r) out.set(e, r.locale);
      }
      return out;
    },
    async setChosenLocale(email, locale) {
      if (!email.trim()) return;
      if (locale) choose.run(addressKey(email), locale, new Date().toISOString());
      else unchoose.run(addressKey(email));
    },
    async chosenLocale(email) {
      return email.trim() ? (chosen.get(addressKey(email)) as { locale: string } | undefined)?.locale : undefined;
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
      const keys = [...new Set(emails.filter(Boolean).map((e) => addressKey(e)))];
      const [seen, chosen] = await Promise.all([
        query(`SELECT subject, locale FROM locales WHERE subject = ANY($1::text[])`, [keys.map(person)]),
        query(`SELECT email, locale FROM chosen_locales WHERE email = ANY($1::text[])`, [keys]),
      ]);
      // A person's own choice wins over the language they last wrote in.
      return new Map([
        ...seen.map((r): [string, string] => [String(r.subject).slice(PERSON.length), String(r.locale)]),
        ...chosen.map((r): [string, string] => [String(r.email), String(r.locale)]),
      ]);
    },
    async setChosenLocale(email, locale) {
      if (!email.trim()) return;
      if (locale) {
        await query(`INSERT INTO chosen_locales VALUES ($1, $2, $3) ON CONFLICT (email) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at`, [addressKey(email), locale, new Date().toISOString()]);
      } else {
        await query(`DELETE FROM chosen_locales WHERE email = $1`, [addressKey(email)]);
      }
    },
    async chosenLocale(email) {
      if (!email.trim()) return undefined;
      const rows = await query(`SELECT locale FROM chosen_locales WHERE email = $1`, [addressKey(email)]);
      return rows[0] ? String(rows[0].locale) : undefined;
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

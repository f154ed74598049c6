/**
 * The LocaleStore on both engines: `locales (subject, locale, updated_at)`, whose subject is
 * `person:<address>` (the language they last wrote in) or `conversation:<platform>:<id>`; and
 * `chosen_locales (email, locale, updated_at)`, the language a person chose for themselves
 * (`language de` in a personal chat), kept apart so that writing in another language never
 * overwrites it and `language default` brings back the remembered one.
 */
import { addressKey } from '../core/vocabulary';
import type { StoreSql } from './kysely';
import type { LocaleStore } from './types';

const PERSON = 'person:';
const CONVERSATION = 'conversation:';
const person = (email: string) => `${PERSON}${addressKey(email)}`;

/** The locale methods on either engine. */
export function createLocales({ db }: StoreSql): LocaleStore {
  const put = async (subject: string, locale: string) => {
    const set = { locale, updated_at: new Date().toISOString() };
    await db.insertInto('locales').values({ subject, ...set }).onConflict((oc) => oc.column('subject').doUpdateSet(set)).execute();
  };
  return {
    async savePersonLocale(email, locale) {
      if (email.trim()) await put(person(email), locale);
    },
    async personLocales(emails) {
      const keys = [...new Set(emails.filter(Boolean).map((e) => addressKey(e)))];
      if (keys.length === 0) return new Map();
      const [seen, chosen] = await Promise.all([
        db.selectFrom('locales').select(['subject', 'locale']).where('subject', 'in', keys.map(person)).execute(),
        db.selectFrom('chosen_locales').select(['email', 'locale']).where('email', 'in', keys).execute(),
      ]);
      // A person's own choice wins over the language they last wrote in.
      return new Map([...seen.map((r): [string, string] => [r.subject.slice(PERSON.length), r.locale]), ...chosen.map((r): [string, string] => [r.email, r.locale])]);
    },
    async setChosenLocale(email, locale) {
      if (!email.trim()) return;
      if (!locale) {
        await db.deleteFrom('chosen_locales').where('email', '=', addressKey(email)).execute();
        return;
      }
      const set = { locale, updated_at: new Date().toISOString() };
      await db.insertInto('chosen_locales').values({ email: addressKey(email), ...set }).onConflict((oc) => oc.column('email').doUpdateSet(set)).execute();
    },
    async chosenLocale(email) {
      if (!email.trim()) return undefined;
      return (await db.selectFrom('chosen_locales').select('locale').where('email', '=', addressKey(email)).executeTakeFirst())?.locale;
    },
    async setConversationLocale(platform, conversationId, locale) {
      const subject = `${CONVERSATION}${platform}:${conversationId}`;
      if (locale) await put(subject, locale);
      else await db.deleteFrom('locales').where('subject', '=', subject).execute();
    },
    async conversationLocales() {
      const rows = await db.selectFrom('locales').select(['subject', 'locale']).where('subject', 'like', `${CONVERSATION}%`).execute();
      return new Map(rows.map((r) => [r.subject.slice(CONVERSATION.length), r.locale]));
    },
  };
}

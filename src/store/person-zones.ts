/**
 * A person's time zone as their client reported it, kept like their language in `locales` under
 * `zone:<address>`: quiet hours and dates read it. (Their DM choices and held DMs are the
 * preferences feature's: src/features/preferences/preference-table.ts.)
 */
import type { StoreSql } from './kysely';
import { addressKey } from '../core/vocabulary';

/** The person part of the Store: the time zone a person's client reported. */
export interface PersonZoneStore {
  /** Remembers the time zone a person's client reported (Teams clientInfo, Slack users.info tz). */
  savePersonZone(email: string, zone: string): Promise<void>;
  personZone(email: string): Promise<string | undefined>;
}

const zoneKey = (email: string) => `zone:${addressKey(email)}`;

/** The person zones on either engine. */
export function createPersonZones({ db }: StoreSql): PersonZoneStore {
  return {
    async savePersonZone(email, zone) {
      if (!email.trim()) return;
      const set = { locale: zone, updated_at: new Date().toISOString() };
      await db.insertInto('locales').values({ subject: zoneKey(email), ...set }).onConflict((oc) => oc.column('subject').doUpdateSet(set)).execute();
    },
    async personZone(email) {
      if (!email.trim()) return undefined;
      return (await db.selectFrom('locales').select('locale').where('subject', '=', zoneKey(email)).executeTakeFirst())?.locale;
    },
  };
}

/** The preferences feature's own reads and writes: which DMs a person gets and their quiet hours, as the store keeps them. */
import type { PreferencePorts } from '../../core';
import type { Kysely } from 'kysely';
import { createPreferenceTable, DEFAULT_DM_PREFERENCES, type PreferenceTables } from './preference-table';
import type { HostServices } from '../types';

/** What the feature is handed: its own tables, the store (the zone a person's client said), and HELPDESK_TIME_ZONE for people whose never did. */
export type PreferenceServices = Pick<HostServices, 'store' | 'timeZone'> & { db: Kysely<PreferenceTables> };

/** A person's choices (every kind when they never chose) and the zone their quiet hours are read in. */
export function preferencesOf({ store, timeZone, db }: PreferenceServices): PreferencePorts {
  const table = createPreferenceTable(db);
  return {
    async choices(email) {
      const [chosen, zone] = await Promise.all([table.dmPreferences([email]), store.personZone(email)]);
      return { choices: [...chosen.values()][0] ?? DEFAULT_DM_PREFERENCES, zone: zone ?? timeZone };
    },
    setChoices: (email, choices) => table.setDmPreferences(email, choices),
  };
}

/** The preferences feature's own reads and writes: which DMs a person gets and their quiet hours, as the store keeps them. */
import type { PreferencePorts } from '../../core';
import { DEFAULT_DM_PREFERENCES } from '../../store/dm-preferences';
import type { HostServices } from '../types';

/** What the feature is handed: the store, and HELPDESK_TIME_ZONE for people whose client never said their zone. */
export type PreferenceServices = Pick<HostServices, 'store' | 'timeZone'>;

/** A person's choices (every kind when they never chose) and the zone their quiet hours are read in. */
export function preferencesOf({ store, timeZone }: PreferenceServices): PreferencePorts {
  return {
    async choices(email) {
      const [chosen, zone] = await Promise.all([store.dmPreferences([email]), store.personZone(email)]);
      return { choices: [...chosen.values()][0] ?? DEFAULT_DM_PREFERENCES, zone: zone ?? timeZone };
    },
    setChoices: (email, choices) => store.setDmPreferences(email, choices),
  };
}

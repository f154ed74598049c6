/** Notification preferences: which DMs a person gets and their quiet hours (`notifications`; its tables: preference-table.ts, which the deliverer obeys). */
import { defineFeature } from '../types';
import { notificationsCommand } from './notifications-command';
import { PREFERENCE_MIGRATIONS } from './preference-table';

/** The preferences feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const preferencesFeature = defineFeature({
  name: 'preferences',
  needs: ['store', 'timeZone'],
  commands: [notificationsCommand],
  migrations: PREFERENCE_MIGRATIONS,
  doctor: [],
  settings: ['HELPDESK_TIME_ZONE'],
  startup: (s) => ({ on: true, reads: [{ table: 'dm_preferences' }, { setting: 'HELPDESK_TIME_ZONE', value: s.timeZone }] }),
});

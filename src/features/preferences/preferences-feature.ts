/** Notification preferences: which DMs a person gets and their quiet hours (`notifications`; tables in src/store: dm_preferences, held_dms). */
import { defineFeature } from '../types';
import { notificationsCommand } from './notifications-command';

/** The preferences feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const preferencesFeature = defineFeature({
  name: 'preferences',
  needs: ['store', 'timeZone'],
  commands: [notificationsCommand],
  migrations: {},
  doctor: [],
  settings: ['HELPDESK_TIME_ZONE'],
  startup: (s) => ({ on: true, reads: [{ table: 'dm_preferences' }, { setting: 'HELPDESK_TIME_ZONE', value: s.timeZone }] }),
});

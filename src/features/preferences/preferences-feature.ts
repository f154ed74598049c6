/** Notification preferences: which DMs a person gets and their quiet hours (`notifications`; its tables: preference-table.ts, which routing and the deliverer obey through its `people` port; its timer releases held DMs). */
import { defineFeature } from '../types';
import { notificationsCommand } from './notifications-command';
import { createPreferenceTable, PREFERENCE_MIGRATIONS } from './preference-table';
import { heldDmsTimer, peoplePreferences } from './held-dms';

/** The preferences feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const preferencesFeature = defineFeature({
  name: 'preferences',
  needs: ['store', 'timeZone', 'outbox'],
  commands: [notificationsCommand],
  people: ({ db }) => peoplePreferences(createPreferenceTable(db)),
  timers: ({ db, outbox }) => [heldDmsTimer(createPreferenceTable(db), outbox)],
  migrations: PREFERENCE_MIGRATIONS,
  doctor: [],
  settings: ['HELPDESK_TIME_ZONE'],
  startup: (s) => ({ on: true, reads: [{ table: 'dm_preferences' }, { setting: 'HELPDESK_TIME_ZONE', value: s.timeZone }] }),
});

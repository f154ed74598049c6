/** Satisfaction surveys: the DM a resolution owes its requester, the answer, and `csat [days]` (table in src/store: csat_surveys). */
import { defineFeature } from '../types';
import { csatCommand } from './csat-command';

/** The surveys feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const surveysFeature = defineFeature({
  name: 'surveys',
  needs: [],
  commands: [csatCommand],
  migrations: {},
  doctor: [],
  settings: ['HELPDESK_CSAT', 'HELPDESK_CSAT_SCALE'],
});

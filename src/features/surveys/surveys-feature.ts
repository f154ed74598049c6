/** Satisfaction surveys: the DM a resolution owes its requester, the answer, and `csat [days]` (its table: survey-table.ts). */
import type { SurveyScale } from '../../core';
import { defineFeature } from '../types';
import { csatCommand } from './csat-command';
import { SURVEY_MIGRATIONS } from './survey-table';
import { createSurveyPlanner } from './survey-planning';

/** What the surveys feature's `open` step keeps of its settings for its own parts. */
export interface SurveysOpened {
  /** HELPDESK_CSAT and HELPDESK_CSAT_SCALE, as src/config.ts checked them. */
  csat: { enabled: boolean; scale: SurveyScale };
}

/** The surveys feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const surveysFeature = defineFeature({
  name: 'surveys',
  needs: ['locale', 'store'],
  // HELPDESK_CSAT and HELPDESK_CSAT_SCALE, as src/config.ts checked them: its planning reads them as `csat`.
  open: async (settings): Promise<{ own: SurveysOpened }> => ({ own: { csat: { enabled: settings.csat.enabled, scale: settings.csat.scale } } }),
  commands: [csatCommand],
  // A resolution owes its requester a survey, in the same message as the resolution DM (HELPDESK_CSAT on).
  plan: ({ store, csat, locale }) => (csat.enabled ? { more: createSurveyPlanner({ store, scale: csat.scale, locale }) } : {}),
  migrations: SURVEY_MIGRATIONS,
  doctor: [],
  settings: ['HELPDESK_CSAT', 'HELPDESK_CSAT_SCALE'],
  startup: (s) => (s.csat.enabled ? { on: true, reads: [{ setting: 'HELPDESK_CSAT_SCALE', value: s.csat.scale === 'thumbs' ? 'thumbs' : '5' }, { table: 'csat_surveys' }] } : { on: false, turnOn: { setting: 'HELPDESK_CSAT', value: 'on' } }),
});

/**
 * Reports: `report` (volume, backlog, response times, load, satisfaction) and `report export`,
 * read from the store only. Its table (report-table.ts) keeps the first-response and resolution
 * moments from what each poll cycle reads (report-points.ts, its cycle hook); the engine counts
 * (report-counts.ts) and sums up the times (report-times.ts), report-numbers.ts puts the numbers
 * together, and report-view.ts draws them as charts with their numbers.
 */
import { defineFeature } from '../types';
import { reportCommand } from './report-command';
import { createPointsHook } from './report-points';
import { REPORT_MIGRATIONS } from './report-migrations';

/** The reports feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const reportsFeature = defineFeature({
  name: 'reports',
  needs: ['store', 'slaPolicy', 'timeZone', 'now', 'graph', 'logger', 'vocabulary'],
  commands: [reportCommand],
  migrations: REPORT_MIGRATIONS,
  cycle: ({ db, vocabulary, slaPolicy }) => createPointsHook({ db, vocabulary, sla: slaPolicy !== undefined }),
  doctor: [],
  settings: [],
  startup: () => ({ on: true, reads: [{ table: 'report_tickets' }, { table: 'search_docs' }, { table: 'csat_surveys' }] }),
});

export { reportNumbers, reportPeriod, type ReportNumbers, type NumbersInput } from './report-numbers';

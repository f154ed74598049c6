/**
 * A fixture desk for the reports: nine tickets, their comments and four ratings, handed to the
 * reports' cycle hook in three poll cycles as the poller would read them (and indexed, as the
 * poller indexes them). Every number the tests expect is worked out by hand in report-numbers.test.ts.
 *
 * Measuring begins at the first cycle, Fri 2026-03-06 00:00 UTC. "Now" is Wed 2026-03-11 12:00 UTC.
 */
import type { Kysely } from 'kysely';
import { bindFeatures, FEATURES } from '../../../src/features';
import { testHost } from '../../support/feature-commands';
import { answerPortsOver } from '../../../src/features/answers/answer-services';
import { createSlaTable, type SlaRecord } from '../../../src/features/sla/sla-table';
import { createSurveyTable, type SurveyTables } from '../../../src/features/surveys/survey-table';
import { indexedTicketOf } from '../../../src/features/search/search-index';
import type { Comment, HelpdeskService, Ticket } from '../../../src/helpdesk/types';
import { createLogger } from '../../../src/log';
import { DEFAULT_VOCABULARY } from '../../../src/settings/groups';
import type { GraphClient } from '../../../src/graph';
import type { Store } from '../../../src/store/types';

export const NOW = Date.parse('2026-03-11T12:00:00Z');
export const SINCE = Date.parse('2026-03-06T00:00:00Z');
export const MEGAN = 'meganb@example.com';
export const ALEX = 'alexw@example.com';
export const LYNNE = 'lynner@example.com';

/** A ticket as Graph gives it. */
export function ticket(id: number, created: string, status: string, over: Partial<Ticket> = {}): Ticket {
  return {
    id, etag: `"${id},1"`, created, modified: created, title: `Ticket ${id} printer`, description: '', priority: 'Normal', status,
    category: id % 2 ? 'Hardware' : 'Software', submittedBy: 'Lynne Robbins', submittedByName: 'Lynne Robbins', submittedByEmail: LYNNE, assignedTo: '', ...over,
  };
}

let commentId = 100;
/** A comment as Graph gives it. */
export function comment(ticketId: number, created: string, author: string, isInternal = false): Comment {
  commentId++;
  return { id: commentId, etag: `"c${commentId}"`, created, modified: created, ticketId, title: '', body: 'Looking into it.', authorEmail: author, authorName: author, isInternal };
}

/** The three cycles: at each `now`, the tickets modified and the comments created since the last. */
export const CYCLES: { now: string; tickets: Ticket[]; comments: Comment[] }[] = [
  {
    now: '2026-03-06T00:00:00Z',
    tickets: [
      ticket(1, '2026-03-04T10:00:00Z', 'New'),
      ticket(2, '2026-03-05T09:00:00Z', 'New', { assignedTo: MEGAN }),
      // Closed before the bot measured: its resolution moment is unknown.
      ticket(7, '2026-03-05T12:00:00Z', 'Closed', { modified: '2026-03-05T18:00:00Z' }),
    ],
    comments: [],
  },
  {
    now: '2026-03-09T18:00:00Z',
    tickets: [
      ticket(8, '2026-03-07T10:00:00Z', 'Waiting', { assignedTo: ALEX, modified: '2026-03-09T09:00:00Z' }),
      ticket(9, '2026-03-07T23:30:00Z', 'New'),
      ticket(2, '2026-03-05T09:00:00Z', 'Resolved', { assignedTo: MEGAN, modified: '2026-03-09T09:00:00Z' }),
      // Filed and resolved between two reads: resolved at its last change.
      ticket(3, '2026-03-09T09:00:00Z', 'Resolved', { assignedTo: MEGAN, modified: '2026-03-09T17:00:00Z' }),
      ticket(4, '2026-03-09T16:00:00Z', 'New'),
    ],
    comments: [
      comment(8, '2026-03-08T12:00:00Z', LYNNE),
      comment(8, '2026-03-09T09:00:00Z', ALEX),
      comment(3, '2026-03-09T10:00:00Z', MEGAN),
      comment(3, '2026-03-09T11:00:00Z', ALEX),
      comment(4, '2026-03-09T16:30:00Z', ALEX, true),
    ],
  },
  {
    now: '2026-03-11T12:00:00Z',
    tickets: [
      ticket(4, '2026-03-09T16:00:00Z', 'Resolved', { assignedTo: ALEX, modified: '2026-03-10T12:00:00Z' }),
      ticket(5, '2026-03-10T08:00:00Z', 'In Progress', { assignedTo: MEGAN, modified: '2026-03-10T08:30:00Z' }),
      ticket(6, '2026-03-11T10:00:00Z', 'New'),
    ],
    comments: [comment(4, '2026-03-10T09:00:00Z', ALEX), comment(5, '2026-03-10T08:30:00Z', MEGAN)],
  },
];

/** The SLA feature's records of #3 (every clock met) and #4 (first response breached), as its hook leaves them. */
function slaRecord(id: number, breached: boolean): SlaRecord {
  return { id, history: { created: 0, observations: [], ...(breached ? { breachedAt: { firstResponse: 1 } } : {}) }, announced: [], policy: 'p' };
}

/** Runs the fixture through the reports' cycle hook over `store`, with the ratings and the answers' count. */
export async function seedDesk(store: Store, options: { sla?: boolean } = {}): Promise<Kysely<any>> {
  const db = await store.featureDatabase();
  const bound = bindFeatures(FEATURES, {
    ...testHost(store, {
      vocabulary: DEFAULT_VOCABULARY, now: () => new Date(NOW),
      // Only whether a policy is set matters to the hook.
      slaPolicy: options.sla ? ({} as never) : undefined,
    }),
    db,
  });
  const hook = bound.cycleHooks.find((h) => h.feature === 'reports')!.hook;
  if (options.sla) await createSlaTable(db).putSlaRecords([slaRecord(3, false), slaRecord(4, true)]);
  for (const cycle of CYCLES) {
    await store.indexTickets(cycle.tickets.map((t) => indexedTicketOf(t, new Map())));
    await hook.afterCycle(cycle.tickets, cycle.comments, Date.parse(cycle.now));
  }
  const surveys = createSurveyTable(db as Kysely<SurveyTables>);
  const ratings: [number, string, number, string][] = [[2, MEGAN, 5, '2026-03-09T10:00:00Z'], [3, MEGAN, 4, '2026-03-09T18:00:00Z'], [4, ALEX, 4, '2026-03-10T13:00:00Z'], [4, ALEX, 1, '2026-03-10T14:00:00Z']];
  for (const [i, [ticketId, agent, rating, at]] of ratings.entries()) {
    await surveys.open({ id: `${ticketId}:${i}`, ticketId, requester: LYNNE, agent, scale: 'five', sentAt: at });
    await surveys.answer(`${ticketId}:${i}`, rating, undefined, at);
  }
  // A rating sent before the period is not counted.
  await surveys.open({ id: 'old', ticketId: 1, requester: LYNNE, agent: MEGAN, scale: 'five', sentAt: '2026-02-01T00:00:00Z' });
  await surveys.answer('old', 2, undefined, '2026-02-01T00:00:00Z');
  const answers = answerPortsOver(db);
  for (const [k, at] of [['a', '2026-03-06T10:00:00Z'], ['b', '2026-03-08T10:00:00Z'], ['c', '2026-03-10T10:00:00Z'], ['old', '2026-02-10T10:00:00Z']]) {
    await answers.countAnswered(k, 'vpn-home', 'en', at);
  }
  return db;
}

/**
 * Satisfaction surveys, both engines: one row per resolution (the survey's id), created when the
 * survey is planned and answered in place, so a second click changes the answer. The table is the
 * feature's own (`db`); every database has had it since the store's version-15 history, which runs
 * first, so the feature's migration only declares it (and would make it where that history never ran).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Survey, SurveyPorts } from '../../core/satisfaction';
import { lockedForUpdateOn } from '../../store/claims-locking';
import type { Store } from '../../store/types';
import type { NoticeView } from '../../views/notice-view';
import { tableIn } from '../table-in';

/** One survey as the table holds it. */
export interface CsatSurveysTable {
  id: string;
  ticket_id: number;
  requester: string;
  agent: string;
  /** 'five' or 'thumbs'. */
  scale: string;
  /** ISO 8601 UTC, as the other times of the row. */
  sent_at: string;
  rating: number | null;
  comment: string | null;
  answered_at: string | null;
  /** The resolution DM the survey was sent in (a NoticeView as JSON), for the card a rating leaves; null on rows from before it was kept. */
  notice: string | null;
}

/** The surveys feature's tables, as Kysely sees them. */
export interface SurveyTables {
  csat_surveys: CsatSurveysTable;
}

/** The feature's migrations, run by the store's migrator after the store's own. */
export const SURVEY_MIGRATIONS: Record<string, Migration> = {
  '001-csat-surveys': {
    async up(db: Kysely<any>) {
      await db.schema.createTable('csat_surveys').ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('ticket_id', 'integer', (c) => c.notNull())
        .addColumn('requester', 'text', (c) => c.notNull())
        .addColumn('agent', 'text', (c) => c.notNull())
        .addColumn('scale', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .addColumn('rating', 'integer')
        .addColumn('comment', 'text')
        .addColumn('answered_at', 'text')
        .execute();
      await db.schema.createIndex('csat_surveys_sent').ifNotExists().on('csat_surveys').column('sent_at').execute();
    },
  },
  '002-csat-notice': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('csat_surveys').addColumn('notice', 'text').execute();
    },
  },
};

/** The surveys, and how the planner records one about to be sent. */
export type SurveyTable = SurveyPorts & {
  /** Records a survey about to be sent; false when one with that id exists (another replica, or an earlier cycle, planned it). */
  open(survey: Survey, notice?: NoticeView): Promise<boolean>;
  /** The resolution DM a survey was sent in, as it was sent (undefined for surveys from before it was kept). */
  notice(id: string): Promise<NoticeView | undefined>;
};

const survey = (r: Selectable<CsatSurveysTable>): Survey => {
  const s: Survey = { id: r.id, ticketId: r.ticket_id, requester: r.requester, agent: r.agent, scale: r.scale === 'thumbs' ? 'thumbs' : 'five', sentAt: r.sent_at };
  if (r.rating !== null) s.rating = r.rating;
  if (r.comment !== null) s.comment = r.comment;
  if (r.answered_at !== null) s.answeredAt = r.answered_at;
  return s;
};

/** Surveys on either engine. */
export function createSurveyTable(db: Kysely<SurveyTables>): SurveyTable {
  return {
    async open(s, notice) {
      const row = { id: s.id, ticket_id: s.ticketId, requester: s.requester, agent: s.agent, scale: s.scale, sent_at: s.sentAt, ...(notice ? { notice: JSON.stringify(notice) } : {}) };
      const put = await db.insertInto('csat_surveys').values(row).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
      return Number(put.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async notice(id) {
      const row = await db.selectFrom('csat_surveys').select('notice').where('id', '=', id).executeTakeFirst();
      return row?.notice ? (JSON.parse(row.notice) as NoticeView) : undefined;
    },
    async get(id) {
      const row = await db.selectFrom('csat_surveys').selectAll().where('id', '=', id).executeTakeFirst();
      return row && survey(row);
    },
    answer: (id, rating, comment, at) =>
      db.transaction().execute(async (trx) => {
        // The row is locked, so two quick clicks are told apart: the second sees the first's answer.
        const before = await lockedForUpdateOn(db, trx.selectFrom('csat_surveys').selectAll().where('id', '=', id)).executeTakeFirst();
        if (!before) return undefined;
        await trx
          .updateTable('csat_surveys')
          .set((eb) => ({ rating, comment: comment ?? eb.ref('comment'), answered_at: at }))
          .where('id', '=', id)
          .execute();
        return survey(before);
      }),
    sentSince: async (from) => (await db.selectFrom('csat_surveys').selectAll().where('sent_at', '>=', from).orderBy('sent_at', 'desc').execute()).map(survey),
  };
}

/** The surveys in a store's database, for the poller's side (the planner), which holds the store rather than the feature's handle. */
export const surveysIn = (store: Pick<Store, 'featureDatabase'>): SurveyTable => tableIn(store, (db) => createSurveyTable(db as Kysely<SurveyTables>));

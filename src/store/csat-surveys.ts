/**
 * Satisfaction surveys, both engines: one row per resolution (the survey's id), created when the
 * survey is planned and answered in place, so a second click changes the answer.
 */
import type { Selectable } from 'kysely';
import { lockedForUpdate } from './claims-locking';
import type { StoreSql } from './kysely';
import type { CsatSurveysTable } from './tables';
import type { Survey, SurveyPorts } from '../core/satisfaction';

/** The survey part of the Store. */
export interface SurveyStore {
  surveys: SurveyPorts & {
    /** Records a survey about to be sent; false when one with that id exists (another replica, or an earlier cycle, planned it). */
    open(survey: Survey): Promise<boolean>;
  };
}

const survey = (r: Selectable<CsatSurveysTable>): Survey => {
  const s: Survey = { id: r.id, ticketId: r.ticket_id, requester: r.requester, agent: r.agent, scale: r.scale === 'thumbs' ? 'thumbs' : 'five', sentAt: r.sent_at };
  if (r.rating !== null) s.rating = r.rating;
  if (r.comment !== null) s.comment = r.comment;
  if (r.answered_at !== null) s.answeredAt = r.answered_at;
  return s;
};

/** Surveys on either engine. */
export function createSurveys(sql: StoreSql): SurveyStore {
  const { db } = sql;
  return {
    surveys: {
      async open(s) {
        const row = { id: s.id, ticket_id: s.ticketId, requester: s.requester, agent: s.agent, scale: s.scale, sent_at: s.sentAt };
        const put = await db.insertInto('csat_surveys').values(row).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
        return Number(put.numInsertedOrUpdatedRows ?? 0) === 1;
      },
      async get(id) {
        const row = await db.selectFrom('csat_surveys').selectAll().where('id', '=', id).executeTakeFirst();
        return row && survey(row);
      },
      answer: (id, rating, comment, at) =>
        db.transaction().execute(async (trx) => {
          // The row is locked, so two quick clicks are told apart: the second sees the first's answer.
          const before = await lockedForUpdate(sql, trx.selectFrom('csat_surveys').selectAll().where('id', '=', id)).executeTakeFirst();
          if (!before) return undefined;
          await trx
            .updateTable('csat_surveys')
            .set((eb) => ({ rating, comment: comment ?? eb.ref('comment'), answered_at: at }))
            .where('id', '=', id)
            .execute();
          return survey(before);
        }),
      sentSince: async (from) => (await db.selectFrom('csat_surveys').selectAll().where('sent_at', '>=', from).orderBy('sent_at', 'desc').execute()).map(survey),
    },
  };
}

/**
 * Satisfaction surveys, both engines: one row per resolution (the survey's id), created when the
 * survey is planned and answered in place, so a second click changes the answer.
 */
import type Database from 'better-sqlite3';
import type { Survey, SurveyPorts } from '../core/satisfaction';
import type { PgQueries } from './pg-audience';

/** SQLite schema step for surveys. */
export const SQLITE_SURVEYS_SCHEMA = `
  CREATE TABLE csat_surveys (
    id TEXT PRIMARY KEY, ticket_id INTEGER NOT NULL, requester TEXT NOT NULL, agent TEXT NOT NULL, scale TEXT NOT NULL,
    sent_at TEXT NOT NULL, rating INTEGER, comment TEXT, answered_at TEXT
  ) WITHOUT ROWID;
  CREATE INDEX csat_surveys_sent ON csat_surveys (sent_at);
`;

/** PostgreSQL schema step for surveys. */
export const PG_SURVEYS_SCHEMA = `
  CREATE TABLE csat_surveys (
    id TEXT PRIMARY KEY, ticket_id INTEGER NOT NULL, requester TEXT NOT NULL, agent TEXT NOT NULL, scale TEXT NOT NULL,
    sent_at TEXT NOT NULL, rating INTEGER, comment TEXT, answered_at TEXT
  );
  CREATE INDEX csat_surveys_sent ON csat_surveys (sent_at);
`;

/** The survey part of the Store. */
export interface SurveyStore {
  surveys: SurveyPorts & {
    /** Records a survey about to be sent; false when one with that id exists (another replica, or an earlier cycle, planned it). */
    open(survey: Survey): Promise<boolean>;
  };
}

type Row = Record<string, unknown>;
const survey = (r: Row): Survey => {
  const s: Survey = { id: String(r.id), ticketId: Number(r.ticket_id), requester: String(r.requester), agent: String(r.agent), scale: r.scale === 'thumbs' ? 'thumbs' : 'five', sentAt: String(r.sent_at) };
  if (r.rating !== null && r.rating !== undefined) s.rating = Number(r.rating);
  if (typeof r.comment === 'string') s.comment = r.comment;
  if (typeof r.answered_at === 'string') s.answeredAt = r.answered_at;
  return s;
};
const values = (s: Survey) => [s.id, s.ticketId, s.requester, s.agent, s.scale, s.sentAt];

/** Surveys in the SQLite file. */
export function createSqliteSurveys(db: Database.Database): SurveyStore {
  const insert = db.prepare(`INSERT INTO csat_surveys (id, ticket_id, requester, agent, scale, sent_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`);
  const get = db.prepare(`SELECT * FROM csat_surveys WHERE id = ?`);
  const answer = db.prepare(`UPDATE csat_surveys SET rating = ?, comment = coalesce(?, comment), answered_at = ? WHERE id = ?`);
  const since = db.prepare(`SELECT * FROM csat_surveys WHERE sent_at >= ? ORDER BY sent_at DESC`);
  const answerTx = db.transaction((id: string, rating: number, comment: string | undefined, at: string) => {
    const before = get.get(id) as Row | undefined;
    if (before) answer.run(rating, comment ?? null, at, id);
    return before && survey(before);
  });
  return {
    surveys: {
      open: async (s) => insert.run(...values(s)).changes === 1,
      async get(id) {
        const row = get.get(id) as Row | undefined;
        return row && survey(row);
      },
      answer: async (id, rating, comment, at) => answerTx(id, rating, comment, at),
      sentSince: async (from) => (since.all(from) as Row[]).map(survey),
    },
  };
}

/** Surveys in PostgreSQL. */
export function createPgSurveys({ query, tx }: Pick<PgQueries, 'query' | 'tx'>): SurveyStore {
  return {
    surveys: {
      async open(s) {
        const rows = await query(`INSERT INTO csat_surveys (id, ticket_id, requester, agent, scale, sent_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING RETURNING id`, values(s));
        return rows.length === 1;
      },
      async get(id) {
        const [row] = await query(`SELECT * FROM csat_surveys WHERE id = $1`, [id]);
        return row && survey(row);
      },
      answer: (id, rating, comment, at) =>
        tx(async (c) => {
          // The row is locked, so two quick clicks are told apart: the second sees the first's answer.
          const { rows } = await c.query(`SELECT * FROM csat_surveys WHERE id = $1 FOR UPDATE`, [id]);
          if (rows.length === 0) return undefined;
          await c.query(`UPDATE csat_surveys SET rating = $1, comment = coalesce($2, comment), answered_at = $3 WHERE id = $4`, [rating, comment ?? null, at, id]);
          return survey(rows[0]);
        }),
      sentSince: async (from) => (await query(`SELECT * FROM csat_surveys WHERE sent_at >= $1 ORDER BY sent_at DESC`, [from])).map(survey),
    },
  };
}

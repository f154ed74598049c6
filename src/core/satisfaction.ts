/** Satisfaction surveys on resolve: what the planner, the store, the commands and the views share. */

/** 1–5, or thumbs up/down (HELPDESK_CSAT_SCALE=thumbs; stored as 5 and 1 so averages stay on one scale). */
export type SurveyScale = 'five' | 'thumbs';

/** One survey: one resolution of one ticket, sent to its requester. */
export interface Survey {
  /** `<ticket id>:<resolution time in epoch ms>`: every replica names the same resolution the same. */
  id: string;
  ticketId: number;
  /** The requester's address, who alone may answer. */
  requester: string;
  /** Who resolved it (the bot's record, else the assignee); '' when unknown. */
  agent: string;
  scale: SurveyScale;
  /** ISO; it can be answered for SURVEY_DAYS after. */
  sentAt: string;
  rating?: number;
  comment?: string;
  answeredAt?: string;
}

/** A survey can be answered this many days after it was sent. */
export const SURVEY_DAYS = 7;

/** The surveys as commands see them (kept by src/features/surveys/survey-table.ts). */
export interface SurveyPorts {
  get(id: string): Promise<Survey | undefined>;
  /** Records an answer (a later one replaces the rating; a comment left out keeps the last one); returns the survey as it was before. */
  answer(id: string, rating: number, comment: string | undefined, at: string): Promise<Survey | undefined>;
  /** Surveys sent at or after `sinceIso`, newest first. */
  sentSince(sinceIso: string): Promise<Survey[]>;
}

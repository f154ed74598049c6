/** Answers the desk curates (src/features/answers): what the commands and the store share. */

/** One answer: a title, its public text, the phrases people type, maybe the ticket it came from. */
export interface AnswerRecord {
  /** Lower case, words joined by '-': what `answers edit <name>` names. */
  name: string;
  /** The language its words match in ('en', 'de'). */
  language: 'en' | 'de';
  title: string;
  /** Public text; the saved-reply variables are allowed. */
  body: string;
  phrases: string[];
  sourceTicket?: number;
  /** Offered to requesters before a ticket; false keeps it for agents. */
  shown: boolean;
  createdBy: string;
  updatedAt: string;
  version: number;
}

/** What an agent writes. */
export type AnswerDraftRecord = Pick<AnswerRecord, 'name' | 'language' | 'title' | 'body' | 'phrases' | 'shown'> & { sourceTicket?: number };

/** The answers as the commands see them. */
export interface AnswerPorts {
  /** False when the name is taken. */
  add(draft: AnswerDraftRecord, by: string, now: string): Promise<boolean>;
  /** False when there is no such answer. */
  update(draft: AnswerDraftRecord, now: string): Promise<boolean>;
  /** False when there is no such answer. */
  remove(name: string): Promise<boolean>;
  get(name: string): Promise<AnswerRecord | undefined>;
  list(): Promise<AnswerRecord[]>;
  /** The shown answers a question finds well enough, best first (at most three). */
  match(question: string): Promise<{ answer: AnswerRecord; score: number }[]>;
  /** Counts one question settled by an answer; false when this offer was counted already. */
  countAnswered(key: string, answerName: string, language: 'en' | 'de', at: string): Promise<boolean>;
  /** Questions settled without a ticket since `since` (ISO). */
  answeredSince(since: string): Promise<number>;
  /** Tickets filed since `since` (ISO), from the search index (no Graph request): what the report sets the answered questions next to. */
  filedSince(since: string): Promise<number>;
}

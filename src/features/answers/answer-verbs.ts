/** The answers feature's verbs (named in src/core/verbs.ts too, where the dispatch test looks for every verb). */
import { VERBS } from '../../core';

/** Verbs of `answers`, its form, its buttons and the offer before a ticket. */
export const ANSWER_VERBS = {
  list: VERBS.answers,
  form: VERBS.answersForm,
  save: VERBS.answersSave,
  remove: VERBS.answersRemove,
  fromTicket: VERBS.answersFromTicket,
  solved: VERBS.answersSolved,
} as const;

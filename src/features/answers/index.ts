/**
 * The answers feature: `answers`, `save-answer`, the answer form and the offer's "This solved
 * it", its tables (the store's migrator runs its migrations on both engines; store:migrate copies
 * them), and its ports over the store's database (answer-services.ts), which its commands and the offer before the new-ticket form read.
 */
import { defineFeature } from '../types';
import { answersCommand, saveAnswerCommand } from './answers-command';
import { ANSWER_MIGRATIONS } from './answer-tables';
import { answerPortsOver } from './answer-services';
import { answerOffer } from './offer';

/** The answers feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const answersFeature = defineFeature({
  name: 'answers',
  startup: () => ({ on: true, reads: [{ table: 'answers' }, { table: 'answered_questions' }] }),
  needs: [],
  commands: [saveAnswerCommand, answersCommand],
  // The desk's answers are offered before the new-ticket form opens with words.
  extensions: ({ db }) => ({ beforeNewTicket: (ctx, draft, options) => answerOffer(answerPortsOver(db), ctx, draft, options) }),
  migrations: ANSWER_MIGRATIONS,
  doctor: [],
  settings: [],
});

export { answerPortsOver, answerFiguresOver } from './answer-services';

/**
 * The answers feature: `answers`, `save-answer`, the answer form and the offer's "This solved
 * it", its tables (the store's migrator runs its migrations on both engines; store:migrate copies
 * them), and its ports over the store's database, which the commands find in their context.
 */
import type { Kysely } from 'kysely';
import type { AnswerPorts } from '../../core/answers';
import { defineFeature } from '../types';
import { answersCommand, saveAnswerCommand } from './answers-command';
import { createAnswerPorts } from './ports';
import { createAnswerStore } from './store';
import { ticketsFiledSince, type FiledTables } from './filed';
import { ANSWER_MIGRATIONS, type AnswerTables } from './answer-tables';

/** The answers feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const answersFeature = defineFeature({
  name: 'answers',
  startup: () => ({ on: true, reads: [{ table: 'answers' }, { table: 'answered_questions' }] }),
  needs: [],
  commands: [saveAnswerCommand, answersCommand],
  migrations: ANSWER_MIGRATIONS,
  doctor: [],
  settings: [],
});

/**
 * The answers' ports over the store's database (migrated), one per process: the matcher keeps the
 * answers' words in memory. The tickets filed, which the report sets next to the questions
 * answered, are counted in the same database's search index.
 */
export const answerPortsOver = (db: Kysely<any>): AnswerPorts =>
  createAnswerPorts(createAnswerStore(db as Kysely<AnswerTables>), (since) => ticketsFiledSince(db as Kysely<FiledTables>, since));

/**
 * The answers feature as one declaration, for the feature list (src/features/index.ts, issue 33)
 * to take: its commands, its migrations and tables (the store's migrator runs them; store:migrate
 * copies the tables), and its ports over the store's Kysely database.
 */
import type { Kysely } from 'kysely';
import { answersCommand, saveAnswerCommand } from './commands';
import { createAnswerPorts } from './ports';
import { createAnswerStore } from './store';
import { ANSWER_MIGRATIONS, ANSWER_TABLE_NAMES, type AnswerTables } from './tables';

/** The answers feature. */
export const answersFeature = {
  name: 'answers',
  commands: [saveAnswerCommand, answersCommand],
  migrations: ANSWER_MIGRATIONS,
  tables: ANSWER_TABLE_NAMES,
  /** NotificationPorts.answers over the store's database (migrated). */
  ports: (db: Kysely<any>) => createAnswerPorts(createAnswerStore(db as Kysely<AnswerTables>)),
} as const;

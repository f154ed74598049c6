/** The answers' ports over the store's database: one per database, shared by the commands, the offer and the reports. */
import type { Kysely } from 'kysely';
import type { AnswerPorts } from '../../core/answers';
import type { Store } from '../../store/types';
import type { AnswerTables } from './answer-tables';
import { createAnswerPorts } from './ports';
import { createAnswerStore } from './store';
import { ticketsFiledSince, type FiledTables } from './filed';

/** What the answers feature is handed: its own tables. */
export interface AnswerServices {
  db: Kysely<AnswerTables>;
}

/** The ports over each database, so the commands, the poll cycle and the reports share one matcher. */
const portsOf = new WeakMap<Kysely<any>, AnswerPorts>();

/** The answers' ports over the store's database (migrated), one per process: the matcher keeps the answers' words in memory. */
export function answerPortsOver(db: Kysely<any>): AnswerPorts {
  let ports = portsOf.get(db);
  // The tickets filed, which the reports set next to the questions answered, are counted in the same database's search index.
  if (!ports) portsOf.set(db, (ports = createAnswerPorts(createAnswerStore(db as Kysely<AnswerTables>), (since) => ticketsFiledSince(db as Kysely<FiledTables>, since))));
  return ports;
}

/** The counts the reports give (`csat`, digests) since an instant: questions answered without a ticket, and tickets filed. */
export function answerFiguresOver(store: Pick<Store, 'featureDatabase'>): Pick<AnswerPorts, 'answeredSince' | 'filedSince'> {
  return {
    answeredSince: async (since) => answerPortsOver(await store.featureDatabase()).answeredSince(since),
    filedSince: async (since) => answerPortsOver(await store.featureDatabase()).filedSince(since),
  };
}

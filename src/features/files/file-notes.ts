/**
 * Which tickets have files in the library: a row is noted when the bot puts a file into a
 * ticket's folder, before it writes the comment that links it. An agent's card reads the folder
 * only for a ticket noted here (a ticket without files costs no Graph request), and the note's
 * version tells a card whether a folder read it holds is still current. The table is the files
 * feature's own, made by its migration on both engines.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Store } from '../../store/types';
import { tableIn } from '../table-in';

/** One ticket with files, as the table holds it. */
export interface TicketFilesTable {
  ticket_id: number;
  /** Goes up by one each time a message's files are put on the ticket. */
  version: number;
  /** ISO 8601 UTC of the last time. */
  noted_at: string;
}

/** The files feature's tables, as Kysely sees them. */
export interface FileTables {
  ticket_files: TicketFilesTable;
}

/** The feature's migrations, run by the store's migrator after the store's own. */
export const FILE_MIGRATIONS: Record<string, Migration> = {
  '001-ticket-files': {
    async up(db: Kysely<any>) {
      await db.schema.createTable('ticket_files').ifNotExists()
        .addColumn('ticket_id', 'integer', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('noted_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
};

/** The notes' reads and writes. */
export interface FileNotes {
  /** Notes that files went into the ticket's folder (now). */
  note(ticketId: number, at: Date): Promise<void>;
  /** The ticket's note version, or undefined when the bot never put a file on it. */
  version(ticketId: number): Promise<number | undefined>;
}

/** The notes over a database that ran FILE_MIGRATIONS (either engine). */
export function createFileNotes(db: Kysely<FileTables>): FileNotes {
  return {
    async note(ticketId, at) {
      const noted_at = at.toISOString();
      await db.insertInto('ticket_files').values({ ticket_id: ticketId, version: 1, noted_at })
        .onConflict((oc) => oc.column('ticket_id').doUpdateSet((eb) => ({ version: eb('ticket_files.version', '+', 1), noted_at })))
        .execute();
    },
    async version(ticketId) {
      const row = await db.selectFrom('ticket_files').select('version').where('ticket_id', '=', ticketId).executeTakeFirst();
      return row ? Number(row.version) : undefined;
    },
  };
}

/** The notes in the store's database, for the part of the feature the app builds with the store (attach). */
export const fileNotesIn = (store: Pick<Store, 'featureDatabase'>): FileNotes => tableIn(store, (db) => createFileNotes(db as Kysely<FileTables>));

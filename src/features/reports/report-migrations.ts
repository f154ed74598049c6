/**
 * The reports' tables and indexes, both engines, run by the store's migrator after the store's own.
 * 002: the report's reads are counts and durations over a range of creation or resolution moments;
 * each range's index holds every column those read (and the filters'), so the engine counts from
 * the index alone, without a look-up of each ticket's row.
 */
import { sql, type Kysely } from 'kysely';
import { valuesOn } from '../../store/values';
import type { Migrations } from '../types';

/** The feature's migrations, run by the store's migrator after the store's own, on both engines. */
export const REPORT_MIGRATIONS: Migrations = {
  '001-report-tickets': {
    async up(db: Kysely<any>) {
      const big = valuesOn(db).engine === 'postgres' ? 'bigint' : 'integer';
      const flag = valuesOn(db).engine === 'postgres' ? 'boolean' : 'integer';
      await db.schema.createTable('report_tickets').ifNotExists()
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('open', flag, (c) => c.notNull())
        .addColumn('assignee', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('space_id', 'text')
        .addColumn('first_response_at', big)
        .addColumn('first_responder', 'text')
        .addColumn('resolved_at', big)
        .addColumn('resolver', 'text')
        .addColumn('sla_met', flag)
        .execute();
      await db.schema.createIndex('report_tickets_created').ifNotExists().on('report_tickets').column('created_at').execute();
      await db.schema.createIndex('report_tickets_resolved').ifNotExists().on('report_tickets').column('resolved_at').where(sql.ref('resolved_at'), 'is not', null).execute();
      // Open tickets are few next to all: the backlog reads them from this partial index alone (it holds every column it reads).
      await db.schema.createIndex('report_tickets_open').ifNotExists().on('report_tickets')
        .columns(['open', 'created_at', 'id', 'status', 'assignee', 'category', 'space_id']).where(sql.ref('open'), '=', valuesOn(db).flag(true)).execute();
      await db.schema.createTable('report_meta').ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '002-report-covering-indexes': {
    async up(db: Kysely<any>) {
      // The tickets opened in a period: volume, what the response part could not count, first responses.
      await db.schema.createIndex('report_tickets_created_cover').ifNotExists().on('report_tickets')
        .columns(['created_at', 'first_response_at', 'open', 'resolved_at', 'first_responder', 'category', 'space_id']).execute();
      // The tickets resolved in a period: volume, resolution times, SLA met, load.
      await db.schema.createIndex('report_tickets_resolved_cover').ifNotExists().on('report_tickets')
        .columns(['resolved_at', 'created_at', 'sla_met', 'resolver', 'category', 'space_id']).where(sql.ref('resolved_at'), 'is not', null).execute();
      // Their first columns are the ones these had: the export's read uses the new ones as it used these.
      await db.schema.dropIndex('report_tickets_created').ifExists().execute();
      await db.schema.dropIndex('report_tickets_resolved').ifExists().execute();
    },
  },
};

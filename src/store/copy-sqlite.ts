/**
 * Moves an installation from the embedded SQLite store to PostgreSQL: copies every table, row
 * by row, keeping whatever PostgreSQL already has (ON CONFLICT DO NOTHING), so running it twice
 * — or after replicas have started writing — changes nothing the second time. Notifications
 * still owed (the outbox) come along in their order, unclaimed, so a replica sends them once.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type pg from 'pg';
import { inTransaction } from './pg-client';
import { migratePostgres } from './pg-schema';
import { migrate } from './schema';

/** Tables copied, in order, and the columns whose representation differs between the engines. */
const TABLES: { name: string; json?: string[]; bool?: string[] }[] = [
  { name: 'subscriptions' },
  { name: 'conversations', json: ['reference'] },
  { name: 'people', json: ['reference'] },
  { name: 'posted' },
  { name: 'watermarks' },
  { name: 'ticket_state' },
  { name: 'delivered' },
  { name: 'prefs', bool: ['muted'] },
  { name: 'actions' },
  { name: 'locales' },
  { name: 'conversation_spaces' },
  // SLA clocks: each ticket's history, due instants and announced thresholds, and the policy in force.
  { name: 'sla_tickets', json: ['record'], bool: ['needs_response'] },
  { name: 'sla_meta' },
  { name: 'saved_replies' },
  { name: 'csat_surveys' },
  { name: 'digest_schedules' },
  { name: 'dm_preferences' },
  { name: 'held_dms', json: ['notice'] },
];

/** Rows read from SQLite and rows newly written to PostgreSQL, per table. */
export type CopyReport = Record<string, { read: number; written: number }>;

/** Copies the SQLite store at `sqliteFile` into the (migrated) PostgreSQL database behind `pool`. */
export async function copySqliteToPostgres(sqliteFile: string, pool: pg.Pool): Promise<CopyReport> {
  if (!existsSync(sqliteFile)) throw new Error(`no SQLite store at ${sqliteFile}`);
  const db = new Database(sqliteFile);
  try {
    migrate(db); // an older file gets the current columns first
    await migratePostgres(pool);
    const report: CopyReport = {};
    for (const table of TABLES) {
      const rows = db.prepare(`SELECT * FROM ${table.name}`).all() as Record<string, unknown>[];
      for (const r of rows) {
        for (const c of table.json ?? []) r[c] = typeof r[c] === 'string' ? JSON.parse(r[c] as string) : null;
        for (const c of table.bool ?? []) r[c] = Boolean(r[c]);
      }
      const written = await inTransaction(pool, async (client) => {
        let n = 0;
        for (let i = 0; i < rows.length; i += 2000) {
          const res = await client.query(
            `INSERT INTO ${table.name} SELECT * FROM json_populate_recordset(null::${table.name}, $1::json) ON CONFLICT DO NOTHING`,
            [JSON.stringify(rows.slice(i, i + 2000))],
          );
          n += res.rowCount ?? 0;
        }
        return n;
      });
      report[table.name] = { read: rows.length, written };
    }
    report.outbox = await copyOutbox(db, pool);
    return report;
  } finally {
    db.close();
  }
}

/** Pending outbox rows, in enqueue order; PostgreSQL numbers them after whatever it already owes. */
async function copyOutbox(db: Database.Database, pool: pg.Pool): Promise<{ read: number; written: number }> {
  const rows = db
    .prepare(`SELECT key, lane, ticket_id, card_platform, card_conversation, payload, created_at, attempts, not_before, last_error FROM outbox ORDER BY seq`)
    .all() as Record<string, unknown>[];
  for (const r of rows) r.payload = JSON.parse(r.payload as string);
  const written = await inTransaction(pool, async (client) => {
    let n = 0;
    for (let i = 0; i < rows.length; i += 2000) {
      const res = await client.query(
        `INSERT INTO outbox (key, lane, ticket_id, card_platform, card_conversation, payload, created_at, attempts, not_before, last_error)
         SELECT r.key, r.lane, r.ticket_id, r.card_platform, r.card_conversation, r.payload, r.created_at, r.attempts, r.not_before, r.last_error
         FROM json_populate_recordset(null::outbox, $1::json) WITH ORDINALITY AS r ORDER BY ordinality
         ON CONFLICT (key) DO NOTHING`,
        [JSON.stringify(rows.slice(i, i + 2000))],
      );
      n += res.rowCount ?? 0;
    }
    return n;
  });
  return { read: rows.length, written };
}

/**
 * Channel digest schedules on both engines: one row per conversation with its schedule, the last
 * slot handled and "since the last digest". Moving `last_slot` is a compare-and-set, so of two
 * replicas that find the same slot due only one moves it; the digest itself is an outbox row whose
 * key names the slot, so it is enqueued once whoever enqueues it (src/routines/digests.ts).
 */
import type Database from 'better-sqlite3';
import type { IndexedTicket } from '../core/search';
import type { DigestSpec } from '../core/digests';
import { toIndexed } from './search-terms';
import type { Platform } from './types';

/** One conversation's digest schedule as stored. */
export interface DigestRecord {
  platform: Platform;
  conversationId: string;
  spec: DigestSpec;
  createdBy: string;
  /** Epoch ms of the last slot handled (when the schedule was set, before its first slot). */
  lastSlot: number;
  /** Epoch ms "new since the last digest" counts from. */
  sinceAt: number;
}

/** The digest part of the Store. */
export interface DigestStore {
  /** Sets a conversation's schedule; a conversation that had one keeps its "since the last digest". */
  putDigestSchedule(record: DigestRecord): Promise<void>;
  /** Removes a conversation's schedule; false when it had none. */
  removeDigestSchedule(platform: Platform, conversationId: string): Promise<boolean>;
  digestSchedule(platform: Platform, conversationId: string): Promise<DigestRecord | undefined>;
  digestSchedules(): Promise<DigestRecord[]>;
  /** Moves last_slot from `fromSlot` to `toSlot` and "since" to `sinceAt`; false when another process moved it first. */
  advanceDigest(platform: Platform, conversationId: string, fromSlot: number, toSlot: number, sinceAt: number): Promise<boolean>;
  /** Indexed tickets not in `doneStatuses`, and those modified at or after `since` (epoch ms). */
  digestTickets(since: number, doneStatuses: readonly string[]): Promise<IndexedTicket[]>;
}

const COLUMNS = `platform TEXT NOT NULL, conversation_id TEXT NOT NULL, cadence TEXT NOT NULL, weekday INTEGER,
    time TEXT NOT NULL, zone TEXT NOT NULL, created_by TEXT NOT NULL, updated_at TEXT NOT NULL`;

/** SQLite step (schema.ts appends it). */
export const SQLITE_DIGEST_SCHEMA = `
  CREATE TABLE IF NOT EXISTS digest_schedules (
    ${COLUMNS}, last_slot INTEGER NOT NULL, since_at INTEGER NOT NULL,
    PRIMARY KEY (platform, conversation_id)
  ) WITHOUT ROWID;
`;

/** PostgreSQL step (pg-schema.ts appends it). */
export const PG_DIGEST_SCHEMA = `
  CREATE TABLE IF NOT EXISTS digest_schedules (
    ${COLUMNS}, last_slot BIGINT NOT NULL, since_at BIGINT NOT NULL,
    PRIMARY KEY (platform, conversation_id)
  );
`;

type Row = Record<string, unknown>;

function toRecord(r: Row): DigestRecord {
  const spec: DigestSpec = { cadence: r.cadence as DigestSpec['cadence'], time: String(r.time), zone: String(r.zone) };
  if (r.weekday !== null && r.weekday !== undefined) spec.weekday = Number(r.weekday);
  return {
    platform: r.platform as Platform,
    conversationId: String(r.conversation_id),
    spec,
    createdBy: String(r.created_by),
    lastSlot: Number(r.last_slot),
    sinceAt: Number(r.since_at),
  };
}

const values = (d: DigestRecord) => [
  d.platform, d.conversationId, d.spec.cadence, d.spec.weekday ?? null, d.spec.time, d.spec.zone, d.createdBy, new Date().toISOString(), d.lastSlot, d.sinceAt,
];
const UPSERT = (p: (n: number) => string) => `INSERT INTO digest_schedules VALUES (${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(p).join(', ')})
  ON CONFLICT (platform, conversation_id) DO UPDATE SET cadence = excluded.cadence, weekday = excluded.weekday, time = excluded.time,
  zone = excluded.zone, created_by = excluded.created_by, updated_at = excluded.updated_at, last_slot = excluded.last_slot`;
const TICKET_COLUMNS = `id, etag, title, '' AS description, status, priority, category, requester_email, requester_name,
  assignee_email, assignee_name, space_id, created, modified`;

/** The digest methods over a SQLite database. */
export function createSqliteDigests(db: Database.Database): DigestStore {
  const upsert = db.prepare(UPSERT(() => '?'));
  const remove = db.prepare(`DELETE FROM digest_schedules WHERE platform = ? AND conversation_id = ?`);
  const one = db.prepare(`SELECT * FROM digest_schedules WHERE platform = ? AND conversation_id = ?`);
  const all = db.prepare(`SELECT * FROM digest_schedules ORDER BY platform, conversation_id`);
  const advance = db.prepare(`UPDATE digest_schedules SET last_slot = ?, since_at = ? WHERE platform = ? AND conversation_id = ? AND last_slot = ?`);
  return {
    async putDigestSchedule(d) {
      upsert.run(...values(d));
    },
    async removeDigestSchedule(platform, conversationId) {
      return remove.run(platform, conversationId).changes > 0;
    },
    async digestSchedule(platform, conversationId) {
      const r = one.get(platform, conversationId) as Row | undefined;
      return r ? toRecord(r) : undefined;
    },
    async digestSchedules() {
      return (all.all() as Row[]).map(toRecord);
    },
    async advanceDigest(platform, conversationId, fromSlot, toSlot, sinceAt) {
      return advance.run(toSlot, sinceAt, platform, conversationId, fromSlot).changes > 0;
    },
    async digestTickets(since, done) {
      const open = done.length ? `status NOT IN (${done.map(() => '?').join(', ')})` : '1';
      return (db.prepare(`SELECT ${TICKET_COLUMNS} FROM search_docs WHERE ${open} OR modified_at >= ?`).all(...done, since) as Row[]).map(toIndexed);
    },
  };
}

/** The digest methods over the PostgreSQL store's pooled query and row count. */
export function createPgDigests(query: (sql: string, params?: unknown[]) => Promise<Row[]>, count: (sql: string, params: unknown[]) => Promise<number>): DigestStore {
  return {
    async putDigestSchedule(d) {
      await query(UPSERT((n) => `$${n}`), values(d));
    },
    async removeDigestSchedule(platform, conversationId) {
      return (await count(`DELETE FROM digest_schedules WHERE platform = $1 AND conversation_id = $2`, [platform, conversationId])) > 0;
    },
    async digestSchedule(platform, conversationId) {
      const [r] = await query(`SELECT * FROM digest_schedules WHERE platform = $1 AND conversation_id = $2`, [platform, conversationId]);
      return r ? toRecord(r) : undefined;
    },
    async digestSchedules() {
      return (await query(`SELECT * FROM digest_schedules ORDER BY platform, conversation_id`)).map(toRecord);
    },
    async advanceDigest(platform, conversationId, fromSlot, toSlot, sinceAt) {
      const n = await count(
        `UPDATE digest_schedules SET last_slot = $1, since_at = $2 WHERE platform = $3 AND conversation_id = $4 AND last_slot = $5`,
        [toSlot, sinceAt, platform, conversationId, fromSlot],
      );
      return n > 0;
    },
    async digestTickets(since, done) {
      const rows = await query(`SELECT ${TICKET_COLUMNS} FROM search_docs WHERE NOT (status = ANY($1::text[])) OR modified_at >= $2`, [[...done], since]);
      return rows.map(toIndexed);
    },
  };
}

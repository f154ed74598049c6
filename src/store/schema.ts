/** SQLite schema, versioned with PRAGMA user_version; each step runs once, in order. */
import { SchemaTooNewError } from './errors';
import type Database from 'better-sqlite3';
import { SQLITE_MEMO_SCHEMA } from './memos';
import { SQLITE_CHOSEN_LOCALES_SCHEMA, SQLITE_LOCALES_SCHEMA } from './locales';
import { SQLITE_SLA_SCHEMA } from './sla-types';
import { SQLITE_SEARCH_SCHEMA, SQLITE_SEARCH_TERMS_SCHEMA } from './search-sqlite';
import { SQLITE_LIVENESS_SCHEMA } from './liveness';
import { SQLITE_SPACES_SCHEMA } from './spaces';
import { SQLITE_SAVED_REPLIES_SCHEMA } from './saved-replies';
import { SQLITE_SURVEYS_SCHEMA } from './surveys';
import { SQLITE_DIGEST_SCHEMA } from './digests';
import { SQLITE_PREFERENCES_SCHEMA } from './preferences';

/** Each schema step, in order (exported for the upgrade tests, which build older files with them). */
export const MIGRATIONS: readonly string[] = [
  // 1: everything notifications need.
  `
  CREATE TABLE subscriptions (
    platform TEXT NOT NULL, conversation_id TEXT NOT NULL, conversation_kind TEXT NOT NULL,
    filter_kind TEXT NOT NULL, filter_value TEXT NOT NULL DEFAULT '',
    created_by TEXT NOT NULL, created_at TEXT NOT NULL,
    PRIMARY KEY (platform, conversation_id, filter_kind, filter_value)
  ) WITHOUT ROWID;
  CREATE TABLE conversations (
    platform TEXT NOT NULL, conversation_id TEXT NOT NULL, kind TEXT NOT NULL,
    reference TEXT, updated_at TEXT NOT NULL,
    PRIMARY KEY (platform, conversation_id)
  ) WITHOUT ROWID;
  CREATE TABLE people (
    platform TEXT NOT NULL, email TEXT NOT NULL, conversation_id TEXT, user_id TEXT,
    reference TEXT, updated_at TEXT NOT NULL,
    PRIMARY KEY (email, platform)
  ) WITHOUT ROWID;
  CREATE TABLE posted (
    platform TEXT NOT NULL, conversation_id TEXT NOT NULL, ticket_id INTEGER NOT NULL,
    message_id TEXT NOT NULL, etag TEXT, posted_at TEXT NOT NULL,
    PRIMARY KEY (ticket_id, platform, conversation_id)
  ) WITHOUT ROWID;
  CREATE INDEX posted_by_message ON posted (platform, conversation_id, message_id);
  CREATE TABLE watermarks (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  -- One narrow row per ticket; modified as epoch seconds keeps 100k tickets to a few MB.
  CREATE TABLE ticket_state (
    id INTEGER PRIMARY KEY, status TEXT NOT NULL, assigned TEXT NOT NULL,
    priority TEXT NOT NULL, etag TEXT NOT NULL, modified INTEGER NOT NULL
  );
  CREATE TABLE delivered (key TEXT PRIMARY KEY, at INTEGER NOT NULL) WITHOUT ROWID;
  CREATE INDEX delivered_at ON delivered (at);
  CREATE TABLE prefs (email TEXT PRIMARY KEY, muted INTEGER NOT NULL) WITHOUT ROWID;
  CREATE TABLE actions (
    kind TEXT NOT NULL, item_id INTEGER NOT NULL, etag TEXT NOT NULL DEFAULT '',
    actor TEXT NOT NULL, origin_platform TEXT, origin_conversation TEXT, at INTEGER NOT NULL,
    PRIMARY KEY (kind, item_id, etag)
  ) WITHOUT ROWID;
  `,
  // 2: the notification outbox. Builds before the versioned step created it on first use
  // (CREATE TABLE IF NOT EXISTS), so a data directory that already has it keeps its rows.
  `
  CREATE TABLE IF NOT EXISTS outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE, lane TEXT NOT NULL, ticket_id INTEGER NOT NULL,
    card_platform TEXT, card_conversation TEXT, payload TEXT NOT NULL, created_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0, not_before INTEGER NOT NULL DEFAULT 0, last_error TEXT
  );
  CREATE INDEX IF NOT EXISTS outbox_lane ON outbox (lane, seq);
  CREATE INDEX IF NOT EXISTS outbox_ticket ON outbox (ticket_id);
  `,
  // 3: several processes — a drainer's claim on the outbox row it sends, and inbound idempotency records.
  `
  ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
  ALTER TABLE outbox ADD COLUMN claimed_until INTEGER;
  CREATE TABLE inbound (key TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) WITHOUT ROWID;
  CREATE INDEX inbound_expires ON inbound (expires_at);
  `,
  // 4: the ticket search index (FTS5; see search-sqlite.ts).
  SQLITE_SEARCH_SCHEMA,
  // 5: memos (a person's last notification DM, long drafts; see memos.ts).
  SQLITE_MEMO_SCHEMA,
  // 6: each person's last language and each conversation's chosen one (see locales.ts).
  SQLITE_LOCALES_SCHEMA,
  // 7: the language a person chose for themselves, apart from the one they last wrote in (see locales.ts).
  SQLITE_CHOSEN_LOCALES_SCHEMA,
  // 8: SLA clocks: per-ticket history, next instant and due time, announced thresholds (see sla-sqlite.ts).
  SQLITE_SLA_SCHEMA,
  // 9: each process's heartbeat, so a dead process's outbox claims are taken over in seconds (see liveness.ts).
  SQLITE_LIVENESS_SCHEMA,
  // 10: channels bound to a space (see spaces.ts).
  SQLITE_SPACES_SCHEMA,
  // 11: the desk’s saved replies (see saved-replies.ts).
  SQLITE_SAVED_REPLIES_SCHEMA,
  // 12: satisfaction surveys, one per resolution (see surveys.ts).
  SQLITE_SURVEYS_SCHEMA,
  // 13: channel digest schedules (see digests.ts).
  SQLITE_DIGEST_SCHEMA,
  // 14: which DMs each person gets, quiet hours, and the DMs held during them (see preferences.ts).
  SQLITE_PREFERENCES_SCHEMA,
  // 15: the search index’s terms, so a prefix is searched as the few terms it stands for (see search-sqlite.ts).
  SQLITE_SEARCH_TERMS_SCHEMA,
];

/** The schema version this code writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the database up to SCHEMA_VERSION; refuses a newer file rather than corrupting it. */
export function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > SCHEMA_VERSION) {
    throw new SchemaTooNewError(current, SCHEMA_VERSION);
  }
  for (let v = current; v < SCHEMA_VERSION; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

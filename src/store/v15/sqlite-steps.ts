/**
 * The SQLite schema as it stood at version 15, step by step, frozen: the store of main before the
 * Kysely rewrite wrote it, PRAGMA user_version counting the steps done. Migration 1
 * (migrations/0001-adopt-v15.ts) brings any older file to it, or an empty one; never edit a step
 * here, add a numbered migration in migrations/ instead. (Moved verbatim from the table modules.)
 */

export const SQLITE_V15_STEPS: readonly string[] = [
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
  // 4: the ticket search index (FTS5; see search-fts-sqlite.ts).
  `
  CREATE TABLE IF NOT EXISTS search_docs (
    id INTEGER PRIMARY KEY, etag TEXT NOT NULL, title TEXT NOT NULL, description TEXT NOT NULL,
    status TEXT NOT NULL, priority TEXT NOT NULL, category TEXT NOT NULL,
    requester_email TEXT NOT NULL, requester_name TEXT NOT NULL,
    assignee_email TEXT NOT NULL, assignee_name TEXT NOT NULL, space_id TEXT,
    created TEXT NOT NULL, modified TEXT NOT NULL, modified_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS search_docs_recent ON search_docs (modified_at DESC, id DESC);
  CREATE INDEX IF NOT EXISTS search_docs_requester ON search_docs (requester_email, modified_at DESC);
  CREATE VIRTUAL TABLE IF NOT EXISTS search_fts USING fts5 (terms, tokenize = 'unicode61 remove_diacritics 2');
  `,
  // 5: memos (a person's last notification DM, long drafts; see memos.ts).
  `
  CREATE TABLE memos (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID;
  CREATE INDEX memos_expires ON memos (expires_at);
  `,
  // 6: each person's last language and each conversation's chosen one (see locales.ts).
  `
  CREATE TABLE IF NOT EXISTS locales (subject TEXT PRIMARY KEY, locale TEXT NOT NULL, updated_at TEXT NOT NULL) WITHOUT ROWID;
  `,
  // 7: the language a person chose for themselves, apart from the one they last wrote in (see locales.ts).
  `
  CREATE TABLE IF NOT EXISTS chosen_locales (email TEXT PRIMARY KEY, locale TEXT NOT NULL, updated_at TEXT NOT NULL) WITHOUT ROWID;
  `,
  // 8: SLA clocks: per-ticket history, next instant and due time, announced thresholds (see sla.ts).
  `
  CREATE TABLE IF NOT EXISTS sla_tickets (
    id INTEGER PRIMARY KEY, record TEXT NOT NULL, next_at INTEGER, due_at INTEGER, needs_response INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX IF NOT EXISTS sla_next ON sla_tickets (next_at) WHERE next_at IS NOT NULL;
  CREATE INDEX IF NOT EXISTS sla_due ON sla_tickets (due_at) WHERE due_at IS NOT NULL;
  CREATE INDEX IF NOT EXISTS sla_needs_response ON sla_tickets (id) WHERE needs_response = 1;
  CREATE TABLE IF NOT EXISTS sla_meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  `,
  // 9: each process's heartbeat, so a dead process's outbox claims are taken over in seconds (see liveness.ts).
  `
  CREATE TABLE replica_heartbeats (id TEXT PRIMARY KEY, seen_at INTEGER NOT NULL) WITHOUT ROWID;
  `,
  // 10: channels bound to a space (see spaces.ts).
  `
  CREATE TABLE IF NOT EXISTS conversation_spaces (
    platform TEXT NOT NULL, conversation_id TEXT NOT NULL, space_id TEXT NOT NULL,
    bound_by TEXT NOT NULL, bound_at TEXT NOT NULL,
    PRIMARY KEY (platform, conversation_id)
  ) WITHOUT ROWID;
  `,
  // 11: the desk’s saved replies (see saved-replies.ts).
  `
  CREATE TABLE saved_replies (name_key TEXT PRIMARY KEY, name TEXT NOT NULL, body TEXT NOT NULL, updated_by TEXT NOT NULL, updated_at TEXT NOT NULL) WITHOUT ROWID;
  `,
  // 12: satisfaction surveys, one per resolution (see surveys.ts).
  `
  CREATE TABLE csat_surveys (
    id TEXT PRIMARY KEY, ticket_id INTEGER NOT NULL, requester TEXT NOT NULL, agent TEXT NOT NULL, scale TEXT NOT NULL,
    sent_at TEXT NOT NULL, rating INTEGER, comment TEXT, answered_at TEXT
  ) WITHOUT ROWID;
  CREATE INDEX csat_surveys_sent ON csat_surveys (sent_at);
  `,
  // 13: channel digest schedules (see digests.ts).
  `
  CREATE TABLE IF NOT EXISTS digest_schedules (
    platform TEXT NOT NULL, conversation_id TEXT NOT NULL, cadence TEXT NOT NULL, weekday INTEGER,
    time TEXT NOT NULL, zone TEXT NOT NULL, created_by TEXT NOT NULL, updated_at TEXT NOT NULL, last_slot INTEGER NOT NULL, since_at INTEGER NOT NULL,
    PRIMARY KEY (platform, conversation_id)
  ) WITHOUT ROWID;
  `,
  // 14: which DMs each person gets, quiet hours, and the DMs held during them (see preferences.ts).
  `
  CREATE TABLE IF NOT EXISTS dm_preferences (
    email TEXT PRIMARY KEY, status_changes INTEGER NOT NULL, comments INTEGER NOT NULL, resolution INTEGER NOT NULL,
    quiet_start TEXT, quiet_end TEXT, updated_at TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS held_dms (
    key TEXT PRIMARY KEY, email TEXT NOT NULL, ticket_id INTEGER NOT NULL, text TEXT NOT NULL, reason TEXT NOT NULL,
    notice TEXT, release_at INTEGER NOT NULL, held_at TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS held_dms_release ON held_dms (release_at);
  `,
  // 15: the search index’s terms, so a prefix is searched as the few terms it stands for (see search-fts-sqlite.ts).
  `
  CREATE TABLE IF NOT EXISTS search_terms (term TEXT PRIMARY KEY) WITHOUT ROWID;
  CREATE VIRTUAL TABLE temp.search_vocab USING fts5vocab(main, search_fts, 'row');
  INSERT OR IGNORE INTO search_terms SELECT term FROM temp.search_vocab;
  DROP TABLE temp.search_vocab;
  `,
];

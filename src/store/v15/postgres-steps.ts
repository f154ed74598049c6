/**
 * The PostgreSQL schema as it stood at version 15, step by step, frozen: the store of main before
 * the Kysely rewrite wrote it, schema_migrations counting the steps done. Migration 1
 * (migrations/0001-adopt-v15.ts) brings any older database to it, or an empty one; never edit a
 * step here, add a numbered migration in migrations/ instead. (Moved verbatim from the table modules.)
 */

export const POSTGRES_V15_STEPS: readonly string[] = [
  // 1: the same tables as the SQLite store.
  `
  CREATE TABLE subscriptions (
    platform TEXT NOT NULL, conversation_id TEXT NOT NULL, conversation_kind TEXT NOT NULL,
    filter_kind TEXT NOT NULL, filter_value TEXT NOT NULL DEFAULT '',
    created_by TEXT NOT NULL, created_at TEXT NOT NULL,
    PRIMARY KEY (platform, conversation_id, filter_kind, filter_value)
  );
  CREATE TABLE conversations (
    platform TEXT NOT NULL, conversation_id TEXT NOT NULL, kind TEXT NOT NULL,
    reference JSONB, updated_at TEXT NOT NULL,
    PRIMARY KEY (platform, conversation_id)
  );
  CREATE TABLE people (
    platform TEXT NOT NULL, email TEXT NOT NULL, conversation_id TEXT, user_id TEXT,
    reference JSONB, updated_at TEXT NOT NULL,
    PRIMARY KEY (email, platform)
  );
  CREATE TABLE posted (
    platform TEXT NOT NULL, conversation_id TEXT NOT NULL, ticket_id INTEGER NOT NULL,
    message_id TEXT NOT NULL, etag TEXT, posted_at TEXT NOT NULL,
    PRIMARY KEY (ticket_id, platform, conversation_id)
  );
  CREATE INDEX posted_by_message ON posted (platform, conversation_id, message_id);
  CREATE TABLE watermarks (name TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE ticket_state (
    id INTEGER PRIMARY KEY, status TEXT NOT NULL, assigned TEXT NOT NULL,
    priority TEXT NOT NULL, etag TEXT NOT NULL, modified BIGINT NOT NULL
  );
  CREATE TABLE delivered (key TEXT PRIMARY KEY, at BIGINT NOT NULL);
  CREATE INDEX delivered_at ON delivered (at);
  CREATE TABLE prefs (email TEXT PRIMARY KEY, muted BOOLEAN NOT NULL);
  CREATE TABLE actions (
    kind TEXT NOT NULL, item_id INTEGER NOT NULL, etag TEXT NOT NULL DEFAULT '',
    actor TEXT NOT NULL, origin_platform TEXT, origin_conversation TEXT, at BIGINT NOT NULL,
    PRIMARY KEY (kind, item_id, etag)
  );
  CREATE INDEX actions_at ON actions (at);
  `,
  // 2: several replicas — the poller lease, delivery claims (dropped in 3) and inbound idempotency records.
  `
  CREATE TABLE leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at TIMESTAMPTZ NOT NULL);
  CREATE TABLE delivery_claims (key TEXT PRIMARY KEY, expires_at BIGINT NOT NULL);
  CREATE TABLE inbound (key TEXT PRIMARY KEY, expires_at BIGINT NOT NULL);
  CREATE INDEX inbound_expires ON inbound (expires_at);
  `,
  // 3: the notification outbox (as in SQLite), claimed per row by the drainer that sends it;
  // its claims replace the per-key delivery claims of step 2.
  `
  CREATE TABLE outbox (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    key TEXT NOT NULL UNIQUE, lane TEXT NOT NULL, ticket_id INTEGER NOT NULL,
    card_platform TEXT, card_conversation TEXT, payload JSONB NOT NULL, created_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0, not_before BIGINT NOT NULL DEFAULT 0, last_error TEXT,
    claimed_by TEXT, claimed_until TIMESTAMPTZ
  );
  CREATE INDEX outbox_lane ON outbox (lane, seq);
  CREATE INDEX outbox_ticket ON outbox (ticket_id);
  DROP TABLE delivery_claims;
  `,
  // 4: the ticket search index (full text, `simple` configuration; see search-fts-postgres.ts).
  `
  CREATE TABLE search_docs (
    id INTEGER PRIMARY KEY, etag TEXT NOT NULL, title TEXT NOT NULL, description TEXT NOT NULL,
    status TEXT NOT NULL, priority TEXT NOT NULL, category TEXT NOT NULL,
    requester_email TEXT NOT NULL, requester_name TEXT NOT NULL,
    assignee_email TEXT NOT NULL, assignee_name TEXT NOT NULL, space_id TEXT,
    created TEXT NOT NULL, modified TEXT NOT NULL, modified_at BIGINT NOT NULL,
    terms TEXT NOT NULL,
    tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', terms)) STORED
  );
  CREATE INDEX search_docs_tsv ON search_docs USING GIN (tsv);
  CREATE INDEX search_docs_recent ON search_docs (modified_at DESC, id DESC);
  CREATE INDEX search_docs_requester ON search_docs (requester_email, modified_at DESC);
  `,
  // 5: memos (a person's last notification DM, long drafts; see memos.ts).
  `
  CREATE TABLE memos (key TEXT PRIMARY KEY, value JSONB NOT NULL, expires_at BIGINT NOT NULL);
  CREATE INDEX memos_expires ON memos (expires_at);
  `,
  // 6: each person's last language and each conversation's chosen one (see locales.ts).
  `
  CREATE TABLE IF NOT EXISTS locales (subject TEXT PRIMARY KEY, locale TEXT NOT NULL, updated_at TEXT NOT NULL);
  `,
  // 7: the language a person chose for themselves, apart from the one they last wrote in (see locales.ts).
  `
  CREATE TABLE IF NOT EXISTS chosen_locales (email TEXT PRIMARY KEY, locale TEXT NOT NULL, updated_at TEXT NOT NULL);
  `,
  // 8: SLA clocks: per-ticket history, next instant and due time, announced thresholds (see sla.ts).
  `
  CREATE TABLE IF NOT EXISTS sla_tickets (
    id INTEGER PRIMARY KEY, record JSONB NOT NULL, next_at BIGINT, due_at BIGINT, needs_response BOOLEAN NOT NULL DEFAULT false
  );
  CREATE INDEX IF NOT EXISTS sla_next ON sla_tickets (next_at) WHERE next_at IS NOT NULL;
  CREATE INDEX IF NOT EXISTS sla_due ON sla_tickets (due_at) WHERE due_at IS NOT NULL;
  CREATE INDEX IF NOT EXISTS sla_needs_response ON sla_tickets (id) WHERE needs_response;
  CREATE TABLE IF NOT EXISTS sla_meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
  `,
  // 9: each process's heartbeat, so a dead replica's outbox claims are taken over in seconds (see liveness.ts).
  `
  CREATE TABLE replica_heartbeats (id TEXT PRIMARY KEY, seen_at TIMESTAMPTZ NOT NULL);
  `,
  // 10: channels bound to a space (see spaces.ts).
  `
  CREATE TABLE IF NOT EXISTS conversation_spaces (
    platform TEXT NOT NULL, conversation_id TEXT NOT NULL, space_id TEXT NOT NULL,
    bound_by TEXT NOT NULL, bound_at TEXT NOT NULL,
    PRIMARY KEY (platform, conversation_id)
  );
  `,
  // 11: the desk’s saved replies (see saved-replies.ts).
  `
  CREATE TABLE saved_replies (name_key TEXT PRIMARY KEY, name TEXT NOT NULL, body TEXT NOT NULL, updated_by TEXT NOT NULL, updated_at TEXT NOT NULL);
  `,
  // 12: satisfaction surveys, one per resolution (see surveys.ts).
  `
  CREATE TABLE csat_surveys (
    id TEXT PRIMARY KEY, ticket_id INTEGER NOT NULL, requester TEXT NOT NULL, agent TEXT NOT NULL, scale TEXT NOT NULL,
    sent_at TEXT NOT NULL, rating INTEGER, comment TEXT, answered_at TEXT
  );
  CREATE INDEX csat_surveys_sent ON csat_surveys (sent_at);
  `,
  // 13: channel digest schedules (see digests.ts).
  `
  CREATE TABLE IF NOT EXISTS digest_schedules (
    platform TEXT NOT NULL, conversation_id TEXT NOT NULL, cadence TEXT NOT NULL, weekday INTEGER,
    time TEXT NOT NULL, zone TEXT NOT NULL, created_by TEXT NOT NULL, updated_at TEXT NOT NULL, last_slot BIGINT NOT NULL, since_at BIGINT NOT NULL,
    PRIMARY KEY (platform, conversation_id)
  );
  `,
  // 14: which DMs each person gets, quiet hours, and the DMs held during them (see preferences.ts).
  `
  CREATE TABLE IF NOT EXISTS dm_preferences (
    email TEXT PRIMARY KEY, status_changes INTEGER NOT NULL, comments INTEGER NOT NULL, resolution INTEGER NOT NULL,
    quiet_start TEXT, quiet_end TEXT, updated_at TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS held_dms (
    key TEXT PRIMARY KEY, email TEXT NOT NULL, ticket_id INTEGER NOT NULL, text TEXT NOT NULL, reason TEXT NOT NULL,
    notice JSONB, release_at BIGINT NOT NULL, held_at TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS held_dms_release ON held_dms (release_at);
  `,
  // 15: the search index’s terms, so a prefix is searched as the few terms it stands for (see search-fts-postgres.ts).
  `
  CREATE TABLE search_terms (term TEXT COLLATE "C" PRIMARY KEY);
  INSERT INTO search_terms SELECT DISTINCT unnest(tsvector_to_array(tsv)) FROM search_docs ON CONFLICT DO NOTHING;
  `,
];

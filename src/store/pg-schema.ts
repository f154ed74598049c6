/**
 * PostgreSQL schema, versioned in `schema_migrations`. Migrations run at start inside one
 * transaction that first takes a transaction-scoped advisory lock, so replicas starting together
 * apply each step exactly once: the second waits, then finds nothing left to do.
 */
import { SchemaTooNewError } from './errors';
import { PG_CHOSEN_LOCALES_SCHEMA, PG_LOCALES_SCHEMA } from './locales';
import { PG_SLA_SCHEMA } from './sla-types';
import type pg from 'pg';
import { inTransaction } from './pg-client';
import { PG_MEMO_SCHEMA } from './memos';
import { PG_SEARCH_SCHEMA, PG_SEARCH_TERMS_SCHEMA } from './search-postgres';
import { PG_LIVENESS_SCHEMA } from './liveness';
import { PG_SPACES_SCHEMA } from './spaces';
import { PG_SAVED_REPLIES_SCHEMA } from './saved-replies';
import { PG_SURVEYS_SCHEMA } from './surveys';
import { PG_DIGEST_SCHEMA } from './digests';
import { PG_PREFERENCES_SCHEMA } from './preferences';

/** The schema steps in order (exported for the upgrade tests). */
export const MIGRATIONS: string[] = [
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
  // 4: the ticket search index (full text, `simple` configuration; see search-postgres.ts).
  PG_SEARCH_SCHEMA,
  // 5: memos (a person's last notification DM, long drafts; see memos.ts).
  PG_MEMO_SCHEMA,
  // 6: each person's last language and each conversation's chosen one (see locales.ts).
  PG_LOCALES_SCHEMA,
  // 7: the language a person chose for themselves, apart from the one they last wrote in (see locales.ts).
  PG_CHOSEN_LOCALES_SCHEMA,
  // 8: SLA clocks: per-ticket history, next instant and due time, announced thresholds (see sla-postgres.ts).
  PG_SLA_SCHEMA,
  // 9: each process's heartbeat, so a dead replica's outbox claims are taken over in seconds (see liveness.ts).
  PG_LIVENESS_SCHEMA,
  // 10: channels bound to a space (see spaces.ts).
  PG_SPACES_SCHEMA,
  // 11: the desk’s saved replies (see saved-replies.ts).
  PG_SAVED_REPLIES_SCHEMA,
  // 12: satisfaction surveys, one per resolution (see surveys.ts).
  PG_SURVEYS_SCHEMA,
  // 13: channel digest schedules (see digests.ts).
  PG_DIGEST_SCHEMA,
  // 14: which DMs each person gets, quiet hours, and the DMs held during them (see preferences.ts).
  PG_PREFERENCES_SCHEMA,
  // 15: the search index’s terms, so a prefix is searched as the few terms it stands for (see search-postgres.ts).
  PG_SEARCH_TERMS_SCHEMA,
];

/** The schema version this code writes. */
export const PG_SCHEMA_VERSION = MIGRATIONS.length;

// Any fixed 64-bit number; only this bot's migrations take it.
const MIGRATION_LOCK = 7_212_604_117;

/** Brings the database up to PG_SCHEMA_VERSION; refuses a newer schema rather than corrupting it. */
export async function migratePostgres(pool: pg.Pool): Promise<number> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
    const current = rows[0].v ?? 0;
    if (current > PG_SCHEMA_VERSION) {
      throw new SchemaTooNewError(current, PG_SCHEMA_VERSION);
    }
    for (let v = current; v < PG_SCHEMA_VERSION; v++) {
      await client.query(MIGRATIONS[v]);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [v + 1]);
    }
    return PG_SCHEMA_VERSION - current;
  });
}

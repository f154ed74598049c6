/**
 * The shared Store on PostgreSQL (`DATABASE_URL=postgres://…`), for several replicas. Same
 * tables and values as the SQLite store; one pg Pool whose reconnects are automatic.
 */
import { createPgLocales } from './locales';
import { createPgSla } from './sla-postgres';
import pg from 'pg';
import type { Logger } from '../log';
import { inTransaction } from './pg-client';
import { createPgOutbox } from './pg-outbox';
import { createPgSearch } from './search-postgres';
import { createPgMemos } from './memos';
import { migratePostgres } from './pg-schema';
import { email, epoch, filterValue, iso, toPosted, toSub } from './rows';
import type { Conversation, CycleCommit, PersonAddress, Platform, PostedMessage, Store, TicketState } from './types';

/** Options for createPostgresStore. */
export interface PostgresStoreConfig {
  url: string;
  logger?: Logger;
  /** Pool size per replica (default 10). */
  maxConnections?: number;
}

/** A Store on PostgreSQL, plus the pool (for the poller lease and health checks). */
export interface PostgresStore extends Store {
  readonly pool: pg.Pool;
  /** Resolves once the schema is migrated (retrying a migration that could not run at start). */
  ready(): Promise<void>;
}

type Row = Record<string, unknown>;

const jsonb = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

/** A pool that never takes the process down: idle-client errors are logged, the pool reconnects. */
export function createPool(url: string, logger?: Logger, max = 10): pg.Pool {
  // query_timeout: a database that hangs (rather than refusing) fails queries instead of stalling the poller.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000, keepAlive: true, query_timeout: 60_000 });
  pool.on('error', (err) => logger?.warn('PostgreSQL connection lost; the pool reconnects on the next query', { error: err.message }));
  return pool;
}

/** A schema this build must not touch: stop rather than retry. */
const isFatal = (err: unknown) => err instanceof Error && /newer than this build/.test(err.message);

/**
 * Connects, migrates (under an advisory lock) and returns the store. An unreachable database
 * does not stop start-up: the process comes up, each use retries the migration, and queries
 * fail (to be reported) until the database answers again.
 */
export async function createPostgresStore(config: PostgresStoreConfig): Promise<PostgresStore> {
  const pool = createPool(config.url, config.logger, config.maxConnections);
  let migrated: Promise<unknown> | undefined;
  const ensureMigrated = (): Promise<unknown> => {
    migrated ??= migratePostgres(pool).catch((err) => {
      migrated = undefined;
      throw err;
    });
    return migrated;
  };
  try {
    await ensureMigrated();
  } catch (err) {
    if (isFatal(err)) {
      await pool.end().catch(() => undefined);
      throw err;
    }
    config.logger?.warn('PostgreSQL is not reachable at start; running without the shared store until it is', { error: (err as Error).message });
  }
  const ready = async () => {
    if (migrated === undefined || !(await migrated.then(() => true, () => false))) await ensureMigrated();
  };
  const query = async (sql: string, params: unknown[] = []) => {
    await ready();
    return (await pool.query(sql, params)).rows as Row[];
  };
  const count = async (sql: string, params: unknown[]) => {
    await ready();
    return (await pool.query(sql, params)).rowCount ?? 0;
  };
  /** Runs `fn` in one transaction on one connection. */
  async function tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    await ready();
    return inTransaction(pool, fn);
  }
  async function putStates(c: pg.PoolClient | pg.Pool, states: TicketState[]) {
    for (let i = 0; i < states.length; i += 5000) {
      const chunk = states.slice(i, i + 5000);
      await c.query(
        `INSERT INTO ticket_state (id, status, assigned, priority, etag, modified)
         SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[])
         ON CONFLICT (id) DO UPDATE SET status = excluded.status, assigned = excluded.assigned,
           priority = excluded.priority, etag = excluded.etag, modified = excluded.modified`,
        [chunk.map((s) => s.id), chunk.map((s) => s.status), chunk.map((s) => s.assignedTo), chunk.map((s) => s.priority), chunk.map((s) => s.etag), chunk.map((s) => epoch(s.modified))],
      );
    }
  }

  async function commitCycleOn(c: pg.PoolClient, commit: CycleCommit) {
    await putStates(c, commit.states);
    if (commit.processedKeys.length > 0) {
      await c.query(`INSERT INTO delivered SELECT k, $2 FROM unnest($1::text[]) AS k ON CONFLICT DO NOTHING`, [commit.processedKeys, Date.now()]);
    }
    for (const [name, value] of Object.entries(commit.watermarks)) {
      await c.query(`INSERT INTO watermarks VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value`, [name, value]);
    }
  }
  async function savePostedOn(c: pg.PoolClient | pg.Pool, m: PostedMessage) {
    await c.query(
      `INSERT INTO posted VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (ticket_id, platform, conversation_id) DO UPDATE SET message_id = excluded.message_id, etag = excluded.etag`,
      [m.platform, m.conversationId, m.ticketId, m.messageId, m.etag ?? null, new Date().toISOString()],
    );
  }

  const { pruneMemos, ...pgMemos } = createPgMemos(query);
  return {
    pool,
    ready,
    ...createPgOutbox({ query, tx, commitCycleOn, savePostedOn }),
    ...createPgSearch(query),
    ...pgMemos,
    ...createPgLocales(query),
    ...createPgSla(query),
    async addSubscription(sub) {
      const c = sub.conversation;
      return (
        (await count(`INSERT INTO subscriptions VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`, [
          c.platform, c.id, c.kind, sub.filter.kind, filterValue(sub.filter), email(sub.createdBy), sub.createdAt,
        ])) > 0
      );
    },
    async removeSubscriptions(platform, conversationId, filter) {
      if (!filter) return count(`DELETE FROM subscriptions WHERE platform = $1 AND conversation_id = $2`, [platform, conversationId]);
      return count(`DELETE FROM subscriptions WHERE platform = $1 AND conversation_id = $2 AND filter_kind = $3 AND filter_value = $4`, [
        platform, conversationId, filter.kind, filterValue(filter),
      ]);
    },
    async listSubscriptions(platform, conversationId) {
      return (await query(`SELECT * FROM subscriptions WHERE platform = $1 AND conversation_id = $2 ORDER BY created_at, filter_kind`, [platform, conversationId])).map(toSub);
    },
    async allSubscriptions() {
      return (await query(`SELECT * FROM subscriptions ORDER BY platform, conversation_id, created_at`)).map(toSub);
    },
    async dropConversation(platform, conversationId) {
      return tx(async (c) => {
        const n = (await c.query(`DELETE FROM subscriptions WHERE platform = $1 AND conversation_id = $2`, [platform, conversationId])).rowCount ?? 0;
        await c.query(`DELETE FROM posted WHERE platform = $1 AND conversation_id = $2`, [platform, conversationId]);
        await c.query(`DELETE FROM conversations WHERE platform = $1 AND conversation_id = $2`, [platform, conversationId]);
        return n;
      });
    },

    async saveConversation(record) {
      await query(
        `INSERT INTO conversations VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (platform, conversation_id) DO UPDATE SET kind = excluded.kind,
         reference = coalesce(excluded.reference, conversations.reference), updated_at = excluded.updated_at`,
        [record.platform, record.id, record.kind, jsonb(record.reference), new Date().toISOString()],
      );
    },
    async getConversation(platform, conversationId) {
      const [r] = await query(`SELECT * FROM conversations WHERE platform = $1 AND conversation_id = $2`, [platform, conversationId]);
      if (!r) return undefined;
      return { platform, id: conversationId, kind: r.kind as Conversation['kind'], reference: r.reference ?? undefined };
    },

    async savePersonAddress(a) {
      await query(
        `INSERT INTO people VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (email, platform) DO UPDATE SET
         conversation_id = coalesce(excluded.conversation_id, people.conversation_id),
         user_id = coalesce(excluded.user_id, people.user_id),
         reference = coalesce(excluded.reference, people.reference), updated_at = excluded.updated_at`,
        [a.platform, email(a.email), a.conversationId ?? null, a.userId ?? null, jsonb(a.reference), new Date().toISOString()],
      );
    },
    async personAddresses(who) {
      return (await query(`SELECT * FROM people WHERE email = $1 ORDER BY updated_at DESC`, [email(who)])).map(
        (r): PersonAddress => ({
          platform: r.platform as Platform,
          email: r.email as string,
          conversationId: (r.conversation_id as string | null) ?? undefined,
          userId: (r.user_id as string | null) ?? undefined,
          reference: r.reference ?? undefined,
          updatedAt: r.updated_at as string,
        }),
      );
    },

    async savePostedMessage(m) {
      await ready();
      await savePostedOn(pool, m);
    },
    async postedMessages(ticketId) {
      return (await query(`SELECT * FROM posted WHERE ticket_id = $1`, [ticketId])).map(toPosted);
    },
    async findPostedMessage(platform, conversationId, messageId) {
      const [r] = await query(`SELECT * FROM posted WHERE platform = $1 AND conversation_id = $2 AND message_id = $3`, [platform, conversationId, messageId]);
      return r && toPosted(r);
    },

    async getWatermark(name) {
      const [r] = await query(`SELECT value FROM watermarks WHERE name = $1`, [name]);
      return r?.value as string | undefined;
    },
    async getTicketStates(ids) {
      const out = new Map<number, TicketState>();
      const rows = await query(`SELECT * FROM ticket_state WHERE id = ANY($1::int[])`, [[...new Set(ids)]]);
      for (const r of rows) {
        out.set(r.id as number, {
          id: r.id as number,
          status: r.status as string,
          assignedTo: r.assigned as string,
          priority: r.priority as string,
          etag: r.etag as string,
          modified: iso(Number(r.modified)),
        });
      }
      return out;
    },
    async ticketStateCount() {
      const [r] = await query(`SELECT count(*)::int AS n FROM ticket_state`);
      return r.n as number;
    },
    async putTicketStates(states) {
      await ready();
      await putStates(pool, states);
    },
    async commitCycle(commit) {
      await tx((c) => commitCycleOn(c, commit));
    },

    async isDelivered(key) {
      return (await query(`SELECT 1 FROM delivered WHERE key = $1`, [key])).length > 0;
    },
    async deliveredAmong(keys) {
      const rows = await query(`SELECT key FROM delivered WHERE key = ANY($1::text[])`, [[...new Set(keys)]]);
      return new Set(rows.map((r) => r.key as string));
    },
    async markDelivered(key) {
      await query(`INSERT INTO delivered VALUES ($1, $2) ON CONFLICT DO NOTHING`, [key, Date.now()]);
    },
    async pruneDelivered(before) {
      const n = await count(`DELETE FROM delivered WHERE at < $1`, [before.getTime()]);
      await query(`DELETE FROM actions WHERE at < $1`, [before.getTime()]);
      await query(`DELETE FROM inbound WHERE expires_at <= $1`, [Date.now()]);
      await pruneMemos();
      return n;
    },

    // One statement each: the primary key decides which replica wins, whatever the timing.
    async claimInbound(key, ttlMs) {
      const now = Date.now();
      const rows = await query(
        `INSERT INTO inbound VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at WHERE inbound.expires_at <= $3 RETURNING key`,
        [key, now + ttlMs, now],
      );
      return rows.length > 0 ? 'first' : 'duplicate';
    },

    async setMuted(who, muted) {
      await query(`INSERT INTO prefs VALUES ($1, $2) ON CONFLICT (email) DO UPDATE SET muted = excluded.muted`, [email(who), muted]);
    },
    async mutedAmong(emails) {
      const wanted = [...new Set(emails.filter(Boolean).map(email))];
      const rows = await query(`SELECT email FROM prefs WHERE muted AND email = ANY($1::text[])`, [wanted]);
      return new Set(rows.map((r) => r.email as string));
    },

    async recordAction(h) {
      await query(
        `INSERT INTO actions VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (kind, item_id, etag) DO UPDATE SET actor = excluded.actor, origin_platform = excluded.origin_platform,
           origin_conversation = excluded.origin_conversation, at = excluded.at`,
        [h.kind, h.itemId, h.etag ?? '', email(h.actorEmail), h.origin?.platform ?? null, h.origin?.conversationId ?? null, Date.now()],
      );
    },
    async findAction(kind, itemId, etag) {
      const [r] = await query(`SELECT * FROM actions WHERE kind = $1 AND item_id = $2 AND etag = $3`, [kind, itemId, etag ?? '']);
      if (!r) return undefined;
      const origin = r.origin_platform ? { platform: r.origin_platform as Platform, conversationId: r.origin_conversation as string } : undefined;
      return { kind, itemId, etag, actorEmail: r.actor as string, origin };
    },

    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}

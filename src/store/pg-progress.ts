/**
 * What the poller has seen and sent, on PostgreSQL: watermarks, ticket states, the posted-card
 * map, delivered keys, action hints and inbound event ids. Same values as SQLite
 * (src/store/sqlite-progress.ts).
 */
import type pg from 'pg';
import type { PgQueries } from './pg-client';
import { email, epoch, toPosted, toTicketState } from './rows';
import type { CycleCommit, Platform, PostedMessage, Store, TicketState } from './types';

/** The part of the Store that keeps the poller's progress. */
export type ProgressStore = Pick<
  Store,
  | 'savePostedMessage' | 'postedMessages' | 'findPostedMessage' | 'getWatermark' | 'getTicketStates' | 'ticketStateCount'
  | 'putTicketStates' | 'commitCycle' | 'isDelivered' | 'deliveredAmong' | 'markDelivered' | 'claimInbound' | 'recordAction' | 'findAction'
> & {
  /** The cycle commit's statements, on a transaction's connection (the outbox commits with them). */
  commitCycleOn(c: pg.PoolClient, commit: CycleCommit): Promise<void>;
  /** Saves a posted card on a transaction's connection (the outbox finishes a send with it). */
  savePostedOn(c: pg.PoolClient | pg.Pool, m: PostedMessage): Promise<void>;
  /** Forgets delivered keys, action hints and inbound ids older than `before`; returns the delivered keys dropped. */
  pruneProgress(before: Date): Promise<number>;
};

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

/** Watermarks, states, cards, keys and hints over the shared database; `ready` migrates first. */
export function createPgProgress({ query, count, tx }: PgQueries, pool: pg.Pool, ready: () => Promise<void>): ProgressStore {
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

  return {
    commitCycleOn,
    savePostedOn,
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
      for (const r of rows) out.set(r.id as number, toTicketState(r));
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
    async pruneProgress(before) {
      const n = await count(`DELETE FROM delivered WHERE at < $1`, [before.getTime()]);
      await query(`DELETE FROM actions WHERE at < $1`, [before.getTime()]);
      await query(`DELETE FROM inbound WHERE expires_at <= $1`, [Date.now()]);
      return n;
    },

    // One statement: the primary key decides which replica wins, whatever the timing.
    async claimInbound(key, ttlMs) {
      const now = Date.now();
      const rows = await query(
        `INSERT INTO inbound VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at WHERE inbound.expires_at <= $3 RETURNING key`,
        [key, now + ttlMs, now],
      );
      return rows.length > 0 ? 'first' : 'duplicate';
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
  };
}

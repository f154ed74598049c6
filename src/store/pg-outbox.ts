/**
 * The notification outbox on PostgreSQL (table from migration 3 in pg-schema.ts). Several
 * replicas share it: a row is claimed in one UPDATE when a drainer starts its send, on the
 * database's clock, so two drainers by mistake never both send it; a dead drainer's claim expires.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { createHeartbeat, FORGET_AFTER_MS } from './liveness';
import { DEFAULT_CLAIM_MS } from './rows';
import type { CycleCommit, DeliveryOutbox, PendingDelivery, Platform, PostedMessage } from './types';

type Row = Record<string, unknown>;

/**
 * Planning and finishing take this transaction lock, so a plan's "not delivered yet" check never
 * reads a snapshot from before another drainer's finish (which deletes the row the plan's ON
 * CONFLICT would otherwise have hit): without it, two pollers by mistake could send a key twice.
 */
const OUTBOX_LOCK = 0x6f7574626f78; // 'outbox'

/** What the outbox needs from the rest of the PostgreSQL store. */
export interface PgOutboxDeps {
  query(sql: string, params?: unknown[]): Promise<Row[]>;
  tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T>;
  /** The cycle commit's statements, on the transaction's connection. */
  commitCycleOn(c: pg.PoolClient, commit: CycleCommit): Promise<void>;
  savePostedOn(c: pg.PoolClient, message: PostedMessage): Promise<void>;
}

const toPending = (r: Row): PendingDelivery => ({
  seq: Number(r.seq),
  key: r.key as string,
  lane: r.lane as string,
  ticketId: r.ticket_id as number,
  card: r.card_platform ? { platform: r.card_platform as Platform, conversationId: r.card_conversation as string } : undefined,
  payload: r.payload,
  createdAt: r.created_at as string,
  attempts: r.attempts as number,
  notBefore: Number(r.not_before),
  lastError: (r.last_error as string | null) ?? undefined,
});

/** The DeliveryOutbox methods over the shared database; `heartbeatMs` is how often this replica says it is alive (liveness.ts). */
export function createPgOutbox(deps: PgOutboxDeps, heartbeatMs?: number): DeliveryOutbox & { stopHeartbeat(): void } {
  const { query, tx } = deps;
  const holder = randomUUID();
  const heartbeat = createHeartbeat(async () => {
    await query(
      `INSERT INTO replica_heartbeats (id, seen_at) VALUES ($1, clock_timestamp()) ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at`,
      [holder],
    );
    await query(`DELETE FROM replica_heartbeats WHERE seen_at < clock_timestamp() - $1::int * interval '1 millisecond'`, [FORGET_AFTER_MS]);
  }, heartbeatMs);
  return {
    stopHeartbeat: () => heartbeat.stop(),
    async commitCycleWithDeliveries(commit, intents) {
      await tx(async (c) => {
        if (intents.length > 0) {
          await c.query('SELECT pg_advisory_xact_lock($1)', [OUTBOX_LOCK]);
          await c.query(
            `INSERT INTO outbox (key, lane, ticket_id, card_platform, card_conversation, payload, created_at)
             SELECT key, lane, ticket_id, card_platform, card_conversation, payload, created_at
             FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::jsonb[], $7::text[]) WITH ORDINALITY
               AS i(key, lane, ticket_id, card_platform, card_conversation, payload, created_at, n)
             WHERE NOT EXISTS (SELECT 1 FROM delivered d WHERE d.key = i.key)
             ORDER BY n
             ON CONFLICT (key) DO NOTHING`,
            [
              intents.map((i) => i.key),
              intents.map((i) => i.lane),
              intents.map((i) => i.ticketId),
              intents.map((i) => i.card?.platform ?? null),
              intents.map((i) => i.card?.conversationId ?? null),
              intents.map((i) => JSON.stringify(i.payload)),
              intents.map((i) => i.createdAt),
            ],
          );
        }
        await deps.commitCycleOn(c, commit);
      });
    },
    async dueDeliveries(now, limit, lane) {
      // Lane heads (lowest seq of each lane), then only those that are due: later sends never overtake a waiting head.
      const rows = await query(
        `SELECT o.* FROM outbox o JOIN (SELECT lane, min(seq) AS seq FROM outbox WHERE $3::text IS NULL OR lane = $3 GROUP BY lane) h ON o.seq = h.seq
         WHERE o.not_before <= $1 ORDER BY o.seq LIMIT $2`,
        [Math.min(now, Number.MAX_SAFE_INTEGER), limit, lane ?? null],
      );
      return rows.map(toPending);
    },
    async startDelivery(key, claimMs = DEFAULT_CLAIM_MS) {
      await heartbeat.fresh();
      // Free to take: unclaimed, expired, this replica's own, or held by a replica that stopped beating.
      const [r] = await query(
        `UPDATE outbox SET attempts = attempts + 1, claimed_by = $2, claimed_until = clock_timestamp() + $3::int * interval '1 millisecond'
         WHERE key = $1 AND (claimed_until IS NULL OR claimed_until < clock_timestamp() OR claimed_by = $2
           OR EXISTS (SELECT 1 FROM replica_heartbeats h WHERE h.id = outbox.claimed_by AND h.seen_at < clock_timestamp() - $4::int * interval '1 millisecond'))
         RETURNING attempts`,
        [key, holder, Math.round(claimMs), heartbeat.staleMs],
      );
      return (r?.attempts as number | undefined) ?? 0;
    },
    async finishDelivery(key, posted) {
      await tx(async (c) => {
        await c.query('SELECT pg_advisory_xact_lock($1)', [OUTBOX_LOCK]);
        if (posted) await deps.savePostedOn(c, posted);
        // Recorded as sent, so a second poller by mistake that planned it too cannot enqueue it again.
        await c.query(`INSERT INTO delivered VALUES ($1, $2) ON CONFLICT DO NOTHING`, [key, Date.now()]);
        await c.query(`DELETE FROM outbox WHERE key = $1`, [key]);
      });
    },
    async postponeDelivery(key, notBefore, error) {
      await query(`UPDATE outbox SET not_before = $2, last_error = $3, claimed_by = NULL, claimed_until = NULL WHERE key = $1`, [key, notBefore, error.slice(0, 500)]);
    },
    async dropLane(lane) {
      return (await query(`DELETE FROM outbox WHERE lane = $1 RETURNING 1`, [lane])).length;
    },
    async pendingCards(ticketId) {
      const rows = await query(`SELECT DISTINCT card_platform, card_conversation FROM outbox WHERE ticket_id = $1 AND card_platform IS NOT NULL`, [ticketId]);
      return rows.map((r) => ({ platform: r.card_platform as Platform, conversationId: r.card_conversation as string }));
    },
    async pendingDeliveryCount() {
      const [r] = await query(`SELECT count(*)::int AS n FROM outbox`);
      return r.n as number;
    },
  };
}

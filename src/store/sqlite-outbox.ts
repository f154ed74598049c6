/**
 * The notification outbox in SQLite (its table comes from migrations 2 and 3 in schema.ts). A
 * send's row is claimed when it starts, so two drainers on one file never both send it.
 */
import { randomUUID } from 'node:crypto';
import { createHeartbeat, FORGET_AFTER_MS } from './liveness';
import { DEFAULT_CLAIM_MS } from './rows';
import type Database from 'better-sqlite3';
import type { CycleCommit, DeliveryIntent, DeliveryOutbox, PendingDelivery, Platform, PostedMessage } from './types';

type Row = Record<string, unknown>;

/** What the outbox needs from the rest of the SQLite store, as synchronous steps it can run in its own transactions. */
export interface SqliteOutboxDeps {
  commitCycle(commit: CycleCommit): void;
  savePosted(message: PostedMessage): void;
}

/** The DeliveryOutbox methods over `db` (already migrated); `heartbeatMs` is how often this process says it is alive (liveness.ts). */
export function createSqliteOutbox(db: Database.Database, deps: SqliteOutboxDeps, heartbeatMs?: number): DeliveryOutbox & { stopHeartbeat(): void } {
  // One process per data directory: a claim found at open was left by a process that died.
  db.prepare(`UPDATE outbox SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by IS NOT NULL`).run();
  const holder = randomUUID();
  const q = {
    // A key already sent (recorded in delivered) is not owed again, whoever planned it.
    add: db.prepare(`INSERT OR IGNORE INTO outbox (key, lane, ticket_id, card_platform, card_conversation, payload, created_at)
      SELECT @key, @lane, @ticket, @platform, @conversation, @payload, @created WHERE NOT EXISTS (SELECT 1 FROM delivered WHERE key = @key)`),
    sent: db.prepare(`INSERT OR IGNORE INTO delivered (key, at) VALUES (?, ?)`),
    // Lane heads: the lowest seq of each lane, then only those that are due.
    due: db.prepare(`SELECT o.* FROM outbox o JOIN (SELECT lane, min(seq) AS seq FROM outbox GROUP BY lane) h ON o.seq = h.seq
      WHERE o.not_before <= ? ORDER BY o.seq LIMIT ?`),
    dueLane: db.prepare(`SELECT * FROM outbox WHERE lane = ? ORDER BY seq LIMIT 1`),
    // Free to take: unclaimed, expired, this process's own, or held by a process that stopped beating.
    start: db.prepare(`UPDATE outbox SET attempts = attempts + 1, claimed_by = @holder, claimed_until = @until
      WHERE key = @key AND (claimed_until IS NULL OR claimed_until < @now OR claimed_by = @holder
        OR EXISTS (SELECT 1 FROM replica_heartbeats h WHERE h.id = outbox.claimed_by AND h.seen_at < @stale)) RETURNING attempts`),
    beat: db.prepare(`INSERT INTO replica_heartbeats (id, seen_at) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at`),
    forget: db.prepare(`DELETE FROM replica_heartbeats WHERE seen_at < ?`),
    finish: db.prepare(`DELETE FROM outbox WHERE key = ?`),
    postpone: db.prepare(`UPDATE outbox SET not_before = ?, last_error = ?, claimed_by = NULL, claimed_until = NULL WHERE key = ?`),
    dropLane: db.prepare(`DELETE FROM outbox WHERE lane = ?`),
    cards: db.prepare(`SELECT DISTINCT card_platform, card_conversation FROM outbox WHERE ticket_id = ? AND card_platform IS NOT NULL`),
    count: db.prepare(`SELECT count(*) AS n FROM outbox`),
  };
  const heartbeat = createHeartbeat(async () => {
    const now = Date.now();
    q.beat.run(holder, now);
    q.forget.run(now - FORGET_AFTER_MS);
  }, heartbeatMs);
  const toPending = (r: Row): PendingDelivery => ({
    seq: r.seq as number,
    key: r.key as string,
    lane: r.lane as string,
    ticketId: r.ticket_id as number,
    card: r.card_platform ? { platform: r.card_platform as Platform, conversationId: r.card_conversation as string } : undefined,
    payload: JSON.parse(r.payload as string),
    createdAt: r.created_at as string,
    attempts: r.attempts as number,
    notBefore: r.not_before as number,
    lastError: (r.last_error as string | null) ?? undefined,
  });
  const commitWith = db.transaction((commit: CycleCommit, intents: DeliveryIntent[]) => {
    for (const i of intents) {
      q.add.run({ key: i.key, lane: i.lane, ticket: i.ticketId, platform: i.card?.platform ?? null, conversation: i.card?.conversationId ?? null, payload: JSON.stringify(i.payload), created: i.createdAt });
    }
    deps.commitCycle(commit);
  });
  const finish = db.transaction((key: string, posted?: PostedMessage) => {
    if (posted) deps.savePosted(posted);
    q.sent.run(key, Date.now());
    q.finish.run(key);
  });

  return {
    async commitCycleWithDeliveries(commit, intents) {
      commitWith(commit, intents);
    },
    async dueDeliveries(now, limit, lane) {
      if (lane !== undefined) {
        const r = q.dueLane.get(lane) as Row | undefined;
        return r && (r.not_before as number) <= now ? [toPending(r)] : [];
      }
      return (q.due.all(now, limit) as Row[]).map(toPending);
    },
    async startDelivery(key, claimMs = DEFAULT_CLAIM_MS) {
      await heartbeat.fresh();
      const now = Date.now();
      return ((q.start.get({ key, holder, until: now + claimMs, now, stale: now - heartbeat.staleMs }) as { attempts: number } | undefined)?.attempts) ?? 0;
    },
    async finishDelivery(key, posted) {
      finish(key, posted);
    },
    async postponeDelivery(key, notBefore, error) {
      q.postpone.run(notBefore, error.slice(0, 500), key);
    },
    async dropLane(lane) {
      return q.dropLane.run(lane).changes;
    },
    async pendingCards(ticketId) {
      return (q.cards.all(ticketId) as Row[]).map((r) => ({ platform: r.card_platform as Platform, conversationId: r.card_conversation as string }));
    },
    async pendingDeliveryCount() {
      return (q.count.get() as { n: number }).n;
    },
    stopHeartbeat: () => heartbeat.stop(),
  };
}

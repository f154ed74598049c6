/**
 * The notification outbox in SQLite. Its table is created here (IF NOT EXISTS) rather than as a
 * numbered migration, so it merges cleanly with other schema work.
 */
import type Database from 'better-sqlite3';
import type { CycleCommit, DeliveryIntent, DeliveryOutbox, PendingDelivery, Platform, PostedMessage } from './types';

type Row = Record<string, unknown>;

/** What the outbox needs from the rest of the SQLite store, as synchronous steps it can run in its own transactions. */
export interface SqliteOutboxDeps {
  commitCycle(commit: CycleCommit): void;
  savePosted(message: PostedMessage): void;
}

/** Creates the outbox table when missing and returns the DeliveryOutbox methods over `db`. */
export function createSqliteOutbox(db: Database.Database, deps: SqliteOutboxDeps): DeliveryOutbox {
  db.exec(`
    CREATE TABLE IF NOT EXISTS outbox (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      key TEXT NOT NULL UNIQUE, lane TEXT NOT NULL, ticket_id INTEGER NOT NULL,
      card_platform TEXT, card_conversation TEXT, payload TEXT NOT NULL, created_at TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0, not_before INTEGER NOT NULL DEFAULT 0, last_error TEXT
    );
    CREATE INDEX IF NOT EXISTS outbox_lane ON outbox (lane, seq);
    CREATE INDEX IF NOT EXISTS outbox_ticket ON outbox (ticket_id);
  `);
  const q = {
    add: db.prepare(`INSERT OR IGNORE INTO outbox (key, lane, ticket_id, card_platform, card_conversation, payload, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`),
    // Lane heads: the lowest seq of each lane, then only those that are due.
    due: db.prepare(`SELECT o.* FROM outbox o JOIN (SELECT lane, min(seq) AS seq FROM outbox GROUP BY lane) h ON o.seq = h.seq
      WHERE o.not_before <= ? ORDER BY o.seq LIMIT ?`),
    dueLane: db.prepare(`SELECT * FROM outbox WHERE lane = ? ORDER BY seq LIMIT 1`),
    start: db.prepare(`UPDATE outbox SET attempts = attempts + 1 WHERE key = ? RETURNING attempts`),
    finish: db.prepare(`DELETE FROM outbox WHERE key = ?`),
    postpone: db.prepare(`UPDATE outbox SET not_before = ?, last_error = ? WHERE key = ?`),
    dropLane: db.prepare(`DELETE FROM outbox WHERE lane = ?`),
    cards: db.prepare(`SELECT DISTINCT card_platform, card_conversation FROM outbox WHERE ticket_id = ? AND card_platform IS NOT NULL`),
    count: db.prepare(`SELECT count(*) AS n FROM outbox`),
  };
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
      q.add.run(i.key, i.lane, i.ticketId, i.card?.platform ?? null, i.card?.conversationId ?? null, JSON.stringify(i.payload), i.createdAt);
    }
    deps.commitCycle(commit);
  });
  const finish = db.transaction((key: string, posted?: PostedMessage) => {
    if (posted) deps.savePosted(posted);
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
    async startDelivery(key) {
      return ((q.start.get(key) as { attempts: number } | undefined)?.attempts) ?? 0;
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
  };
}

/**
 * What the poller has seen and sent, in SQLite: watermarks, ticket states, the posted-card map,
 * delivered keys, action hints and inbound event ids. Same values as PostgreSQL
 * (src/store/pg-progress.ts).
 */
import type Database from 'better-sqlite3';
import { email, epoch, toPosted, toTicketState } from './rows';
import { chunked } from './sqlite-chunks';
import type { CycleCommit, Platform, PostedMessage, Store, TicketState } from './types';

type Row = Record<string, unknown>;

/** The part of the Store that keeps the poller's progress. */
export type ProgressStore = Pick<
  Store,
  | 'savePostedMessage' | 'postedMessages' | 'findPostedMessage' | 'getWatermark' | 'getTicketStates' | 'ticketStateCount'
  | 'putTicketStates' | 'commitCycle' | 'isDelivered' | 'deliveredAmong' | 'markDelivered' | 'claimInbound' | 'recordAction' | 'findAction'
> & {
  /** The cycle commit's statements, for a transaction the caller runs (the outbox commits with them). */
  commitCycleSteps(commit: CycleCommit): void;
  /** Saves a posted card, for a transaction the caller runs (the outbox finishes a send with it). */
  savePosted(m: PostedMessage): void;
  /** Forgets delivered keys, action hints and inbound ids older than `before`; returns the delivered keys dropped. */
  pruneProgress(before: Date): number;
};

/** Watermarks, states, cards, keys and hints over `db` (already migrated). */
export function createSqliteProgress(db: Database.Database): ProgressStore {
  const q = {
    putPosted: db.prepare(`INSERT INTO posted VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (ticket_id, platform, conversation_id) DO UPDATE SET message_id = excluded.message_id, etag = excluded.etag`),
    postedFor: db.prepare(`SELECT * FROM posted WHERE ticket_id = ?`),
    postedBy: db.prepare(`SELECT * FROM posted WHERE platform = ? AND conversation_id = ? AND message_id = ?`),
    getWm: db.prepare(`SELECT value FROM watermarks WHERE name = ?`),
    putWm: db.prepare(`INSERT INTO watermarks VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value`),
    putState: db.prepare(`INSERT OR REPLACE INTO ticket_state VALUES (?, ?, ?, ?, ?, ?)`),
    countStates: db.prepare(`SELECT count(*) AS n FROM ticket_state`),
    isDelivered: db.prepare(`SELECT 1 FROM delivered WHERE key = ?`),
    markDelivered: db.prepare(`INSERT OR IGNORE INTO delivered VALUES (?, ?)`),
    prune: db.prepare(`DELETE FROM delivered WHERE at < ?`),
    putAction: db.prepare(`INSERT OR REPLACE INTO actions VALUES (?, ?, ?, ?, ?, ?, ?)`),
    getAction: db.prepare(`SELECT * FROM actions WHERE kind = ? AND item_id = ? AND etag = ?`),
    pruneActions: db.prepare(`DELETE FROM actions WHERE at < ?`),
    inbound: db.prepare(`INSERT INTO inbound VALUES (@key, @expires)
      ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at WHERE inbound.expires_at <= @now RETURNING key`),
    pruneInbound: db.prepare(`DELETE FROM inbound WHERE expires_at <= ?`),
  };

  const putStates = db.transaction((states: TicketState[]) => {
    for (const s of states) q.putState.run(s.id, s.status, s.assignedTo, s.priority, s.etag, epoch(s.modified));
  });
  const savePosted = (m: PostedMessage) =>
    void q.putPosted.run(m.platform, m.conversationId, m.ticketId, m.messageId, m.etag ?? null, new Date().toISOString());
  const commitCycleSteps = (commit: CycleCommit) => {
    putStates(commit.states);
    const now = Date.now();
    for (const k of commit.processedKeys) q.markDelivered.run(k, now);
    for (const [name, value] of Object.entries(commit.watermarks)) q.putWm.run(name, value);
  };

  return {
    commitCycleSteps,
    savePosted,
    async savePostedMessage(m) {
      savePosted(m);
    },
    async postedMessages(ticketId) {
      return (q.postedFor.all(ticketId) as Row[]).map(toPosted);
    },
    async findPostedMessage(platform, conversationId, messageId) {
      const r = q.postedBy.get(platform, conversationId, messageId) as Row | undefined;
      return r && toPosted(r);
    },

    async getWatermark(name) {
      return (q.getWm.get(name) as { value: string } | undefined)?.value;
    },
    async getTicketStates(ids) {
      const out = new Map<number, TicketState>();
      chunked([...new Set(ids)], (chunk) => {
        const rows = db.prepare(`SELECT * FROM ticket_state WHERE id IN (${chunk.map(() => '?').join(',')})`).all(...chunk) as Row[];
        for (const r of rows) out.set(r.id as number, toTicketState(r));
      });
      return out;
    },
    async ticketStateCount() {
      return (q.countStates.get() as { n: number }).n;
    },
    async putTicketStates(states) {
      putStates(states);
    },
    async commitCycle(commit) {
      db.transaction(commitCycleSteps)(commit);
    },

    async isDelivered(key) {
      return q.isDelivered.get(key) !== undefined;
    },
    async deliveredAmong(keys) {
      const out = new Set<string>();
      chunked([...new Set(keys)], (chunk) => {
        const rows = db.prepare(`SELECT key FROM delivered WHERE key IN (${chunk.map(() => '?').join(',')})`).all(...chunk) as Row[];
        for (const r of rows) out.add(r.key as string);
      });
      return out;
    },
    async markDelivered(key) {
      q.markDelivered.run(key, Date.now());
    },
    pruneProgress(before) {
      const n = q.prune.run(before.getTime()).changes;
      q.pruneActions.run(before.getTime());
      q.pruneInbound.run(Date.now());
      return n;
    },

    async claimInbound(key, ttlMs) {
      const now = Date.now();
      return q.inbound.get({ key, expires: now + ttlMs, now }) !== undefined ? 'first' : 'duplicate';
    },

    async recordAction(h) {
      q.putAction.run(h.kind, h.itemId, h.etag ?? '', email(h.actorEmail), h.origin?.platform ?? null, h.origin?.conversationId ?? null, Date.now());
    },
    async findAction(kind, itemId, etag) {
      const r = q.getAction.get(kind, itemId, etag ?? '') as Row | undefined;
      if (!r) return undefined;
      const origin = r.origin_platform ? { platform: r.origin_platform as Platform, conversationId: r.origin_conversation as string } : undefined;
      return { kind, itemId, etag, actorEmail: r.actor as string, origin };
    },
  };
}

/** The embedded default Store: one SQLite file (WAL) under the data directory, no set-up. */
import { createSqliteLocales } from './locales';
import { createSqliteSla } from './sla-sqlite';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { email, epoch, filterValue, iso, toPosted, toSub } from './rows';
import { migrate } from './schema';
import { createSqliteOutbox } from './sqlite-outbox';
import { createSqliteSearch } from './search-sqlite';
import { createSqliteMemos } from './memos';
import type { ActionHint, Conversation, CycleCommit, ConversationRecord, PersonAddress, PostedMessage, Platform, Store, TicketState } from './types';

/** Where the embedded store lives, relative to HELPDESK_DATA_DIR. */
export const STORE_FILE = 'helpdesk-bot.sqlite';

/** Options for createSqliteStore. */
export interface SqliteStoreConfig {
  /** Directory for `helpdesk-bot.sqlite`; created if missing. */
  dataDir?: string;
  /** Explicit file path (or ':memory:'); wins over dataDir. */
  file?: string;
}

type Row = Record<string, unknown>;

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : undefined);

/** Opens (creating on first start) the SQLite store and brings its schema up to date. */
export function createSqliteStore(config: SqliteStoreConfig): Store {
  const file = config.file ?? path.join(config.dataDir ?? '.', STORE_FILE);
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // WAL + NORMAL survives a process crash; only an OS crash can lose the last commit.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // better-sqlite3 builds SQLite with a 16 MiB page cache; the store's reads are by key, and with
  // 100,000 tickets known SQLite's own 2 MiB keeps the bot's peak RSS some 12 MiB lower.
  db.pragma('cache_size = -2000');
  migrate(db);

  const q = {
    addSub: db.prepare(`INSERT OR IGNORE INTO subscriptions VALUES (?, ?, ?, ?, ?, ?, ?)`),
    delSub: db.prepare(`DELETE FROM subscriptions WHERE platform = ? AND conversation_id = ? AND filter_kind = ? AND filter_value = ?`),
    delSubs: db.prepare(`DELETE FROM subscriptions WHERE platform = ? AND conversation_id = ?`),
    subs: db.prepare(`SELECT * FROM subscriptions WHERE platform = ? AND conversation_id = ? ORDER BY created_at, filter_kind`),
    allSubs: db.prepare(`SELECT * FROM subscriptions ORDER BY platform, conversation_id, created_at`),
    delPostedConv: db.prepare(`DELETE FROM posted WHERE platform = ? AND conversation_id = ?`),
    delConv: db.prepare(`DELETE FROM conversations WHERE platform = ? AND conversation_id = ?`),
    putConv: db.prepare(`INSERT INTO conversations VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (platform, conversation_id) DO UPDATE SET kind = excluded.kind,
      reference = coalesce(excluded.reference, conversations.reference), updated_at = excluded.updated_at`),
    getConv: db.prepare(`SELECT * FROM conversations WHERE platform = ? AND conversation_id = ?`),
    putPerson: db.prepare(`INSERT INTO people VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (email, platform) DO UPDATE SET
      conversation_id = coalesce(excluded.conversation_id, people.conversation_id),
      user_id = coalesce(excluded.user_id, people.user_id),
      reference = coalesce(excluded.reference, people.reference), updated_at = excluded.updated_at`),
    person: db.prepare(`SELECT * FROM people WHERE email = ? ORDER BY updated_at DESC`),
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
    putPref: db.prepare(`INSERT INTO prefs VALUES (?, ?) ON CONFLICT (email) DO UPDATE SET muted = excluded.muted`),
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
  // IN lists are chunked to stay under SQLite's bound-parameter limit.
  const chunked = <T>(items: T[], size: number, run: (chunk: T[]) => void) => {
    for (let i = 0; i < items.length; i += size) run(items.slice(i, i + size));
  };

  const savePosted = (m: PostedMessage) =>
    q.putPosted.run(m.platform, m.conversationId, m.ticketId, m.messageId, m.etag ?? null, new Date().toISOString());
  const commitCycle = (commit: CycleCommit) => {
    putStates(commit.states);
    const now = Date.now();
    for (const k of commit.processedKeys) q.markDelivered.run(k, now);
    for (const [name, value] of Object.entries(commit.watermarks)) q.putWm.run(name, value);
  };
  const outbox = createSqliteOutbox(db, { commitCycle, savePosted });

  const search = createSqliteSearch(db);
  const { pruneMemos, ...memos } = createSqliteMemos(db);

  return {
    ...outbox,
    ...search,
    ...memos,
    ...createSqliteLocales(db),
    ...createSqliteSla(db),
    async addSubscription(sub) {
      const c = sub.conversation;
      const r = q.addSub.run(c.platform, c.id, c.kind, sub.filter.kind, filterValue(sub.filter), email(sub.createdBy), sub.createdAt);
      return r.changes > 0;
    },
    async removeSubscriptions(platform, conversationId, filter) {
      if (!filter) return q.delSubs.run(platform, conversationId).changes;
      return q.delSub.run(platform, conversationId, filter.kind, filterValue(filter)).changes;
    },
    async listSubscriptions(platform, conversationId) {
      return (q.subs.all(platform, conversationId) as Row[]).map(toSub);
    },
    async allSubscriptions() {
      return (q.allSubs.all() as Row[]).map(toSub);
    },
    async dropConversation(platform, conversationId) {
      return db.transaction(() => {
        const n = q.delSubs.run(platform, conversationId).changes;
        q.delPostedConv.run(platform, conversationId);
        q.delConv.run(platform, conversationId);
        return n;
      })();
    },

    async saveConversation(record: ConversationRecord) {
      q.putConv.run(record.platform, record.id, record.kind, json(record.reference), new Date().toISOString());
    },
    async getConversation(platform, conversationId) {
      const r = q.getConv.get(platform, conversationId) as Row | undefined;
      if (!r) return undefined;
      return { platform, id: conversationId, kind: r.kind as Conversation['kind'], reference: parse(r.reference) };
    },

    async savePersonAddress(a) {
      q.putPerson.run(a.platform, email(a.email), a.conversationId ?? null, a.userId ?? null, json(a.reference), new Date().toISOString());
    },
    async personAddresses(who) {
      return (q.person.all(email(who)) as Row[]).map(
        (r): PersonAddress => ({
          platform: r.platform as Platform,
          email: r.email as string,
          conversationId: (r.conversation_id as string | null) ?? undefined,
          userId: (r.user_id as string | null) ?? undefined,
          reference: parse(r.reference),
          updatedAt: r.updated_at as string,
        }),
      );
    },

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
      chunked([...new Set(ids)], 500, (chunk) => {
        const rows = db.prepare(`SELECT * FROM ticket_state WHERE id IN (${chunk.map(() => '?').join(',')})`).all(...chunk) as Row[];
        for (const r of rows) {
          out.set(r.id as number, {
            id: r.id as number,
            status: r.status as string,
            assignedTo: r.assigned as string,
            priority: r.priority as string,
            etag: r.etag as string,
            modified: iso(r.modified as number),
          });
        }
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
      db.transaction(commitCycle)(commit);
    },

    async isDelivered(key) {
      return q.isDelivered.get(key) !== undefined;
    },
    async deliveredAmong(keys) {
      const out = new Set<string>();
      chunked([...new Set(keys)], 500, (chunk) => {
        const rows = db.prepare(`SELECT key FROM delivered WHERE key IN (${chunk.map(() => '?').join(',')})`).all(...chunk) as Row[];
        for (const r of rows) out.add(r.key as string);
      });
      return out;
    },
    async markDelivered(key) {
      q.markDelivered.run(key, Date.now());
    },
    async pruneDelivered(before) {
      const n = q.prune.run(before.getTime()).changes;
      q.pruneActions.run(before.getTime());
      q.pruneInbound.run(Date.now());
      pruneMemos();
      return n;
    },

    async claimInbound(key, ttlMs) {
      const now = Date.now();
      return q.inbound.get({ key, expires: now + ttlMs, now }) !== undefined ? 'first' : 'duplicate';
    },

    async setMuted(who, muted) {
      q.putPref.run(email(who), muted ? 1 : 0);
    },
    async mutedAmong(emails) {
      const out = new Set<string>();
      const wanted = [...new Set(emails.filter(Boolean).map(email))];
      chunked(wanted, 500, (chunk) => {
        const rows = db.prepare(`SELECT email FROM prefs WHERE muted = 1 AND email IN (${chunk.map(() => '?').join(',')})`).all(...chunk) as Row[];
        for (const r of rows) out.add(r.email as string);
      });
      return out;
    },

    async recordAction(h: ActionHint) {
      q.putAction.run(h.kind, h.itemId, h.etag ?? '', email(h.actorEmail), h.origin?.platform ?? null, h.origin?.conversationId ?? null, Date.now());
    },
    async findAction(kind, itemId, etag) {
      const r = q.getAction.get(kind, itemId, etag ?? '') as Row | undefined;
      if (!r) return undefined;
      const origin = r.origin_platform
        ? { platform: r.origin_platform as Platform, conversationId: r.origin_conversation as string }
        : undefined;
      return { kind, itemId, etag, actorEmail: r.actor as string, origin };
    },

    async close() {
      if (db.open) db.close();
    },
  };
}

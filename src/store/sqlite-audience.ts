/**
 * Who hears about what, in SQLite: subscriptions, conversations (with their Teams references),
 * people's private addresses and who muted notifications. Same values as PostgreSQL
 * (src/store/pg-audience.ts).
 */
import type Database from 'better-sqlite3';
import { chunked } from './sqlite-chunks';
import { email, filterValue, toSub } from './rows';
import type { Conversation, PersonAddress, Platform, Store } from './types';

type Row = Record<string, unknown>;

/** The part of the Store that says who to tell and how to reach them. */
export type AudienceStore = Pick<
  Store,
  | 'addSubscription' | 'removeSubscriptions' | 'listSubscriptions' | 'allSubscriptions' | 'dropConversation'
  | 'saveConversation' | 'getConversation' | 'savePersonAddress' | 'personAddresses' | 'setMuted' | 'mutedAmong'
>;

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : undefined);

/** Subscriptions, conversations, addresses and mutes over `db` (already migrated). */
export function createSqliteAudience(db: Database.Database): AudienceStore {
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
    putPref: db.prepare(`INSERT INTO prefs VALUES (?, ?) ON CONFLICT (email) DO UPDATE SET muted = excluded.muted`),
  };
  const drop = db.transaction((platform: Platform, conversationId: string) => {
    const n = q.delSubs.run(platform, conversationId).changes;
    q.delPostedConv.run(platform, conversationId);
    q.delConv.run(platform, conversationId);
    return n;
  });

  return {
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
      return drop(platform, conversationId);
    },

    async saveConversation(record) {
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

    async setMuted(who, muted) {
      q.putPref.run(email(who), muted ? 1 : 0);
    },
    async mutedAmong(emails) {
      const out = new Set<string>();
      const wanted = [...new Set(emails.filter(Boolean).map(email))];
      chunked(wanted, (chunk) => {
        const rows = db.prepare(`SELECT email FROM prefs WHERE muted = 1 AND email IN (${chunk.map(() => '?').join(',')})`).all(...chunk) as Row[];
        for (const r of rows) out.add(r.email as string);
      });
      return out;
    },
  };
}

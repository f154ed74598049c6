/**
 * Who hears about what, on PostgreSQL: subscriptions, conversations (with their Teams
 * references), people's private addresses and who muted notifications. Same values as SQLite
 * (src/store/sqlite-audience.ts).
 */
import type pg from 'pg';
import { email, filterValue, toSub } from './rows';
import type { Conversation, PersonAddress, Platform, Store } from './types';

type Row = Record<string, unknown>;

/** The queries these methods run, from the store around them. */
export interface PgQueries {
  query(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Rows changed by `sql`. */
  count(sql: string, params: unknown[]): Promise<number>;
  tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T>;
}

/** The part of the Store that says who to tell and how to reach them. */
export type AudienceStore = Pick<
  Store,
  | 'addSubscription' | 'removeSubscriptions' | 'listSubscriptions' | 'allSubscriptions' | 'dropConversation'
  | 'saveConversation' | 'getConversation' | 'savePersonAddress' | 'personAddresses' | 'setMuted' | 'mutedAmong'
>;

const jsonb = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

/** Subscriptions, conversations, addresses and mutes over the shared database. */
export function createPgAudience({ query, count, tx }: PgQueries): AudienceStore {
  return {
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

    async setMuted(who, muted) {
      await query(`INSERT INTO prefs VALUES ($1, $2) ON CONFLICT (email) DO UPDATE SET muted = excluded.muted`, [email(who), muted]);
    },
    async mutedAmong(emails) {
      const wanted = [...new Set(emails.filter(Boolean).map(email))];
      const rows = await query(`SELECT email FROM prefs WHERE muted AND email = ANY($1::text[])`, [wanted]);
      return new Set(rows.map((r) => r.email as string));
    },
  };
}

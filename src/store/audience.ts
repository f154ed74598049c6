/**
 * Who hears about what, on either engine: subscriptions, conversations (with their Teams
 * references), people's private addresses and who muted notifications.
 */
import type { Selectable } from 'kysely';
import type { StoreSql } from './kysely';
import { email, filterValue, toFilter } from './rows';
import type { SubscriptionsTable } from './tables';
import type { PersonAddress, Store, SubscriptionRecord } from './types';
import { inChunks, isSet, kindOf, platformOf } from './values';

/** The part of the Store that says who to tell and how to reach them. */
export type AudienceStore = Pick<
  Store,
  | 'addSubscription' | 'removeSubscriptions' | 'listSubscriptions' | 'allSubscriptions' | 'dropConversation'
  | 'saveConversation' | 'getConversation' | 'savePersonAddress' | 'personAddresses' | 'setMuted' | 'mutedAmong'
>;

const toSub = (r: Selectable<SubscriptionsTable>): SubscriptionRecord => ({
  conversation: { platform: platformOf(r.platform), id: r.conversation_id, kind: kindOf(r.conversation_kind) },
  filter: toFilter(r.filter_kind, r.filter_value),
  createdBy: r.created_by,
  createdAt: r.created_at,
});

const jsonOrNull = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

/** Subscriptions, conversations, addresses and mutes on either engine. */
export function createAudience({ db, values }: StoreSql): AudienceStore {
  const reference = (stored: unknown) => (stored === null ? undefined : values.json(stored));
  const subsOf = (platform: string, conversationId: string) => db.deleteFrom('subscriptions').where('platform', '=', platform).where('conversation_id', '=', conversationId);
  return {
    async addSubscription(sub) {
      const c = sub.conversation;
      const row = { platform: c.platform, conversation_id: c.id, conversation_kind: c.kind, filter_kind: sub.filter.kind, filter_value: filterValue(sub.filter), created_by: email(sub.createdBy), created_at: sub.createdAt };
      const added = await db.insertInto('subscriptions').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
      return Number(added.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async removeSubscriptions(platform, conversationId, filter) {
      const query = filter ? subsOf(platform, conversationId).where('filter_kind', '=', filter.kind).where('filter_value', '=', filterValue(filter)) : subsOf(platform, conversationId);
      return Number((await query.executeTakeFirst()).numDeletedRows);
    },
    async listSubscriptions(platform, conversationId) {
      const rows = await db.selectFrom('subscriptions').selectAll().where('platform', '=', platform).where('conversation_id', '=', conversationId).orderBy('created_at').orderBy('filter_kind').execute();
      return rows.map(toSub);
    },
    async allSubscriptions() {
      return (await db.selectFrom('subscriptions').selectAll().orderBy('platform').orderBy('conversation_id').orderBy('created_at').execute()).map(toSub);
    },
    dropConversation: (platform, conversationId) =>
      db.transaction().execute(async (trx) => {
        const n = await trx.deleteFrom('subscriptions').where('platform', '=', platform).where('conversation_id', '=', conversationId).executeTakeFirst();
        await trx.deleteFrom('posted').where('platform', '=', platform).where('conversation_id', '=', conversationId).execute();
        await trx.deleteFrom('conversations').where('platform', '=', platform).where('conversation_id', '=', conversationId).execute();
        return Number(n.numDeletedRows);
      }),

    async saveConversation(record) {
      await db
        .insertInto('conversations')
        .values({ platform: record.platform, conversation_id: record.id, kind: record.kind, reference: jsonOrNull(record.reference), updated_at: new Date().toISOString() })
        .onConflict((oc) =>
          oc.columns(['platform', 'conversation_id']).doUpdateSet((eb) => ({
            kind: eb.ref('excluded.kind'),
            reference: eb.fn.coalesce('excluded.reference', 'conversations.reference'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },
    async getConversation(platform, conversationId) {
      const r = await db.selectFrom('conversations').select(['kind', 'reference']).where('platform', '=', platform).where('conversation_id', '=', conversationId).executeTakeFirst();
      return r && { platform, id: conversationId, kind: kindOf(r.kind), reference: reference(r.reference) };
    },

    async savePersonAddress(a) {
      await db
        .insertInto('people')
        .values({ platform: a.platform, email: email(a.email), conversation_id: a.conversationId ?? null, user_id: a.userId ?? null, reference: jsonOrNull(a.reference), updated_at: new Date().toISOString() })
        .onConflict((oc) =>
          oc.columns(['email', 'platform']).doUpdateSet((eb) => ({
            conversation_id: eb.fn.coalesce('excluded.conversation_id', 'people.conversation_id'),
            user_id: eb.fn.coalesce('excluded.user_id', 'people.user_id'),
            reference: eb.fn.coalesce('excluded.reference', 'people.reference'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },
    async personAddresses(who) {
      const rows = await db.selectFrom('people').selectAll().where('email', '=', email(who)).orderBy('updated_at', 'desc').execute();
      return rows.map(
        (r): PersonAddress => ({
          platform: platformOf(r.platform),
          email: r.email,
          conversationId: r.conversation_id ?? undefined,
          userId: r.user_id ?? undefined,
          reference: reference(r.reference),
          updatedAt: r.updated_at,
        }),
      );
    },

    async setMuted(who, muted) {
      await db.insertInto('prefs').values({ email: email(who), muted: values.flag(muted) }).onConflict((oc) => oc.column('email').doUpdateSet({ muted: values.flag(muted) })).execute();
    },
    async mutedAmong(emails) {
      const wanted = [...new Set(emails.filter(Boolean).map(email))];
      const rows = await inChunks(wanted, (chunk) => db.selectFrom('prefs').select(['email', 'muted']).where('email', 'in', chunk).execute());
      return new Set(rows.filter((r) => isSet(r.muted)).map((r) => r.email));
    },
  };
}

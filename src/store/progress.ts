/**
 * What the poller has seen and sent, on either engine: watermarks, ticket states, the posted-card
 * map, delivered keys, action hints and inbound event ids.
 */
import type { Selectable } from 'kysely';
import type { StoreSql } from './kysely';
import { email, epoch, iso } from './rows';
import type { PostedTable, StoreDb } from './tables';
import type { CycleCommit, PostedMessage, Store, TicketState } from './types';
import { inChunks, int8, platformOf } from './values';

/** The part of the Store that keeps the poller's progress. */
export type ProgressStore = Pick<
  Store,
  | 'savePostedMessage' | 'postedMessages' | 'findPostedMessage' | 'getWatermark' | 'getTicketStates' | 'ticketStateCount'
  | 'putTicketStates' | 'commitCycle' | 'isDelivered' | 'deliveredAmong' | 'markDelivered' | 'claimInbound' | 'recordAction' | 'findAction'
> & {
  /** Forgets delivered keys, action hints and inbound ids older than `before`; returns the delivered keys dropped. */
  pruneProgress(before: Date): Promise<number>;
};

const toPosted = (r: Selectable<PostedTable>): PostedMessage => ({
  platform: platformOf(r.platform),
  conversationId: r.conversation_id,
  ticketId: r.ticket_id,
  messageId: r.message_id,
  etag: r.etag ?? undefined,
});

/** Adds or replaces ticket states, a thousand to a statement (in `db`, a transaction or not). */
export async function putStates(db: StoreDb, states: readonly TicketState[]): Promise<void> {
  await inChunks(states, async (chunk) => {
    const rows = chunk.map((s) => ({ id: s.id, status: s.status, assigned: s.assignedTo, priority: s.priority, etag: s.etag, modified: epoch(s.modified) }));
    await db
      .insertInto('ticket_state')
      .values(rows)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          assigned: eb.ref('excluded.assigned'),
          priority: eb.ref('excluded.priority'),
          etag: eb.ref('excluded.etag'),
          modified: eb.ref('excluded.modified'),
        })),
      )
      .execute();
    return [];
  }, 1000);
}

/** Records keys as delivered (or processed) now; a key already there keeps its time. */
export async function markAll(db: StoreDb, keys: readonly string[]): Promise<void> {
  const at = Date.now();
  await inChunks([...new Set(keys)], async (chunk) => {
    await db.insertInto('delivered').values(chunk.map((key) => ({ key, at }))).onConflict((oc) => oc.column('key').doNothing()).execute();
    return [];
  }, 2000);
}

/** A finished cycle's states, processed keys and watermarks (in the caller's transaction: the outbox commits with them). */
export async function commitCycleIn(db: StoreDb, commit: CycleCommit): Promise<void> {
  await putStates(db, commit.states);
  await markAll(db, commit.processedKeys);
  for (const [name, value] of Object.entries(commit.watermarks)) {
    await db.insertInto('watermarks').values({ name, value }).onConflict((oc) => oc.column('name').doUpdateSet({ value })).execute();
  }
}

/** Saves the card posted about a ticket in a conversation (in the caller's transaction: the outbox finishes a send with it). */
export async function savePostedIn(db: StoreDb, m: PostedMessage): Promise<void> {
  await db
    .insertInto('posted')
    .values({ platform: m.platform, conversation_id: m.conversationId, ticket_id: m.ticketId, message_id: m.messageId, etag: m.etag ?? null, posted_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['ticket_id', 'platform', 'conversation_id']).doUpdateSet({ message_id: m.messageId, etag: m.etag ?? null }))
    .execute();
}

/** Watermarks, states, cards, keys and hints on either engine. */
export function createProgress({ db }: StoreSql): ProgressStore {
  return {
    savePostedMessage: (m) => savePostedIn(db, m),
    async postedMessages(ticketId) {
      return (await db.selectFrom('posted').selectAll().where('ticket_id', '=', ticketId).execute()).map(toPosted);
    },
    async findPostedMessage(platform, conversationId, messageId) {
      const r = await db.selectFrom('posted').selectAll().where('platform', '=', platform).where('conversation_id', '=', conversationId).where('message_id', '=', messageId).executeTakeFirst();
      return r && toPosted(r);
    },

    async getWatermark(name) {
      return (await db.selectFrom('watermarks').select('value').where('name', '=', name).executeTakeFirst())?.value;
    },
    async getTicketStates(ids) {
      const rows = await inChunks([...new Set(ids)], (chunk) => db.selectFrom('ticket_state').selectAll().where('id', 'in', chunk).execute());
      return new Map(rows.map((r): [number, TicketState] => [r.id, { id: r.id, status: r.status, assignedTo: r.assigned, priority: r.priority, etag: r.etag, modified: iso(int8(r.modified)) }]));
    },
    async ticketStateCount() {
      return Number((await db.selectFrom('ticket_state').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    },
    putTicketStates: (states) => db.transaction().execute((trx) => putStates(trx, states)),
    commitCycle: (commit) => db.transaction().execute((trx) => commitCycleIn(trx, commit)),

    async isDelivered(key) {
      return (await db.selectFrom('delivered').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;
    },
    async deliveredAmong(keys) {
      const rows = await inChunks([...new Set(keys)], (chunk) => db.selectFrom('delivered').select('key').where('key', 'in', chunk).execute());
      return new Set(rows.map((r) => r.key));
    },
    markDelivered: (key) => markAll(db, [key]),
    async pruneProgress(before) {
      const gone = await db.deleteFrom('delivered').where('at', '<', before.getTime()).executeTakeFirst();
      await db.deleteFrom('actions').where('at', '<', before.getTime()).execute();
      await db.deleteFrom('inbound').where('expires_at', '<=', Date.now()).execute();
      return Number(gone.numDeletedRows);
    },

    // One statement: the primary key decides which replica wins, whatever the timing.
    async claimInbound(key, ttlMs) {
      const now = Date.now();
      const won = await db
        .insertInto('inbound')
        .values({ key, expires_at: now + ttlMs })
        .onConflict((oc) => oc.column('key').doUpdateSet({ expires_at: now + ttlMs }).where('inbound.expires_at', '<=', now))
        .returning('key')
        .executeTakeFirst();
      return won ? 'first' : 'duplicate';
    },

    async recordAction(h) {
      const set = { actor: email(h.actorEmail), origin_platform: h.origin?.platform ?? null, origin_conversation: h.origin?.conversationId ?? null, at: Date.now() };
      await db
        .insertInto('actions')
        .values({ kind: h.kind, item_id: h.itemId, etag: h.etag ?? '', ...set })
        .onConflict((oc) => oc.columns(['kind', 'item_id', 'etag']).doUpdateSet(set))
        .execute();
    },
    async findAction(kind, itemId, etag) {
      const r = await db.selectFrom('actions').selectAll().where('kind', '=', kind).where('item_id', '=', itemId).where('etag', '=', etag ?? '').executeTakeFirst();
      if (!r) return undefined;
      const origin = r.origin_platform && r.origin_conversation !== null ? { platform: platformOf(r.origin_platform), conversationId: r.origin_conversation } : undefined;
      return { kind, itemId, etag, actorEmail: r.actor, origin };
    },
  };
}

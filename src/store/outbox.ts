/**
 * The notification outbox on either engine. Several drainers may share it (replicas on
 * PostgreSQL, processes on one SQLite file): a row is claimed in one UPDATE when a drainer starts
 * its send, so two never both send it; a dead drainer's claim is free once it stops beating
 * (liveness.ts) or expires. The clock and the planning lock differ by engine (claims-locking.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { claimClock, takeOutboxTurn } from './claims-locking';
import type { StoreSql } from './kysely';
import { createHeartbeat, FORGET_AFTER_MS } from './liveness';
import { commitCycleIn, savePostedIn } from './progress';
import { DEFAULT_CLAIM_MS } from './rows';
import type { OutboxTable } from './tables';
import type { DeliveryOutbox, PendingDelivery } from './types';
import { inChunks, int8, platformOf, type Values } from './values';

const toPending = (r: Selectable<OutboxTable>, values: Values): PendingDelivery => ({
  seq: int8(r.seq),
  key: r.key,
  lane: r.lane,
  ticketId: r.ticket_id,
  card: r.card_platform && r.card_conversation !== null ? { platform: platformOf(r.card_platform), conversationId: r.card_conversation } : undefined,
  payload: values.json(r.payload),
  createdAt: r.created_at,
  attempts: r.attempts,
  notBefore: int8(r.not_before),
  lastError: r.last_error ?? undefined,
});

/** The DeliveryOutbox methods; `heartbeatMs` is how often this process says it is alive (liveness.ts). */
export function createOutbox(store: StoreSql, heartbeatMs?: number): DeliveryOutbox & { stopHeartbeat(): void; releaseClaims(): Promise<void> } {
  const { db, values } = store;
  const clock = claimClock(store);
  const holder = randomUUID();
  const heartbeat = createHeartbeat(async () => {
    await db.insertInto('replica_heartbeats').values({ id: holder, seen_at: clock.now() }).onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ seen_at: eb.ref('excluded.seen_at') }))).execute();
    await db.deleteFrom('replica_heartbeats').where('seen_at', '<', clock.in(-FORGET_AFTER_MS)).execute();
  }, heartbeatMs);
  return {
    stopHeartbeat: () => heartbeat.stop(),
    // One process per SQLite data directory: a claim found at open was left by a process that died.
    async releaseClaims() {
      await db.updateTable('outbox').set({ claimed_by: null, claimed_until: null }).where('claimed_by', 'is not', null).execute();
    },
    commitCycleWithDeliveries: (commit, intents) =>
      db.transaction().execute(async (trx) => {
        if (intents.length > 0) {
          await takeOutboxTurn(store, trx);
          // A key already sent (recorded in delivered) is not owed again, whoever planned it.
          const sent = new Set((await inChunks(intents.map((i) => i.key), (keys) => trx.selectFrom('delivered').select('key').where('key', 'in', keys).execute())).map((r) => r.key));
          const owed = intents.filter((i) => !sent.has(i.key));
          await inChunks(owed, async (chunk) => {
            // One row at a time keeps enqueue order in seq on both engines.
            for (const i of chunk) {
              await trx
                .insertInto('outbox')
                .values({ key: i.key, lane: i.lane, ticket_id: i.ticketId, card_platform: i.card?.platform ?? null, card_conversation: i.card?.conversationId ?? null, payload: JSON.stringify(i.payload), created_at: i.createdAt })
                .onConflict((oc) => oc.column('key').doNothing())
                .execute();
            }
            return [];
          });
        }
        await commitCycleIn(trx, commit);
      }),
    async dueDeliveries(now, limit, lane) {
      // Lane heads (lowest seq of each lane), then only those that are due: later sends never overtake a waiting head.
      const heads = db
        .selectFrom('outbox')
        .select((eb) => ['lane', eb.fn.min('seq').as('seq')])
        .$if(lane !== undefined, (q) => q.where('lane', '=', lane ?? ''))
        .groupBy('lane')
        .as('h');
      const rows = await db
        .selectFrom('outbox as o')
        .innerJoin(heads, (join) => join.onRef('o.seq', '=', 'h.seq'))
        .selectAll('o')
        .where('o.not_before', '<=', Math.min(now, Number.MAX_SAFE_INTEGER))
        .orderBy('o.seq')
        .limit(limit)
        .execute();
      return rows.map((r) => toPending(r, values));
    },
    async startDelivery(key, claimMs = DEFAULT_CLAIM_MS) {
      await heartbeat.fresh();
      // Free to take: unclaimed, expired, this process's own, or held by a process that stopped beating.
      const claimed = await db
        .updateTable('outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), claimed_by: holder, claimed_until: clock.in(claimMs) }))
        .where('key', '=', key)
        .where((eb) =>
          eb.or([
            eb('claimed_until', 'is', null),
            eb('claimed_until', '<', clock.now()),
            eb('claimed_by', '=', holder),
            eb.exists(eb.selectFrom('replica_heartbeats as h').select('h.id').whereRef('h.id', '=', 'outbox.claimed_by').where('h.seen_at', '<', clock.in(-heartbeat.staleMs))),
          ]),
        )
        .returning('attempts')
        .executeTakeFirst();
      return claimed?.attempts ?? 0;
    },
    finishDelivery: (key, posted) =>
      db.transaction().execute(async (trx) => {
        await takeOutboxTurn(store, trx);
        if (posted) await savePostedIn(trx, posted);
        // Recorded as sent, so a second poller by mistake that planned it too cannot enqueue it again.
        await trx.insertInto('delivered').values({ key, at: Date.now() }).onConflict((oc) => oc.column('key').doNothing()).execute();
        await trx.deleteFrom('outbox').where('key', '=', key).execute();
      }),
    async postponeDelivery(key, notBefore, error) {
      await db.updateTable('outbox').set({ not_before: notBefore, last_error: error.slice(0, 500), claimed_by: null, claimed_until: null }).where('key', '=', key).execute();
    },
    async dropLane(lane) {
      return Number((await db.deleteFrom('outbox').where('lane', '=', lane).executeTakeFirst()).numDeletedRows);
    },
    async pendingCards(ticketId) {
      const rows = await db.selectFrom('outbox').select(['card_platform', 'card_conversation']).distinct().where('ticket_id', '=', ticketId).where('card_platform', 'is not', null).execute();
      return rows.flatMap((r) => (r.card_platform && r.card_conversation !== null ? [{ platform: platformOf(r.card_platform), conversationId: r.card_conversation }] : []));
    },
    async pendingDeliveryCount() {
      return Number((await db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    },
  };
}

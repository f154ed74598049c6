/** The Store's outbox contract, run against every engine (SQLite and PostgreSQL). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryIntent, Store } from '../../src/store';
import { pgProblem } from '../support/postgres';
import { engines } from './engines';

const intent = (key: string, lane: string, over: Partial<DeliveryIntent> = {}): DeliveryIntent =>
  ({ key, lane, ticketId: 1, payload: { text: key }, createdAt: '2026-11-22T10:00:00.000Z', ...over });
const commit = (mark: string) => ({ watermarks: { 'tickets.modified': mark }, states: [], processedKeys: [] });

describe.each(engines)('$name delivery outbox', (engine) => {
  if (!engine.available()) {
    it.skip(`cannot run: ${pgProblem()}`, () => undefined);
    return;
  }
  let location: string;
  let store: Store;
  const others: Store[] = [];
  beforeEach(async () => {
    location = await engine.fresh();
    store = await engine.open(location);
  });
  afterEach(async () => {
    for (const s of others.splice(0)) await s.close();
    await store.close();
    engine.cleanup(location);
  });

  it('enqueues with the watermark in one step, ignores a key already pending, and hands out one head per lane in order', async () => {
    await store.commitCycleWithDeliveries(commit('2026-11-22T10:00:00Z'), [intent('a1', 'A'), intent('b1', 'B'), intent('a2', 'A')]);
    await store.commitCycleWithDeliveries(commit('2026-11-22T10:00:15Z'), [intent('a1', 'A', { payload: { text: 'other' } })]);
    expect(await store.getWatermark('tickets.modified')).toBe('2026-11-22T10:00:15Z');
    expect(await store.pendingDeliveryCount()).toBe(3);
    const heads = await store.dueDeliveries(Date.now(), 10);
    expect(heads.map((h) => [h.key, h.attempts, h.payload])).toEqual([['a1', 0, { text: 'a1' }], ['b1', 0, { text: 'b1' }]]);
    expect((await store.dueDeliveries(Date.now(), 10, 'A')).map((h) => h.key)).toEqual(['a1']);
  });

  it('a postponed head holds its lane (nothing overtakes it) but not the other lanes', async () => {
    await store.commitCycleWithDeliveries(commit('x'), [intent('a1', 'A'), intent('a2', 'A'), intent('b1', 'B')]);
    expect(await store.startDelivery('a1')).toBe(1);
    await store.postponeDelivery('a1', 5000, 'HTTP 503');
    expect((await store.dueDeliveries(4999, 10)).map((h) => h.key)).toEqual(['b1']);
    const [a] = await store.dueDeliveries(5000, 10, 'A');
    expect([a.key, a.attempts, a.lastError, a.notBefore]).toEqual(['a1', 1, 'HTTP 503', 5000]);
    expect(await store.startDelivery('a1')).toBe(2);
  });

  it('finishing a card send saves the posted card with it; pending cards are visible until then', async () => {
    await store.commitCycleWithDeliveries(commit('x'), [intent('c1', 'slack:C1', { card: { platform: 'slack', conversationId: 'C1' } })]);
    expect(await store.pendingCards(1)).toEqual([{ platform: 'slack', conversationId: 'C1' }]);
    await store.finishDelivery('c1', { platform: 'slack', conversationId: 'C1', ticketId: 1, messageId: '1.0001', etag: '"e"' });
    expect(await store.pendingCards(1)).toEqual([]);
    expect((await store.postedMessages(1)).map((p) => p.messageId)).toEqual(['1.0001']);
    expect(await store.pendingDeliveryCount()).toBe(0);
  });

  it('dropping a lane removes only that conversation\'s sends, and the outbox survives reopening', async () => {
    await store.commitCycleWithDeliveries(commit('x'), [intent('a1', 'A'), intent('a2', 'A'), intent('b1', 'B')]);
    expect(await store.dropLane('A')).toBe(2);
    await store.close();
    store = await engine.open(location);
    expect((await store.dueDeliveries(Date.now(), 10)).map((h) => h.key)).toEqual(['b1']);
  });

  it('a send already finished is not owed again when a late cycle plans the same key', async () => {
    await store.commitCycleWithDeliveries(commit('x'), [intent('a1', 'A')]);
    expect(await store.startDelivery('a1')).toBe(1);
    await store.finishDelivery('a1');
    await store.commitCycleWithDeliveries(commit('y'), [intent('a1', 'A'), intent('a2', 'A')]);
    expect((await store.dueDeliveries(Date.now(), 10)).map((h) => h.key)).toEqual(['a2']);
  });

  it('a row started by one drainer is not started by a second until the first postpones it', async () => {
    const other = await engine.open(location);
    others.push(other);
    await store.commitCycleWithDeliveries(commit('x'), [intent('a1', 'A')]);
    const tries = await Promise.all(Array.from({ length: 8 }, async (_, i) => ({ by: i % 2 ? 'store' : 'other', n: await (i % 2 ? store : other).startDelivery('a1', 60_000) })));
    // Exactly one drainer wins; only the winner may start its own claimed row again.
    const winners = new Set(tries.filter((t) => t.n > 0).map((t) => t.by));
    expect(winners.size).toBe(1);
    const winner = winners.has('store') ? store : other;
    const loser = winner === store ? other : store;
    expect(await loser.startDelivery('a1', 60_000)).toBe(0);
    // The winner's send failed: postponing ends its claim, and the next try (on either) may start it.
    await winner.postponeDelivery('a1', 0, 'HTTP 503');
    const again = await loser.startDelivery('a1', 60_000);
    expect(again).toBe(tries.filter((t) => t.n > 0).length + 1);
    expect(await winner.startDelivery('a1', 60_000)).toBe(0);
    await loser.finishDelivery('a1');
    expect(await winner.startDelivery('a1', 60_000)).toBe(0);
  });

  it('a claim left by a drainer that died is taken once it expires', async () => {
    const other = await engine.open(location);
    others.push(other);
    await store.commitCycleWithDeliveries(commit('x'), [intent('a1', 'A')]);
    expect(await store.startDelivery('a1', 40)).toBe(1);
    expect(await other.startDelivery('a1', 60_000)).toBe(0);
    await until(async () => (await other.startDelivery('a1', 60_000)) === 2);
    expect(await store.startDelivery('a1', 60_000)).toBe(0);
  });

  it('a claim is kept while its drainer heartbeats, and taken three missed heartbeats after it stops, long before the claim expires', async () => {
    const beatMs = 500;
    const holder = await engine.open(location, { heartbeatMs: beatMs });
    const taker = await engine.open(location, { heartbeatMs: beatMs });
    others.push(holder, taker);
    await store.commitCycleWithDeliveries(commit('x'), [intent('a1', 'A')]);
    expect(await holder.startDelivery('a1', 120_000)).toBe(1);
    // Alive for twice the stale window: its heartbeats keep the claim.
    const aliveUntil = Date.now() + 6 * beatMs;
    while (Date.now() < aliveUntil) {
      expect(await taker.startDelivery('a1', 120_000)).toBe(0);
      await new Promise((r) => setTimeout(r, 50));
    }
    // Killed: it stops heartbeating (closing stops the beat and leaves its claim, as SIGKILL would).
    await holder.close();
    const stoppedAt = Date.now();
    await until(async () => (await taker.startDelivery('a1', 120_000)) === 2, 30_000);
    // Not before its last heartbeat (at most one interval before it stopped) is three intervals old.
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(2 * beatMs - 50);
    expect(await store.startDelivery('a1', 120_000)).toBe(0);
  });
});

/** Waits for a condition (no fixed sleeps): a claim's expiry is a database time, not a timer. */
async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The Store's outbox contract (SQLite here; a PostgreSQL engine should pass the same cases). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStore, type DeliveryIntent, type Store } from '../../src/store';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'outbox-store-'));
  store = createSqliteStore({ dataDir: dir });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const intent = (key: string, lane: string, over: Partial<DeliveryIntent> = {}): DeliveryIntent =>
  ({ key, lane, ticketId: 1, payload: { text: key }, createdAt: '2026-11-22T10:00:00.000Z', ...over });
const commit = (mark: string) => ({ watermarks: { 'tickets.modified': mark }, states: [], processedKeys: [] });

describe('delivery outbox', () => {
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
    store = createSqliteStore({ dataDir: dir });
    expect((await store.dueDeliveries(Date.now(), 10)).map((h) => h.key)).toEqual(['b1']);
  });
});

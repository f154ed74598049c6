/** The SLA part of the Store contract, on both engines: records, next instants, due times, meta. */
import { slaTableIn } from '../../src/features/sla/sla-table';
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store';
import type { SlaRecord } from '../../src/features/sla/sla-table';
import { pgProblem } from '../support/postgres';
import { engines } from '../store/engines';

const record = (id: number, extra: Partial<SlaRecord> = {}): SlaRecord => ({
  id,
  history: { created: 1_000, observations: [{ at: 1_000, status: 'New', priority: 'High' }] },
  announced: [],
  policy: 'v1',
  ...extra,
});

describe.each(engines)('$name store: SLA records', (engine) => {
  if (!engine.available()) {
    it.skip(`cannot run: ${pgProblem()}`, () => undefined);
    return;
  }
  const stores: Store[] = [];
  const locations: string[] = [];
  async function open(location?: string) {
    const at = location ?? (await engine.fresh());
    if (!location) locations.push(at);
    const store = await engine.open(at);
    stores.push(store);
    return { store, location: at };
  }
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    for (const l of locations.splice(0)) engine.cleanup(l);
  });

  it('keeps records across a reopen and replaces them by id', async () => {
    const { store, location } = await open();
    await slaTableIn(store).putSlaRecords([record(1, { nextAt: 5_000, dueAt: 9_000 }), record(2)]);
    await slaTableIn(store).putSlaRecords([record(1, { nextAt: 6_000, dueAt: 9_000, announced: ['firstResponse:warning:0.75'], history: { created: 1_000, observations: [], firstResponseAt: 2_000 } })]);
    await slaTableIn(store).putSlaMeta('policy', 'abc');
    await store.close();
    stores.splice(0);
    const again = (await open(location)).store;
    const got = await slaTableIn(again).slaRecords([1, 2, 3]);
    expect([...got.keys()].sort()).toEqual([1, 2]);
    expect(got.get(1)).toMatchObject({ nextAt: 6_000, announced: ['firstResponse:warning:0.75'], history: { firstResponseAt: 2_000 } });
    expect(await slaTableIn(again).getSlaMeta('policy')).toBe('abc');
    expect(await slaTableIn(again).getSlaMeta('other')).toBeUndefined();
  });

  it('answers only the instants before a horizon, earliest first', async () => {
    const { store } = await open();
    await slaTableIn(store).putSlaRecords([record(1, { nextAt: 30 }), record(2, { nextAt: 10 }), record(3, { nextAt: 100 }), record(4)]);
    expect((await slaTableIn(store).slaDueBefore(50, 10)).map((r) => r.id)).toEqual([2, 1]);
    expect((await slaTableIn(store).slaDueBefore(50, 1)).map((r) => r.id)).toEqual([2]);
  });

  it('pages the due queue nearest first with its total, and lists tickets without a known first response', async () => {
    const { store } = await open();
    await slaTableIn(store).putSlaRecords([
      record(1, { dueAt: 300 }),
      record(2, { dueAt: 100 }),
      record(3, { dueAt: 200, history: { created: 1, observations: [], firstResponseAt: 5 } }),
      record(4),
    ]);
    expect(await slaTableIn(store).slaQueue(0, 2)).toEqual({ rows: [{ id: 2, dueAt: 100 }, { id: 3, dueAt: 200 }], total: 3 });
    expect(await slaTableIn(store).slaQueue(2, 2)).toEqual({ rows: [{ id: 1, dueAt: 300 }], total: 3 });
    expect((await slaTableIn(store).slaWithoutFirstResponse(0, 10)).map((r) => r.id)).toEqual([1, 2]);
    expect((await slaTableIn(store).slaWithoutFirstResponse(1, 10)).map((r) => r.id)).toEqual([2]);
  });
});

/** The search index contract on both Store engines: SQLite FTS5 and PostgreSQL full text, through the real stores. */
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/store';
import { pgProblem } from '../support/postgres';
import { engines } from '../store/engines';
import { indexed, searchIndexContract } from './index-contract';

for (const engine of engines) {
  if (!engine.available()) {
    describe(`search index contract (${engine.name})`, () => it.skip(`cannot run: ${pgProblem()}`, () => undefined));
    continue;
  }
  searchIndexContract(engine.name, async () => {
    const location = await engine.fresh();
    const store = await engine.open(location);
    return {
      store,
      close: async () => {
        await store.close();
        engine.cleanup(location);
      },
    };
  });

  describe(`search index (${engine.name})`, () => {
    it('survives a restart: the index is in the store', async () => {
      const location = await engine.fresh();
      let store: Store = await engine.open(location);
      try {
        await store.indexTickets([indexed(7, { title: 'Badge reader broken' })]);
        await store.close();
        store = await engine.open(location);
        expect((await store.searchTickets({ words: ['badge'], limit: 5 })).map((t) => t.id)).toEqual([7]);
      } finally {
        await store.close();
        engine.cleanup(location);
      }
    });
  });
}

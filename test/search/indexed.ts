/** A search index for channel tests: a real SQLite store, filled from the stack's help desk the way the poller fills it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createChangeFeed } from '../../src/helpdesk/changes';
import { FEATURES, featureMigrations } from '../../src/features';
import { createLogger } from '../../src/log';
import { createSearchIndexer } from '../../src/features/search/search-index';
import { createSqliteStore, type Store } from '../../src/store';
import type { HelpdeskStack } from '../support/helpdesk-stack';

/** The store to hand the service as `searchIndex`, and how to (re)fill it from a stack. */
export interface TestIndex {
  store: Store;
  /** Indexes every ticket the stack holds now, as the poller's first full read does. */
  fill(stack: HelpdeskStack): Promise<number>;
  close(): Promise<void>;
}

/** Opens an empty index in a temporary directory. */
export function openTestIndex(): TestIndex {
  const dir = mkdtempSync(path.join(tmpdir(), 'search-channel-'));
  // With every feature's tables, as the app opens it, so the features' commands run on it too.
  const store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
  const logger = createLogger({ level: 'error', write: () => undefined });
  return {
    store,
    async fill(stack) {
      const indexer = createSearchIndexer(store, logger, () => stack.helpdesk.activeAgents());
      const tickets = [];
      for await (const t of createChangeFeed(stack.graph, stack.settings).ticketsModifiedSince(new Date(0))) tickets.push(t);
      await indexer.index(tickets);
      return tickets.length;
    },
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

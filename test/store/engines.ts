/** The two Store engines the contract suite runs against, each opened on a fresh, private database. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresStore, createSqliteStore, type Store } from '../../src/store';
import { freshDatabase, pgAvailable } from '../support/postgres';

/** An engine under test: `fresh()` gives an empty location, `open(location)` a store on it. */
export interface Engine {
  name: string;
  available: () => boolean;
  fresh(): Promise<string>;
  /** `heartbeatMs`: how often the store says its process is alive (src/store/liveness.ts). */
  open(location: string, options?: { heartbeatMs?: number }): Promise<Store>;
  cleanup(location: string): void;
}

export const engines: Engine[] = [
  {
    name: 'SQLite',
    available: () => true,
    fresh: async () => mkdtempSync(path.join(tmpdir(), 'store-')),
    open: async (dir, options) => createSqliteStore({ dataDir: dir, ...options }),
    cleanup: (dir) => rmSync(dir, { recursive: true, force: true }),
  },
  {
    name: 'PostgreSQL',
    available: pgAvailable,
    fresh: freshDatabase,
    open: (url, options) => createPostgresStore({ url, ...options }),
    cleanup: () => undefined,
  },
];

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
  open(location: string): Promise<Store>;
  cleanup(location: string): void;
}

export const engines: Engine[] = [
  {
    name: 'SQLite',
    available: () => true,
    fresh: async () => mkdtempSync(path.join(tmpdir(), 'store-')),
    open: async (dir) => createSqliteStore({ dataDir: dir }),
    cleanup: (dir) => rmSync(dir, { recursive: true, force: true }),
  },
  {
    name: 'PostgreSQL',
    available: pgAvailable,
    fresh: freshDatabase,
    open: (url) => createPostgresStore({ url }),
    cleanup: () => undefined,
  },
];

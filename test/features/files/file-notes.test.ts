/**
 * The files feature's table on both engines: made by the store's migrator from the feature's own
 * migration, a ticket noted again gets a new version (so a card's kept folder read is read anew),
 * and the notes survive a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { featureMigrations, FEATURES } from '../../../src/features';
import { createFileNotes, filesFeature, fileNotesIn } from '../../../src/features/files';
import { createPostgresStore, createSqliteStore, type Store } from '../../../src/store';
import { freshDatabase, pgAvailable } from '../../support/postgres';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function notesHold(store: Store) {
  const notes = createFileNotes(await store.featureDatabase());
  expect(await notes.version(12)).toBeUndefined();
  await notes.note(12, new Date('2026-12-01T10:00:00Z'));
  expect(await notes.version(12)).toBe(1);
  await notes.note(12, new Date('2026-12-01T10:05:00Z'));
  expect(await notes.version(12)).toBe(2);
  expect(await notes.version(13)).toBeUndefined();
}

describe('which tickets have files (the files feature\'s table)', () => {
  it('is made by its own migration on SQLite, versions each noting, and is kept across a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'file-notes-'));
    dirs.push(dir);
    const first = createSqliteStore({ dataDir: dir, features: featureMigrations([filesFeature]) });
    await notesHold(first);
    await first.close();
    const again = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
    try {
      expect(await fileNotesIn(again).version(12)).toBe(2);
    } finally {
      await again.close();
    }
  });

  it.skipIf(!pgAvailable())('is made by its own migration on PostgreSQL, and versions each noting', async () => {
    const store = await createPostgresStore({ url: await freshDatabase(), features: featureMigrations(FEATURES) });
    try {
      await notesHold(store);
    } finally {
      await store.close();
    }
  });
});

/**
 * The embedded site's durable copy: one SQLite file (better-sqlite3, like the bot's store) under
 * `${dataDir}/emulator`. Every change is written synchronously before the HTTP answer goes out,
 * so a kill -9 right after a 201 never loses the item. Lists written by older versions as
 * `<list>.json` are imported once and renamed to `<list>.json.migrated`.
 */
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { StoredItem } from './lists';

/** What was saved for one list. */
export interface SavedList { nextId: number; items: StoredItem[] }

/** Writes list changes through to disk. */
export interface Persistence {
  /** Every saved list by name; empty on a first run. */
  load(): Map<string, SavedList>;
  /** Upserts the items and the list's next id in one transaction. */
  save(list: string, items: readonly StoredItem[], nextId: number): void;
  remove(list: string, id: number): void;
  clear(list: string): void;
  close(): void;
}

/** The database file's name inside `${dataDir}/emulator`. */
export const SITE_DB = 'helpdesk-site.sqlite';

interface ItemRow { list: string; id: number; guid: string; version: number; created: string; modified: string; fields: string }

/** Opens (creating if needed) the site database in `dir`, importing old JSON files once. */
export function openPersistence(dir: string, listNames: readonly string[]): Persistence {
  mkdirSync(dir, { recursive: true });
  const db = new Database(path.join(dir, SITE_DB));
  db.pragma('journal_mode = WAL');
  // WAL + NORMAL survives a killed process (the OS holds the written pages); only a power cut may lose the last commit.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS lists (name TEXT PRIMARY KEY, next_id INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS items (
      list TEXT NOT NULL, id INTEGER NOT NULL, guid TEXT NOT NULL, version INTEGER NOT NULL,
      created TEXT NOT NULL, modified TEXT NOT NULL, fields TEXT NOT NULL,
      PRIMARY KEY (list, id)
    ) WITHOUT ROWID;
  `);
  const upsertList = db.prepare('INSERT INTO lists (name, next_id) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET next_id = excluded.next_id');
  const upsertItem = db.prepare(
    'INSERT OR REPLACE INTO items (list, id, guid, version, created, modified, fields) VALUES (@list, @id, @guid, @version, @created, @modified, @fields)',
  );
  const deleteItem = db.prepare('DELETE FROM items WHERE list = ? AND id = ?');
  const deleteList = db.prepare('DELETE FROM items WHERE list = ?');

  const save = db.transaction((list: string, items: readonly StoredItem[], nextId: number) => {
    for (const i of items) {
      upsertItem.run({ list, id: i.id, guid: i.guid, version: i.version, created: i.created, modified: i.modified, fields: JSON.stringify(i.fields) });
    }
    upsertList.run(list, nextId);
  });

  migrateJson(dir, listNames, db, save);

  return {
    load() {
      const out = new Map<string, SavedList>();
      for (const row of db.prepare('SELECT name, next_id FROM lists').all() as { name: string; next_id: number }[]) {
        out.set(row.name, { nextId: row.next_id, items: [] });
      }
      for (const r of db.prepare('SELECT * FROM items ORDER BY list, id').iterate() as IterableIterator<ItemRow>) {
        const saved = out.get(r.list) ?? { nextId: r.id + 1, items: [] };
        out.set(r.list, saved);
        saved.items.push({ id: r.id, guid: r.guid, version: r.version, created: r.created, modified: r.modified, fields: JSON.parse(r.fields) });
      }
      return out;
    },
    save: (list, items, nextId) => save(list, items, nextId),
    remove: (list, id) => void deleteItem.run(list, id),
    clear: (list) => void deleteList.run(list),
    close: () => db.close(),
  };
}

/** Imports `<list>.json` files once (only into an empty database) and renames them so they are not read again. */
function migrateJson(dir: string, listNames: readonly string[], db: Database.Database, save: (list: string, items: StoredItem[], nextId: number) => void): void {
  const files = listNames.map((name) => ({ name, file: path.join(dir, `${name}.json`) })).filter((x) => existsSync(x.file));
  if (files.length === 0) return;
  const empty = (db.prepare('SELECT COUNT(*) AS n FROM lists').get() as { n: number }).n === 0;
  if (empty) {
    db.transaction(() => {
      for (const { name, file } of files) {
        const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedList;
        save(name, saved.items, saved.nextId);
      }
    })();
  }
  // Renamed, not deleted: the old files stay as a backup, and a database that already has data wins.
  for (const { file } of files) renameSync(file, `${file}.migrated`);
}

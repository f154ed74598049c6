/**
 * The emulator's list store: one table per list, ids increasing per list, etags as
 * `"<guid>,<version>"` like SharePoint. Queries run on the in-memory tables; with a data dir
 * every change is also written to SQLite (./persist) before the call returns.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ColumnSpec } from './columns';
import { openPersistence, type Persistence } from './persist';

/** The lists the help-desk site has; any other name is a 404 like on a real site. */
export const LIST_NAMES = ['SD_Tickets', 'SD_Comments', 'SD_Agents', 'SD_Assets'] as const;

/** One stored list item; `fields` holds only the list's own columns. */
export interface StoredItem {
  id: number;
  guid: string;
  version: number;
  created: string;
  modified: string;
  fields: Record<string, unknown>;
}

/** One list: items in id order (Map keeps insertion order and ids only grow). */
export interface ListTable {
  name: string;
  items: Map<number, StoredItem>;
  nextId: number;
  /** Bumped on every change so cached query results know they are stale. */
  generation: number;
  /** The list's columns: the help desk's own plus any a test or benchmark stored directly. */
  columns: Set<string>;
  /** Columns with an index; on a list over the view threshold only these may be filtered or ordered on. */
  indexed: Set<string>;
  /** Column definitions changed at run time (tests); the others keep the help-desk site's default (./columns). */
  specs: Map<string, ColumnSpec>;
}

/** Columns each list has on a help-desk site (the spec's fields plus Title). */
export const LIST_COLUMNS: Record<string, readonly string[]> = {
  SD_Tickets: ['Title', 'SD_Description', 'SD_Priority', 'SD_Status', 'SD_Category', 'SD_SubmittedBy', 'SD_SubmittedByName',
    'SD_SubmittedByEmail', 'SD_AssignedTo', 'SD_SpaceId'],
  SD_Comments: ['Title', 'SD_TicketId', 'SD_Body', 'SD_AuthorEmail', 'SD_AuthorName', 'SD_IsInternal'],
  SD_Agents: ['Title', 'SD_Email', 'SD_IsActive'],
  SD_Assets: ['Title', 'SD_AssetTag', 'SD_Type', 'SD_Status', 'SD_AssignedTo', 'SD_SerialNumber', 'SD_Manufacturer', 'SD_Model',
    'SD_PurchaseDate', 'SD_WarrantyExpires'],
};

/** Columns the store owns; a client may not set them. */
export const READ_ONLY_FIELDS = new Set(['id', 'ID', 'Created', 'Modified', 'Author', 'Editor', 'ContentType']);

/** SharePoint keeps second precision: '2026-11-22T18:43:07Z'. */
export function isoSeconds(d: Date | number = Date.now()): string {
  return new Date(d).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The item's entity tag as Graph shows it, quotes included. */
export function etagOf(item: StoredItem): string {
  return `"${item.guid},${item.version}"`;
}

function toIso(value: unknown): string | undefined {
  if (value instanceof Date) return isoSeconds(value);
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return isoSeconds(Date.parse(value));
  return undefined;
}

/** A list store with optional persistence under `${dataDir}/emulator`. */
export interface ListStore {
  table(name: string): ListTable | undefined;
  insert(list: string, fields: Record<string, unknown>, at?: { created?: Date; modified?: Date }): StoredItem;
  bulkInsert(list: string, rows: Record<string, unknown>[]): void;
  update(list: string, id: number, fields: Record<string, unknown>): StoredItem;
  remove(list: string, id: number): boolean;
  clear(list?: string): void;
  /** True when nothing was loaded from disk (first run). */
  readonly fresh: boolean;
  close(): void;
}

/** Opens (and loads) the store; `dataDir` undefined keeps everything in memory. */
export function createListStore(dataDir?: string, indexes: Record<string, readonly string[]> = {}): ListStore {
  const disk: Persistence | undefined = dataDir ? openPersistence(path.join(dataDir, 'emulator'), LIST_NAMES) : undefined;
  const saved = disk?.load() ?? new Map();
  const tables = new Map<string, ListTable>();
  const fresh = saved.size === 0;

  for (const name of LIST_NAMES) {
    const table: ListTable = { name, items: new Map(), nextId: 1, generation: 0, columns: new Set(LIST_COLUMNS[name]), indexed: new Set(indexes[name] ?? []), specs: new Map() };
    const list = saved.get(name);
    if (list) {
      table.nextId = list.nextId;
      for (const item of list.items) {
        table.items.set(item.id, item);
        for (const k in item.fields) table.columns.add(k);
      }
    }
    tables.set(name, table);
  }

  function must(list: string): ListTable {
    const t = tables.get(list);
    if (!t) throw new Error(`emulator: no list named '${list}' (lists: ${LIST_NAMES.join(', ')})`);
    return t;
  }

  /**
   * Writes `items` to disk first and only then into the table, so a failed write (disk full)
   * leaves no item that a retried request would create a second time.
   */
  function commit(t: ListTable, items: readonly StoredItem[], nextId = t.nextId): void {
    disk?.save(t.name, items, nextId);
    for (const item of items) t.items.set(item.id, item);
    t.nextId = nextId;
    t.generation++;
  }

  /** A new item with id `id`; not yet in the table (see commit). */
  function make(t: ListTable, id: number, fields: Record<string, unknown>, at?: { created?: Date; modified?: Date }, now?: string): StoredItem {
    const own: Record<string, unknown> = {};
    let created = at?.created ? isoSeconds(at.created) : undefined;
    let modified = at?.modified ? isoSeconds(at.modified) : undefined;
    for (const k in fields) {
      const v = fields[k];
      // Tests and benchmarks may back-date rows by passing Created/Modified directly.
      if (k === 'Created') created ??= toIso(v);
      else if (k === 'Modified') modified ??= toIso(v);
      // SharePoint stores an empty text as null and Graph leaves null fields out of `fields`.
      else if (!READ_ONLY_FIELDS.has(k) && !k.startsWith('@odata')) {
        t.columns.add(k);
        if (v !== null && v !== '' && v !== undefined) own[k] = v;
      }
    }
    created ??= now ?? isoSeconds();
    modified ??= created;
    return { id, guid: randomUUID(), version: 1, created, modified, fields: own };
  }

  return {
    table: (name) => tables.get(name),
    get fresh() {
      return fresh;
    },
    insert(list, fields, at) {
      const t = must(list);
      const item = make(t, t.nextId, fields, at);
      commit(t, [item], item.id + 1);
      return item;
    },
    bulkInsert(list, rows) {
      const t = must(list);
      const now = isoSeconds();
      commit(t, rows.map((row, i) => make(t, t.nextId + i, row, undefined, now)), t.nextId + rows.length);
    },
    update(list, id, fields) {
      const t = must(list);
      const item = t.items.get(id);
      if (!item) throw new Error(`emulator: ${list} has no item ${id}`);
      const next: StoredItem = { ...item, fields: { ...item.fields }, version: item.version + 1, modified: isoSeconds() };
      for (const [k, v] of Object.entries(fields)) {
        if (READ_ONLY_FIELDS.has(k) || k.startsWith('@odata')) continue;
        t.columns.add(k);
        if (v === null || v === '' || v === undefined) delete next.fields[k];
        else next.fields[k] = v;
      }
      commit(t, [next]);
      return next;
    },
    remove(list, id) {
      const t = must(list);
      if (!t.items.has(id)) return false;
      disk?.remove(list, id);
      t.items.delete(id);
      t.generation++;
      return true;
    },
    clear(list) {
      for (const t of list ? [must(list)] : tables.values()) {
        disk?.clear(t.name);
        t.items.clear();
        t.generation++;
      }
    },
    close: () => disk?.close(),
  };
}

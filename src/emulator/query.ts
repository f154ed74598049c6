/**
 * $orderby, $top and $skiptoken over a list. A query's filtered+sorted rows are cached per list
 * generation, and the skip token is a keyset (the last row's sort key and id), so walking 100k rows
 * in pages costs one sort and a binary search per page, and a change between pages never repeats
 * or skips a row that did not itself move.
 */
import { compareKeys, compileFilter, fieldValue, keyOf, type Key, type Predicate } from './filter';
import type { ListTable, StoredItem } from './lists';

/** Thrown for a bad $orderby/$top/$skiptoken; becomes a 400 invalidRequest. */
export class QueryError extends Error {}

/** Graph's default and maximum page sizes for list items. */
export const DEFAULT_TOP = 200;
export const MAX_TOP = 5000;

interface OrderKey { field: string; desc: boolean }

/** Parses `fields/Created desc, fields/Title` into sort keys. */
export function parseOrderBy(text: string | null): OrderKey[] {
  if (!text || !text.trim()) return [];
  return text.split(',').map((part) => {
    const m = /^\s*fields\/([A-Za-z_][A-Za-z0-9_]*)(?:\s+(asc|desc))?\s*$/i.exec(part);
    if (!m) throw new QueryError(`$orderby: '${part.trim()}' is not 'fields/<FieldName> [asc|desc]'`);
    return { field: m[1], desc: (m[2] ?? 'asc').toLowerCase() === 'desc' };
  });
}

/** Parses $top: default 200, at most 5000 like SharePoint. */
export function parseTop(text: string | null): number {
  if (text === null || text === '') return DEFAULT_TOP;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new QueryError(`$top must be a positive whole number, got '${text}'`);
  if (n > MAX_TOP) throw new QueryError(`$top=${n} is above the maximum page size of ${MAX_TOP}`);
  return n;
}

interface Row { item: StoredItem; keys: Key[] }
interface Cached { generation: number; rows: Row[] }
const cache = new WeakMap<ListTable, Map<string, Cached>>();

function compareRows(order: OrderKey[], a: { keys: readonly Key[]; id: number }, b: { keys: readonly Key[]; id: number }): number {
  for (let i = 0; i < order.length; i++) {
    const ka = a.keys[i], kb = b.keys[i];
    // Mixed kinds (text vs number) order by kind so the sort stays total.
    const c = compareKeys(ka, kb) ?? (ka[0] < kb[0] ? -1 : 1);
    if (c !== 0) return order[i].desc ? -c : c;
  }
  return a.id - b.id;
}

function rowsFor(table: ListTable, filterText: string, order: OrderKey[], orderText: string): Row[] {
  let perList = cache.get(table);
  if (!perList) cache.set(table, (perList = new Map()));
  const cacheKey = `${filterText}\u0000${orderText}`;
  const hit = perList.get(cacheKey);
  if (hit && hit.generation === table.generation) return hit.rows;

  const pred: Predicate | undefined = filterText ? compileFilter(filterText) : undefined;
  const rows: Row[] = [];
  for (const item of table.items.values()) {
    if (pred && !pred(item)) continue;
    rows.push({ item, keys: order.map((o) => keyOf(fieldValue(item, o.field))) });
  }
  if (order.length) rows.sort((a, b) => compareRows(order, { keys: a.keys, id: a.item.id }, { keys: b.keys, id: b.item.id }));
  if (perList.size > 16) perList.clear();
  perList.set(cacheKey, { generation: table.generation, rows });
  return rows;
}

/** What a skip token carries: the last row's raw sort values and id. */
interface Cursor { v: unknown[]; id: number }

function encodeCursor(order: OrderKey[], item: StoredItem): string {
  const c: Cursor = { v: order.map((o) => fieldValue(item, o.field) ?? null), id: item.id };
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(token: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.id !== 'number' || !Array.isArray(c.v)) throw new Error('shape');
    return c;
  } catch {
    // Not base64url JSON of our shape: not a token this server issued.
    throw new QueryError(`$skiptoken '${token}' is not one this server issued`);
  }
}

/** One page of a query plus the cursor for the next page, if any. */
export interface Page { items: StoredItem[]; next?: string }

/** Runs filter + order + page. Throws FilterSyntaxError or QueryError on bad input. */
export function queryPage(table: ListTable, q: { filter: string; orderby: string; top: number; skiptoken?: string }): Page {
  const order = parseOrderBy(q.orderby);
  const rows = rowsFor(table, q.filter, order, q.orderby);
  let start = 0;
  if (q.skiptoken) {
    const c = decodeCursor(q.skiptoken);
    if (c.v.length !== order.length) throw new QueryError('$skiptoken does not belong to this $orderby');
    const probe = { keys: c.v.map(keyOf), id: c.id };
    // First row strictly after the cursor.
    let lo = 0, hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const r = rows[mid];
      if (compareRows(order, { keys: r.keys, id: r.item.id }, probe) <= 0) lo = mid + 1;
      else hi = mid;
    }
    start = lo;
  }
  const slice = rows.slice(start, start + q.top).map((r) => r.item);
  const more = start + q.top < rows.length;
  return { items: slice, next: more ? encodeCursor(order, slice[slice.length - 1]) : undefined };
}

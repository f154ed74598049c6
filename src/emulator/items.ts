/** Graph list-item operations on the store: shapes, etags, If-Match and the agents rule. */
import { thresholdRefusal, valueRefusal } from './columns';
import { FilterSyntaxError } from './filter';
import { etagOf, READ_ONLY_FIELDS, type ListStore, type ListTable, type StoredItem } from './lists';
import { parseTop, queryPage, QueryError } from './query';

/** A Graph error to answer with; the server adds innerError and the request-id. */
export class GraphFail extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

/** What a handler answers; `text` is a body already serialized (list pages build it directly for speed). */
export interface Reply { status: number; body?: unknown; text?: string }

/** What the item handlers need from the request. */
export interface ItemRequest {
  list: string;
  id?: string;
  query: URLSearchParams;
  rawQuery: string;
  body?: string;
  ifMatch?: string;
  /** The Prefer header, e.g. `HonorNonIndexedQueriesWarningMayFailRandomly`. */
  prefer?: string;
  /** `http://host:port` as the client reached us, for nextLink and @odata.context. */
  origin: string;
  siteId: string;
}

const READ_ONLY_LISTS = new Set(['SD_Agents']);

function param(q: URLSearchParams, name: string): string | null {
  return q.get(`$${name}`) ?? q.get(name);
}

/** `fields` or `fields($select=A,B)`; undefined = envelope only. */
function parseExpand(q: URLSearchParams): { select?: Set<string> } | undefined {
  const text = param(q, 'expand');
  if (!text) return undefined;
  const m = /^\s*fields(?:\(\s*\$?select\s*=\s*([^)]*)\))?\s*$/i.exec(text);
  if (!m) throw new GraphFail(400, 'invalidRequest', `$expand='${text}' is not supported; use $expand=fields or fields($select=...)`);
  return m[1] ? { select: new Set(m[1].split(',').map((s) => s.trim()).filter(Boolean)) } : {};
}

/** The item's fields as Graph shows them under `fields`. */
export function fieldsJson(item: StoredItem, select?: Set<string>): Record<string, unknown> {
  const own = select ? Object.fromEntries(Object.entries(item.fields).filter(([k]) => select.has(k))) : item.fields;
  const out: Record<string, unknown> = { '@odata.etag': etagOf(item), id: String(item.id), ...own };
  if (!select || select.has('Created')) out.Created = item.created;
  if (!select || select.has('Modified')) out.Modified = item.modified;
  return out;
}

function itemJson(r: ItemRequest, item: StoredItem, expand?: { select?: Set<string> }): Record<string, unknown> {
  const out: Record<string, unknown> = {
    '@odata.etag': etagOf(item),
    createdDateTime: item.created,
    eTag: etagOf(item),
    id: String(item.id),
    lastModifiedDateTime: item.modified,
  };
  if (expand) out.fields = fieldsJson(item, expand.select);
  return out;
}

/** The same item as JSON text, built by hand: 100k-row walks spend most of their time here. */
function itemText(r: ItemRequest, item: StoredItem, expand?: { select?: Set<string> }): string {
  // A guid and a number need no escaping beyond the quotes the etag itself carries.
  const etag = `"\\"${item.guid},${item.version}\\""`;
  // Same members, same order as itemJson; a test compares the two.
  let s = `{"@odata.etag":${etag},"createdDateTime":"${item.created}","eTag":${etag},"id":"${item.id}","lastModifiedDateTime":"${item.modified}"`;
  if (expand) {
    const sel = expand.select;
    const own = JSON.stringify(sel ? Object.fromEntries(Object.entries(item.fields).filter(([k]) => sel.has(k))) : item.fields);
    s += `,"fields":{"@odata.etag":${etag},"id":"${item.id}"${own.length > 2 ? `,${own.slice(1, -1)}` : ''}`;
    if (!sel || sel.has('Created')) s += `,"Created":"${item.created}"`;
    if (!sel || sel.has('Modified')) s += `,"Modified":"${item.modified}"`;
    s += '}';
  }
  return `${s}}`;
}

function context(r: ItemRequest, suffix = ''): string {
  return `${r.origin}/v1.0/$metadata#sites('${encodeURIComponent(r.siteId)}')/lists('${r.list}')/items${suffix}`;
}

function findItem(table: ListTable, r: ItemRequest): StoredItem {
  const item = /^\d+$/.test(r.id ?? '') ? table.items.get(Number(r.id)) : undefined;
  if (!item) throw new GraphFail(404, 'itemNotFound', `The item with id '${r.id}' was not found in list '${r.list}'.`);
  return item;
}

function checkIfMatch(item: StoredItem, ifMatch?: string): void {
  if (!ifMatch || ifMatch.trim() === '*') return;
  const norm = (s: string) => s.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
  if (norm(ifMatch) !== norm(etagOf(item))) {
    throw new GraphFail(412, 'preconditionFailed', `The item has changed since it was read: If-Match ${ifMatch} does not match the current ETag ${etagOf(item)}.`);
  }
}

function parseBody(r: ItemRequest): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(r.body ?? '');
  } catch {
    // JSON.parse refused it: Graph's own 400.
    throw new GraphFail(400, 'invalidRequest', 'The request body is not valid JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new GraphFail(400, 'invalidRequest', 'The request body must be a JSON object.');
  return parsed as Record<string, unknown>;
}

/** Like SharePoint: read-only columns and columns the list does not have are refused, so a typo shows. */
function checkWritable(table: ListTable, fields: Record<string, unknown>): void {
  for (const k of Object.keys(fields)) {
    if (k.startsWith('@odata')) continue;
    if (READ_ONLY_FIELDS.has(k)) throw new GraphFail(400, 'invalidRequest', `Field '${k}' is read-only`);
    if (!table.columns.has(k)) throw new GraphFail(400, 'invalidRequest', `Field '${k}' is not recognized`);
    const refusal = valueRefusal(table, k, fields[k]);
    if (refusal) throw new GraphFail(400, 'invalidRequest', refusal);
  }
}

function refuseAgents(list: string): void {
  if (READ_ONLY_LISTS.has(list)) throw new GraphFail(403, 'accessDenied', 'Agents are read-only through the API; manage them in the help desk admin interface.');
}

/** GET /items and GET /items/{id}. */
export function getItems(store: ListStore, table: ListTable, r: ItemRequest): Reply {
  const expand = parseExpand(r.query);
  if (r.id !== undefined) {
    const item = findItem(table, r);
    return { status: 200, body: { '@odata.context': context(r, '/$entity'), ...itemJson(r, item, expand) } };
  }
  try {
    const top = parseTop(param(r.query, 'top'));
    const filter = param(r.query, 'filter') ?? '';
    const orderby = param(r.query, 'orderby') ?? '';
    const refusal = thresholdRefusal(table, filter, orderby, /HonorNonIndexedQueriesWarningMayFailRandomly/i.test(r.prefer ?? ''));
    if (refusal) throw new GraphFail(400, 'invalidRequest', refusal);
    const page = queryPage(table, {
      filter,
      orderby,
      top,
      skiptoken: param(r.query, 'skiptoken') ?? undefined,
    });
    let text = `{"@odata.context":${JSON.stringify(context(r))},"value":[${page.items.map((i) => itemText(r, i, expand)).join(',')}]`;
    if (page.next) {
      const kept = r.rawQuery.split('&').filter((p) => p && !/^(\$|%24)?skiptoken=/i.test(p));
      kept.push(`$skiptoken=${encodeURIComponent(page.next)}`);
      text += `,"@odata.nextLink":${JSON.stringify(`${r.origin}/v1.0/sites/${r.siteId}/lists/${r.list}/items?${kept.join('&')}`)}`;
    }
    return { status: 200, text: `${text}}` };
  } catch (e) {
    if (e instanceof FilterSyntaxError) throw new GraphFail(400, 'invalidRequest', `Invalid filter clause: ${e.message}.`);
    if (e instanceof QueryError) throw new GraphFail(400, 'invalidRequest', e.message);
    throw e;
  }
}

/** GET /items/{id}/fields: just the field set. */
export function getFields(store: ListStore, table: ListTable, r: ItemRequest): Reply {
  const item = findItem(table, r);
  return { status: 200, body: { '@odata.context': `${context(r)}('${item.id}')/fields/$entity`, ...fieldsJson(item) } };
}

/** POST /items with `{ fields: {...} }`. */
export function createItem(store: ListStore, table: ListTable, r: ItemRequest): Reply {
  refuseAgents(r.list);
  const body = parseBody(r);
  const fields = body.fields;
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) {
    throw new GraphFail(400, 'invalidRequest', "The request body must carry the item's values in a 'fields' object: { \"fields\": { ... } }.");
  }
  checkWritable(table, fields as Record<string, unknown>);
  const item = store.insert(r.list, fields as Record<string, unknown>);
  return { status: 201, body: { '@odata.context': context(r, '/$entity'), ...itemJson(r, item, {}) } };
}

/** PATCH /items/{id}/fields with a flat body. */
export function updateFields(store: ListStore, table: ListTable, r: ItemRequest): Reply {
  refuseAgents(r.list);
  const item = findItem(table, r);
  const body = parseBody(r);
  if ('fields' in body && typeof body.fields === 'object') {
    throw new GraphFail(400, 'invalidRequest', "PATCH .../fields takes a flat object of the fields to change; do not wrap them in 'fields'.");
  }
  checkWritable(table, body);
  checkIfMatch(item, r.ifMatch);
  const updated = store.update(r.list, item.id, body);
  return { status: 200, body: { '@odata.context': `${context(r)}('${item.id}')/fields/$entity`, ...fieldsJson(updated) } };
}

/** DELETE /items/{id}. */
export function deleteItem(store: ListStore, table: ListTable, r: ItemRequest): Reply {
  refuseAgents(r.list);
  const item = findItem(table, r);
  checkIfMatch(item, r.ifMatch);
  store.remove(r.list, item.id);
  return { status: 204 };
}

/** Turns Graph list-item JSON into ListItem values, refusing shapes the product cannot use. */
import { toGraphError } from './map-error';
import type { ListItem, ListPage } from './types';

function malformed(operation: string, what: string): Error {
  return toGraphError(502, { error: { code: 'malformedResponse', message: `unexpected response shape: ${what}` } }, operation);
}

/** One list item envelope (with fields from $expand=fields). */
export function parseItem(raw: unknown, operation: string): ListItem {
  if (!raw || typeof raw !== 'object') throw malformed(operation, 'item is not an object');
  const item = raw as Record<string, unknown>;
  if (typeof item.id !== 'string' && typeof item.id !== 'number') throw malformed(operation, 'item has no id');
  const fields = item.fields && typeof item.fields === 'object' ? (item.fields as Record<string, unknown>) : {};
  const parsed: ListItem = {
    id: String(item.id),
    etag: typeof item['@odata.etag'] === 'string' ? item['@odata.etag'] : '',
    createdDateTime: typeof item.createdDateTime === 'string' ? item.createdDateTime : '',
    lastModifiedDateTime: typeof item.lastModifiedDateTime === 'string' ? item.lastModifiedDateTime : '',
    fields,
  };
  // Only a web address is kept: it becomes a link people click.
  if (typeof item.webUrl === 'string' && /^https?:\/\//i.test(item.webUrl)) parsed.webUrl = item.webUrl;
  return parsed;
}

/** One page of a list call: `value` and the optional absolute `@odata.nextLink`. */
export function parsePage(raw: unknown, operation: string): ListPage {
  const body = (raw ?? {}) as Record<string, unknown>;
  if (!Array.isArray(body.value)) throw malformed(operation, 'no value array');
  const nextLink = typeof body['@odata.nextLink'] === 'string' ? body['@odata.nextLink'] : undefined;
  return { items: body.value.map((v) => parseItem(v, operation)), nextLink };
}

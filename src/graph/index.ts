/** The Graph list-item client: one site, app-only token, every read with $expand=fields. */
import { log as defaultLog, type Logger } from '../log';
import { createGraphHttp } from './http';
import { parseItem, parsePage } from './items';
import { DEFAULT_RETRY, type RetryConfig } from './retry';
import { createTokenSource, type SecretSource, type TokenSource } from './token';
import type { GraphClient, ListItem, ListName, ListPage, ListQuery } from './types';

export type { GraphClient, ListItem, ListName, ListPage, ListQuery } from './types';
export { GraphError, isGraphError } from './errors';
export { f } from './odata';
export { createTokenSource, sharedTokenSource, type TokenSource, type SecretSource } from './token';
export type { RetryConfig } from './retry';
export { backoffMs, parseRetryAfter, sleep, DEFAULT_RETRY } from './retry';
export type { GraphRequest, GraphResponse } from './http';

/** Options for createGraphClient. */
export interface GraphClientConfig {
  graphUrl: string;
  authUrl: string;
  tenantId: string;
  clientId: string;
  secret: SecretSource;
  siteId: string;
  logger?: Logger;
  retry?: Partial<RetryConfig>;
  /** Per-attempt time limit for Graph calls (default 60 s). */
  timeoutMs?: number;
  /**
   * A token source to use; default: this client's own. Pass `sharedTokenSource(...)` when one process
   * makes several clients for the same site, so they hold one cached token between them (spec rule 2).
   */
  tokens?: TokenSource;
}

const MAX_TOP = 5000;
// SharePoint refuses $filter/$orderby on non-indexed columns (HTTP 400) unless the caller accepts
// that such queries may fail on very large lists; the product's lists stay well below that threshold.
const LIST_READ_HEADERS = { Prefer: 'HonorNonIndexedQueriesWarningMayFailRandomly' };

function checkTop(top: number | undefined): void {
  if (top === undefined) return;
  if (!Number.isInteger(top) || top < 1 || top > MAX_TOP) {
    throw new RangeError(`top must be a whole number from 1 to ${MAX_TOP} (got ${top})`);
  }
}

function checkId(id: string): void {
  // Ids go into the URL path; numeric text is all Graph ever issues.
  if (!/^\d+$/.test(id)) throw new RangeError(`item id must be numeric text (got "${id}")`);
}

/** Creates a Graph client for one site. No network traffic until the first call. */
export function createGraphClient(config: GraphClientConfig): GraphClient {
  const logger = config.logger ?? defaultLog;
  const graphUrl = config.graphUrl.replace(/\/+$/, '');
  const graphOrigin = new URL(graphUrl).origin;
  if (/[/?#\s]/.test(config.siteId) || config.siteId === '') throw new RangeError(`siteId is not a site id: "${config.siteId}"`);
  const tokens = config.tokens ?? createTokenSource({ ...config, graphUrl, logger });
  const http = createGraphHttp({ tokens, logger, siteId: config.siteId, timeoutMs: config.timeoutMs, retry: { ...DEFAULT_RETRY, ...config.retry } });
  const siteBase = `${graphUrl}/v1.0/sites/${encodeURIComponent(config.siteId).replace(/%2C/gi, ',')}`;
  const itemsUrl = (list: ListName) => `${siteBase}/lists/${encodeURIComponent(list)}/items`;

  function queryString(query: ListQuery): string {
    checkTop(query.top);
    for (const name of query.select ?? []) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new RangeError(`select names a field that is not a field name: "${name}"`);
    }
    const parts = [query.select?.length ? `$expand=fields($select=${query.select.join(',')})` : '$expand=fields'];
    if (query.filter) parts.push(`$filter=${encodeURIComponent(query.filter)}`);
    if (query.orderby) parts.push(`$orderby=${encodeURIComponent(query.orderby)}`);
    if (query.top !== undefined) parts.push(`$top=${query.top}`);
    return parts.join('&');
  }

  function checkNextLink(list: ListName, nextLink: string): string {
    let url: URL;
    try {
      url = new URL(nextLink);
    } catch {
      // new URL refused it: a nextLink we must not follow, said as such.
      throw new RangeError(`nextLink for ${list} is not an absolute URL: ${nextLink.slice(0, 200)}`);
    }
    // The bearer token goes wherever the link points, so it must stay on the configured Graph host.
    if (url.origin !== graphOrigin || !url.pathname.startsWith('/v1.0/sites/')) {
      throw new RangeError(`refusing to follow nextLink for ${list} to ${url.origin}${url.pathname}: it is not on ${graphOrigin}/v1.0/sites/`);
    }
    return nextLink;
  }

  async function listPage(list: ListName, query: ListQuery, nextLink?: string): Promise<ListPage> {
    const url = nextLink ? checkNextLink(list, nextLink) : `${itemsUrl(list)}?${queryString(query)}`;
    const res = await http.send({ method: 'GET', url, operation: `GET ${list}/items`, headers: LIST_READ_HEADERS, context: { list } });
    return parsePage(res.body, `GET ${list}/items`);
  }

  return {
    async getItem(list, id) {
      checkId(id);
      const res = await http.send({ method: 'GET', url: `${itemsUrl(list)}/${id}?$expand=fields`, operation: `GET ${list}/items/${id}`, context: { list, itemId: id } });
      return parseItem(res.body, `GET ${list}/items/${id}`);
    },
    listPage,
    async *listAll(list, query): AsyncGenerator<ListItem> {
      let page = await listPage(list, query);
      for (;;) {
        // Each item is let go once handed out, so a page being worked through is not held whole.
        const { items } = page;
        for (let i = 0; i < items.length; i++) {
          const item = items[i];
          (items as (ListItem | undefined)[])[i] = undefined;
          yield item;
        }
        if (!page.nextLink) return;
        page = await listPage(list, query, page.nextLink);
      }
    },
    async createItem(list, fields) {
      const res = await http.send({ method: 'POST', url: itemsUrl(list), operation: `POST ${list}/items`, body: { fields }, context: { list } });
      return parseItem(res.body, `POST ${list}/items`);
    },
    async updateFields(list, id, fields, etag) {
      checkId(id);
      const res = await http.send({
        method: 'PATCH',
        url: `${itemsUrl(list)}/${id}/fields`,
        operation: `PATCH ${list}/items/${id}/fields`,
        body: fields,
        headers: { 'If-Match': etag && etag.length > 0 ? etag : '*' },
        context: { list, itemId: id },
      });
      return (res.body && typeof res.body === 'object' ? res.body : {}) as Record<string, unknown>;
    },
    async deleteItem(list, id) {
      checkId(id);
      await http.send({ method: 'DELETE', url: `${itemsUrl(list)}/${id}`, operation: `DELETE ${list}/items/${id}`, context: { list, itemId: id } });
    },
    async listColumns(list) {
      const res = await http.send({ method: 'GET', url: `${siteBase}/lists/${encodeURIComponent(list)}/columns`, operation: `GET ${list}/columns`, context: { list } });
      const value = (res.body as { value?: unknown } | undefined)?.value;
      return Array.isArray(value) ? value.filter((c): c is Record<string, unknown> => !!c && typeof c === 'object' && !Array.isArray(c)) : [];
    },
    siteUrl: siteBase,
    retry: { ...DEFAULT_RETRY, ...config.retry },
    send: (request) => http.send(request),
    get tokenRequests() {
      return tokens.tokenRequests;
    },
  };
}

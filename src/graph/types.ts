/** The Graph list-item client's contract. Only src/graph speaks HTTP to Graph. */
import type { GraphRequest, GraphResponse } from './http';
import type { Filter } from './odata';
import type { RetryConfig } from './retry';

/** A SharePoint list item as Graph returns it with $expand=fields. */
export interface ListItem {
  id: string;
  /** `@odata.etag`, e.g. `"9f1c…,3"` — send it back in If-Match. */
  etag: string;
  createdDateTime: string;
  lastModifiedDateTime: string;
  fields: Record<string, unknown>;
  /** The item's page in SharePoint, when the service sends it (Graph does; the spec does not list it). */
  webUrl?: string;
}

export interface ListQuery {
  /** Built with src/graph/odata only; user text never reaches a filter any other way. */
  filter?: Filter;
  /** e.g. `fields/Created asc` — field names are code constants, never user text. */
  orderby?: string;
  /** Page size: small (e.g. 20–50) for chat views, up to 5000 for bulk reads. */
  top?: number;
  /** Only these fields (`$expand=fields($select=...)`): bulk reads that need a few columns carry a fraction of the bytes. */
  select?: readonly string[];
}

export interface ListPage {
  items: ListItem[];
  /** Absolute `@odata.nextLink`, followed as given. */
  nextLink?: string;
}

/** Lists known to the product; Graph addresses them by exact name. */
export type ListName = 'SD_Tickets' | 'SD_Comments' | 'SD_Agents' | 'SD_Assets';

/** Graph list-item operations for one site. Every read carries $expand=fields. */
export interface GraphClient {
  getItem(list: ListName, id: string): Promise<ListItem>;
  /** One page; pass `nextLink` from the previous page to continue. */
  listPage(list: ListName, query: ListQuery, nextLink?: string): Promise<ListPage>;
  /** Every matching item, following @odata.nextLink page by page. */
  listAll(list: ListName, query: ListQuery): AsyncIterable<ListItem>;
  createItem(list: ListName, fields: Record<string, unknown>): Promise<ListItem>;
  /** PATCH /items/{id}/fields with a flat body; `etag` guards it, `*` or undefined = unconditional. */
  updateFields(list: ListName, id: string, fields: Record<string, unknown>, etag?: string): Promise<Record<string, unknown>>;
  deleteItem(list: ListName, id: string): Promise<void>;
  /** GET /lists/{list}/columns: Graph's columnDefinition objects as sent (src/helpdesk reads them). */
  listColumns(list: ListName): Promise<Record<string, unknown>[]>;
  /** `{graphUrl}/v1.0/sites/{siteId}`: the base of the site's other resources (its default drive). */
  readonly siteUrl: string;
  /** The retry budget every call of this client gets (a file download from a chat platform shares it). */
  readonly retry: RetryConfig;
  /** One call through the same token, retries and error mapping as the list calls (the drive's requests). */
  send(request: GraphRequest): Promise<GraphResponse>;
  /** How many token requests this client has made (for tests and benchmarks). */
  readonly tokenRequests: number;
}

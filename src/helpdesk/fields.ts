/**
 * The one place that knows SD_* list field names: list items <-> domain objects, and the
 * fields this product writes (only those the public spec documents).
 */
import type { ListItem, ListName } from '../graph/types';
import { extraOf, type ExtraValue } from './extra-values';
import type { TicketSchema } from './ticket-schema';
import type { Agent, Asset, Comment, NewAsset, Ticket } from './types';

/** Ticket fields by domain name; used for filters and writes. */
export const TICKET = {
  title: 'Title',
  description: 'SD_Description',
  priority: 'SD_Priority',
  status: 'SD_Status',
  category: 'SD_Category',
  submittedBy: 'SD_SubmittedBy',
  submittedByName: 'SD_SubmittedByName',
  submittedByEmail: 'SD_SubmittedByEmail',
  assignedTo: 'SD_AssignedTo',
  spaceId: 'SD_SpaceId',
  modified: 'Modified',
} as const;

/** Comment fields by domain name. */
export const COMMENT = {
  title: 'Title',
  ticketId: 'SD_TicketId',
  body: 'SD_Body',
  authorEmail: 'SD_AuthorEmail',
  authorName: 'SD_AuthorName',
  isInternal: 'SD_IsInternal',
  created: 'Created',
} as const;

/** Agent fields; the address field is configurable because the spec does not show it. */
export const AGENT = { isActive: 'SD_IsActive', name: 'Title' } as const;

/** Asset fields by domain name. */
export const ASSET = {
  title: 'Title',
  assetTag: 'SD_AssetTag',
  type: 'SD_Type',
  status: 'SD_Status',
  assignedTo: 'SD_AssignedTo',
  serialNumber: 'SD_SerialNumber',
  manufacturer: 'SD_Manufacturer',
  model: 'SD_Model',
  purchaseDate: 'SD_PurchaseDate',
  warrantyExpires: 'SD_WarrantyExpires',
} as const;

/** Orderings, as code constants (never user text). */
export const ORDER = {
  modifiedDesc: 'fields/Modified desc',
  modifiedAsc: 'fields/Modified asc',
  createdAsc: 'fields/Created asc',
} as const;

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const bool = (v: unknown): boolean => v === true || v === 'true' || v === 1 || v === '1';
const optional = (v: unknown): string | undefined => (v === undefined || v === null || v === '' ? undefined : str(v));

/** List item -> Ticket; with the site's schema, the values of its extra columns too. */
export function toTicket(item: ListItem, schema?: Pick<TicketSchema, 'extra'>): Ticket {
  const x = item.fields;
  const t: Ticket = {
    id: Number(item.id),
    etag: item.etag,
    created: str(x.Created) || item.createdDateTime,
    modified: str(x.Modified) || item.lastModifiedDateTime,
    title: str(x[TICKET.title]),
    description: str(x[TICKET.description]),
    priority: str(x[TICKET.priority]),
    status: str(x[TICKET.status]),
    category: str(x[TICKET.category]),
    submittedBy: str(x[TICKET.submittedBy]),
    submittedByName: str(x[TICKET.submittedByName]),
    submittedByEmail: str(x[TICKET.submittedByEmail]),
    assignedTo: str(x[TICKET.assignedTo]),
  };
  const space = optional(x[TICKET.spaceId]);
  if (space !== undefined) t.spaceId = space;
  if (item.webUrl) t.webUrl = item.webUrl;
  const extra = schema ? extraOf(schema, x) : undefined;
  if (extra) t.extra = extra;
  return t;
}

/** List item -> Comment. */
export function toComment(item: ListItem): Comment {
  const x = item.fields;
  return {
    id: Number(item.id),
    etag: item.etag,
    created: str(x.Created) || item.createdDateTime,
    modified: str(x.Modified) || item.lastModifiedDateTime,
    ticketId: Number(x[COMMENT.ticketId]),
    title: str(x[COMMENT.title]),
    body: str(x[COMMENT.body]),
    authorEmail: str(x[COMMENT.authorEmail]),
    authorName: str(x[COMMENT.authorName]),
    isInternal: bool(x[COMMENT.isInternal]),
  };
}

/** List item -> Agent; `emailField` is the configured address field. */
export function toAgent(item: ListItem, emailField: string): Agent {
  const x = item.fields;
  return { id: Number(item.id), email: str(x[emailField]), name: str(x[AGENT.name]), isActive: bool(x[AGENT.isActive]) };
}

/** List item -> Asset. */
export function toAsset(item: ListItem): Asset {
  const x = item.fields;
  const a: Asset = {
    id: Number(item.id),
    etag: item.etag,
    created: str(x.Created) || item.createdDateTime,
    modified: str(x.Modified) || item.lastModifiedDateTime,
    title: str(x[ASSET.title]),
    assetTag: str(x[ASSET.assetTag]),
    type: str(x[ASSET.type]),
    status: str(x[ASSET.status]),
    assignedTo: str(x[ASSET.assignedTo]),
    serialNumber: str(x[ASSET.serialNumber]),
    manufacturer: str(x[ASSET.manufacturer]),
    model: str(x[ASSET.model]),
  };
  const bought = optional(x[ASSET.purchaseDate]);
  const warranty = optional(x[ASSET.warrantyExpires]);
  if (bought) a.purchaseDate = bought;
  if (warranty) a.warrantyExpires = warranty;
  return a;
}

/** Writable ticket fields in domain terms; anything else is never sent. */
export interface TicketWrite {
  title?: string;
  description?: string;
  priority?: string;
  status?: string;
  category?: string;
  submittedBy?: string;
  submittedByName?: string;
  submittedByEmail?: string;
  assignedTo?: string;
  spaceId?: string;
  /** The site's extra columns, by internal name, already in each column's type (extra-values.ts); null clears. */
  extra?: Record<string, ExtraValue | null>;
}

/** Domain changes -> flat SD_* fields, dropping undefined values. */
export function ticketFields(w: TicketWrite): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(w)) {
    if (k === 'extra') Object.assign(out, v);
    else if (v !== undefined) out[TICKET[k as Exclude<keyof TicketWrite, 'extra'>]] = v;
  }
  return out;
}

/** A new comment -> SD_Comments fields; the ticket id is sent as a bare number. */
export function commentFields(c: { ticketId: number; title: string; body: string; authorEmail: string; authorName: string; isInternal: boolean }): Record<string, unknown> {
  return {
    [COMMENT.title]: c.title,
    [COMMENT.ticketId]: c.ticketId,
    [COMMENT.body]: c.body,
    [COMMENT.authorEmail]: c.authorEmail,
    [COMMENT.authorName]: c.authorName,
    [COMMENT.isInternal]: c.isInternal,
  };
}

/** A new asset -> SD_Assets fields; empty optional dates are left out. */
export function assetFields(a: NewAsset): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(ASSET) as (keyof typeof ASSET)[]) {
    const v = a[key];
    if (v !== undefined && v !== '') out[ASSET[key]] = v;
  }
  return out;
}

/** Fields the product reads or writes, per list (the agent email field comes from settings). */
export function requiredFields(agentEmailField: string): Record<ListName, readonly string[]> {
  return {
    SD_Tickets: ['Title', 'SD_Description', 'SD_Priority', 'SD_Status', 'SD_Category', 'SD_SubmittedByEmail', 'SD_SubmittedByName', 'SD_AssignedTo'],
    SD_Comments: ['SD_TicketId', 'SD_Body', 'SD_AuthorEmail', 'SD_IsInternal'],
    SD_Agents: ['SD_IsActive', agentEmailField],
    SD_Assets: ['SD_AssetTag', 'SD_AssignedTo'],
  };
}

/** The ticket field whose presence means the site runs product 1.5+ (spaces). */
export const SPACE_FIELD = 'SD_SpaceId';

/** The folder of the site's default library the help desk keeps tickets' files in, one folder per ticket (HELPDESK_ATTACHMENTS_FOLDER's default). */
export const ATTACHMENTS_FOLDER = 'SD_Attachments';

/** The folder of the site's default library the desk's report exports go to, next to the attachments (src/features/reports). */
export const REPORTS_FOLDER = 'SD_Reports';

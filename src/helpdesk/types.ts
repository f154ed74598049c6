/** The help-desk domain as the rest of the product sees it. Only src/helpdesk knows list and field names. */

/** The person acting: every service call takes one. Email is matched case-insensitively. */
export interface Actor {
  email: string;
  name: string;
}

export interface Ticket {
  id: number;
  etag: string;
  created: string;
  modified: string;
  title: string;
  description: string;
  priority: string;
  status: string;
  category: string;
  submittedBy: string;
  submittedByName: string;
  submittedByEmail: string;
  /** Empty string when unassigned. */
  assignedTo: string;
  spaceId?: string;
  /** The ticket's page in the help desk (the item's webUrl), when Graph sends one. */
  webUrl?: string;
  /** Values of the site's extra columns (TicketSchema.extra), by internal name; absent when it has none. */
  extra?: Record<string, ExtraValue>;
}

export interface Comment {
  id: number;
  etag: string;
  created: string;
  modified: string;
  ticketId: number;
  title: string;
  body: string;
  authorEmail: string;
  authorName: string;
  isInternal: boolean;
}

export interface Agent {
  id: number;
  email: string;
  name: string;
  isActive: boolean;
}

export interface Asset {
  id: number;
  etag: string;
  created: string;
  modified: string;
  title: string;
  assetTag: string;
  type: string;
  status: string;
  assignedTo: string;
  serialNumber: string;
  manufacturer: string;
  model: string;
  purchaseDate?: string;
  warrantyExpires?: string;
}

/** Ticket list filters; combined with `and`. Every form in the spec is here. */
export interface TicketQuery {
  status?: string;
  open?: boolean;
  highPriority?: boolean;
  assignedTo?: string;
  /** Any of these statuses (one request for, say, open and resolved together). */
  statuses?: readonly string[];
  /** Only unassigned tickets (SD_AssignedTo empty). */
  unassigned?: boolean;
  submittedBy?: string;
  spaceId?: string;
  category?: string;
  modifiedSince?: Date;
  /** Newest first unless 'asc'. */
  order?: 'asc' | 'desc';
  /** How many to return (chat views use small numbers). */
  limit?: number;
}

export interface NewTicket {
  title: string;
  description?: string;
  priority?: string;
  category?: string;
  /** Values for the site's extra columns by internal name (TicketSchema.extra); text is converted to the column's type, null or '' clears on an edit. */
  extra?: Record<string, ExtraValue | null>;
  /** The space a new ticket goes to (the channel's binding); HELPDESK_SPACE_ID, when set, wins. Ignored by edits. */
  spaceId?: string;
}

export interface AssetQuery {
  holder?: string;
  status?: string;
  tag?: string;
}

export type NewAsset = Omit<Asset, 'id' | 'etag' | 'created' | 'modified'>;

export type HelpdeskErrorKind = 'not-found' | 'forbidden' | 'conflict' | 'invalid' | 'unavailable';

/** The agent who holds a ticket someone else tried to claim or assign. */
export interface Holder {
  email: string;
  name: string;
}

/**
 * What a change did: `saved` it, or nothing because the ticket already was that way (already
 * High, already resolved, already mine); an unchanged ticket is returned unwritten.
 */
export interface Changed {
  ticket: Ticket;
  outcome: 'saved' | 'unchanged';
}

/** What a resolve did, and the public resolution note when one was written. */
export interface Resolved extends Changed {
  note?: Comment;
}

/** A ticket with the comments the actor may see, oldest first. */
export interface TicketWithComments {
  ticket: Ticket;
  comments: Comment[];
}

/** A comment just added, with its ticket and every comment the actor may see (the new one included). */
export interface Commented extends TicketWithComments {
  comment: Comment;
}

/** What a claim did (a claim is one kind of change). */
export type Claimed = Changed;

/** A failure the person can act on; `message` is safe to show in chat. */
export class HelpdeskError extends Error {
  constructor(
    readonly kind: HelpdeskErrorKind,
    message: string,
    readonly details: {
      field?: string;
      current?: Ticket;
      holder?: Holder;
      cause?: unknown;
      /** The catalog message behind `message` (which is English, for logs), so each reader gets it in their language. */
      text?: { key: string; vars?: Record<string, unknown> };
    } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = 'HelpdeskError';
  }
}

import type { Vocabulary } from '../core/vocabulary';
import type { ExtraValue } from './extra-values';
import type { TicketSchema } from './ticket-schema';
import type { SpaceLookup } from './spaces';

export type { ExtraValue } from './extra-values';
export type { SpaceLookup } from './spaces';
export type { ExtraColumn, ExtraColumnType, KnownField, TicketSchema } from './ticket-schema';

// The vocabulary and its roles live in src/core/vocabulary.ts; re-exported for the service's users.
export type { Vocabulary } from '../core/vocabulary';

/** Limits on what a person may type, so a real list never rejects it. */
export const LIMITS = { title: 255, description: 10_000, comment: 10_000 } as const;

/**
 * The ticket service. Authorization lives here: requesters see and comment on only their own
 * tickets and never see internal comments; active agents see and change everything.
 * Mutations that depend on what the person saw take the etag they saw; a 412 becomes
 * HelpdeskError('conflict') with `details.current` set to the ticket as it is now.
 */
export interface HelpdeskService {
  /** The value sets; priorities, categories and statuses follow the site's choice columns once read (see ticketSchema). */
  readonly vocabulary: Vocabulary;
  /**
   * The ticket fields the site defines (values, required flags, labels, extra columns) for forms
   * and cards: read at the first call, then cached (read again in the background every 10 minutes).
   */
  ticketSchema(): Promise<TicketSchema>;
  /**
   * The values a typed or submitted priority, category or status may take. When `typed` is not
   * among them the site's columns are read again first (at most once a minute): it may be new.
   */
  valuesFor(field: 'priority' | 'category' | 'status', typed?: string): Promise<readonly string[]>;
  /**
   * A ticket read outside the service (the poller's change feed): a priority, category, status or
   * extra choice the schema lacks has the site's columns read again in the background, at most
   * once a minute, as a typed or submitted one does. Never throws, never waits.
   */
  sawTicket(ticket: Ticket): void;
  isAgent(email: string): Promise<boolean>;
  activeAgents(): Promise<Agent[]>;
  /** HELPDESK_SPACE_ID: the one space this deployment serves; undefined = every space. */
  readonly servedSpace?: string;
  /** What the list says about a typed space id (product 1.5+): no spaces on this site, another served, unseen, or seen (spelled as the list spells it). */
  findSpace(spaceId: string): Promise<SpaceLookup>;
  /** False when the site has no spaces (SD_Tickets has no SD_SpaceId: product before 1.5); undefined when its columns could not be read. */
  hasSpaces(): Promise<boolean | undefined>;

  listTickets(actor: Actor, query: TicketQuery): Promise<Ticket[]>;
  getTicket(actor: Actor, id: number): Promise<Ticket>;
  /**
   * Tickets matching typed words, most relevant first, from the search index (no Graph request);
   * requesters find only their own. No words: a requester's recent tickets, an agent's open queue.
   */
  searchTickets(actor: Actor, request: { text: string; limit?: number; spaceId?: string }): Promise<Ticket[]>;
  /** The ticket a pasted link names, when the actor may see it; undefined for other links, missing or others' tickets. */
  ticketFromLink(actor: Actor, link: string): Promise<Ticket | undefined>;
  createTicket(actor: Actor, input: NewTicket): Promise<Ticket>;
  /** Writes only the fields that differ from the ticket as it is; none differ -> `unchanged`. */
  updateTicket(actor: Actor, id: number, changes: Partial<NewTicket>, etag?: string): Promise<Changed>;
  /**
   * Assigns the ticket to the acting agent. A ticket someone else holds is a conflict whose
   * `details.holder` names them, typed or clicked, unless `takeOver` was confirmed; one the
   * actor already holds is returned `unchanged`, unwritten.
   */
  claim(actor: Actor, id: number, etag?: string, options?: { takeOver?: boolean }): Promise<Claimed>;
  /**
   * Assigns the ticket to an active agent, guarded by the etag the actor saw, or by the version
   * they acted on when the caller holds it (then one PATCH, no read first unless it is refused).
   */
  assign(actor: Actor, id: number, assigneeEmail: string, version?: string | Ticket): Promise<Ticket>;
  /** A status the ticket already has is `unchanged`, unwritten. */
  setStatus(actor: Actor, id: number, status: string, etag?: string): Promise<Changed>;
  /** A priority the ticket already has is `unchanged`, unwritten. */
  setPriority(actor: Actor, id: number, priority: string, etag?: string): Promise<Changed>;
  /** A ticket already resolved or closed is `unchanged`: no write, no second resolution comment. */
  resolve(actor: Actor, id: number, note?: string, etag?: string): Promise<Resolved>;
  /**
   * Reopens a resolved or closed ticket (its requester or an agent); `reason` is required and
   * posted as a public comment. A ticket that is still open is `unchanged`, unwritten.
   */
  reopen(actor: Actor, id: number, reason: string, etag?: string): Promise<Changed>;
  deleteTicket(actor: Actor, id: number): Promise<void>;

  /**
   * Oldest first; internal notes only for agents. Given a ticket the service returned (rather than
   * an id) access is checked on it and the ticket is not read again: one request.
   */
  listComments(actor: Actor, ticket: number | Ticket): Promise<Comment[]>;
  /** A ticket and its comments, read in parallel (one round trip); access checked before either is returned. */
  getTicketWithComments(actor: Actor, id: number): Promise<TicketWithComments>;
  addComment(actor: Actor, ticketId: number, body: string, options?: { internal?: boolean }): Promise<Comment>;
  /**
   * Adds a comment and returns what a reply shows: three requests, the two reads in parallel
   * before the write; `withComments: false` skips the comments read (`comments` is then empty).
   */
  commentOn(actor: Actor, ticketId: number, body: string, options?: { internal?: boolean; withComments?: boolean }): Promise<Commented>;
  /** The requester's survey answer as an internal comment on their own ticket ("Satisfaction 4/5: …"); the one written since `since` (the survey's sending) is updated in place. */
  addSatisfactionNote?(actor: Actor, ticketId: number, body: string, since?: string): Promise<Comment>;

  listAssets(actor: Actor, query: AssetQuery): Promise<Asset[]>;
  /** By asset tag or serial number (agents only). */
  findAsset(actor: Actor, tagOrSerial: string): Promise<Asset | undefined>;
  createAsset(actor: Actor, asset: NewAsset): Promise<Asset>;
}

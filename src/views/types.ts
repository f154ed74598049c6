/**
 * View models: one per screen. Teams renders them through cards/*.json templates, Slack through
 * Block Kit builders — both from the same data, so they cannot drift. No platform types here.
 */
import type { Notice, NoticeTone, StatusRole, Verb } from '../core';
import type { AssetLabels, TicketLabels } from './labels';
import type { FormView } from './form-types';
import type { NoticeView } from './notice-view';
import type { ScreenView } from './elements';

export type { ScreenView } from './elements';

/** A button. Clicking it sends `{ verb, ticketId, etag }` back (DESIGN rule 4). */
export interface ActionView {
  verb: Verb;
  title: string;
  style?: 'positive' | 'destructive' | 'default';
  ticketId?: number;
  /** The etag of the ticket as this person saw it. */
  etag?: string;
  /** Extra fixed data for the verb, e.g. `{ status: 'In Progress' }`. */
  data?: Record<string, string>;
}

export interface CommentView {
  author: string;
  authorEmail: string;
  body: string;
  created: string;
  /** Display form, e.g. "22 Nov 2026 14:05 UTC". */
  createdText: string;
  internal: boolean;
}

export interface TicketView {
  /** The catalog language the texts below are in ('en', 'de'). */
  locale?: string;
  id: number;
  etag: string;
  title: string;
  description: string;
  status: string;
  priority: string;
  category: string;
  /** Status, priority and category as the reader's language names them (the stored values above stay as they are). */
  statusLabel: string;
  /** What the status means (HELPDESK_STATUS_* roles); undefined when no role names it. Cards colour by it. */
  statusRole?: StatusRole;
  priorityLabel: string;
  categoryLabel: string;
  requesterName: string;
  requesterEmail: string;
  /** The requester as both channels show them: by name, the address only when no name is known. */
  requesterText: string;
  /** The assignee's address; empty when unassigned. */
  assignee: string;
  /** The assignee's display name (the address when no name is known); empty when unassigned. */
  assigneeName: string;
  /** The assignee as both channels show them (name, else address); empty when unassigned. */
  assigneeText: string;
  /** The ticket's page in the help desk, when known. */
  link?: string;
  /** ISO 8601 UTC, for channels that let the client show it in the reader's time zone. */
  created: string;
  modified: string;
  /** Plain-text forms with "UTC" spelled out, for fallback text and previews. */
  createdText: string;
  modifiedText: string;
  /** Latest comments this viewer may see (internal notes only for agents), oldest first. */
  comments: CommentView[];
  /** How many comments exist beyond `comments`. */
  olderComments: number;
  /**
   * The line above the comments: entry `n` is for when the first `n` of `comments` are left out as
   * well ("3 earlier comments not shown"); empty where nothing is left out.
   */
  earlierCommentsText: string[];
  /** The words the card shows around its data, in the reader's language. */
  labels: TicketLabels;
  /** The buttons this viewer may use. */
  actions: ActionView[];
  /** A line shown above the ticket, e.g. "Already claimed by Dana Agent", styled by its tone. */
  notice?: Notice;
  /** Rendered for an agent (agent buttons and internal notes present). */
  agentView: boolean;
  /** The site's extra columns that hold a value, for an agent: one line each, in the site's column order. */
  extraLines?: ExtraLineView[];
  /**
   * Lines a feature adds about where the ticket stands, each around one date (due times, agents'
   * cards only), under the ticket's facts.
   */
  statusLines?: StatusLineView[];
  /** Links a feature adds under the ticket (agents' own cards only): a heading and one link per line. */
  links?: LinkListView;
}

/** Links under a heading, finished for the renderers: each its text, its address and a note after it ("(12 KB)"). */
export interface LinkListView {
  heading: string;
  links: { text: string; url: string; note: string }[];
}

/** One line about where something stands, around one date: its colour, and the sign in front of it. */
export interface StatusLineView {
  /** Adaptive Card colours. */
  tone: 'good' | 'warning' | 'attention' | 'default';
  /** What a platform without text colours marks the line with (Slack: an emoji). */
  sign: 'on-track' | 'at-risk' | 'overdue' | 'paused' | 'done' | 'missed';
  /** The text before and after the date; the whole line when there is no date. */
  before: string;
  after: string;
  /** ISO 8601 UTC, shown as the platform's date token; `atText` (UTC spelled out) is its fallback. */
  at?: string;
  atText?: string;
}

export interface TicketSummaryView {
  id: number;
  etag: string;
  title: string;
  status: string;
  priority: string;
  statusLabel: string;
  priorityLabel: string;
  assignee: string;
  /** The assignee's display name (the address when no name is known); empty when unassigned. */
  assigneeName: string;
  requesterName: string;
  /** ISO 8601 UTC, shown as the platform's own date token; `modifiedText` is its fallback. */
  modified: string;
  modifiedText: string;
  /** The summary line around its date: "Assigned · High · assigned to Diego · from Patti · updated " + date + after. */
  line: { before: string; after: string };
  /** e.g. a "Show" button and, for agents on unassigned tickets, "Claim". */
  actions: ActionView[];
  /** What just happened to this row, e.g. "Claimed by Dana Agent." or "Opened below." */
  notice?: string;
  /** Lines about where the row stands, around a date (agents' lists only); see TicketView.statusLines. */
  statusLines?: StatusLineView[];
}

export interface TicketListView {
  /** The catalog language of the texts ('en', 'de'). */
  locale?: string;
  title: string;
  tickets: TicketSummaryView[];
  /** Shown when `tickets` is empty. */
  emptyText: string;
  /** e.g. "Showing 20 of 57 — use `queue all`" */
  footer?: string;
  /** Paging buttons (Previous/Next) that rebuild this list at another page. */
  actions?: ActionView[];
  /** Where this page sits: 1-based page, rows shown from/to, and how many rows the whole list has. */
  page?: { number: number; from: number; to: number; total: number };
  /** "n more not shown" at index n - 1, for a platform that has to leave rows out. */
  moreText: string[];
}

/** One of the site's extra columns as a line on an agent's ticket card. */
export interface ExtraLineView {
  label: string;
  /** The value as the reader reads it (yes/no and dates in their language); a value its column's type no longer fits, as it is. */
  value: string;
}

export type { Choice, ExtraFieldView, FormField, FormFieldError, FormPicker, FormView, TicketFormName } from './form-types';

export interface HelpView {
  /** The catalog language of the texts ('en', 'de'). */
  locale?: string;
  title: string;
  intro: string;
  isAgent: boolean;
  /** `help <command>`: that command's syntax; empty for the overview. */
  commands: { usage: string; description: string }[];
  /** The overview: commands grouped by what people want to do, one example each. */
  groups: { title: string; commands: { name: string; description: string; example: string }[] }[];
  /** How to get one command's syntax (overview only). */
  more: string;
  actions: ActionView[];
}

export interface ConfirmationView {
  /** One line or several (a heading, then lines); channels lay each line out on its own. */
  message: string;
  /** What the answer is: good news, information (the default), a warning or an error; channels colour it by this. */
  tone?: NoticeTone;
  /**
   * Dates written in `message` as `text` (UTC spelled out, so the plain message reads right
   * anywhere); a channel that can show a date in each reader's own time zone puts its date token
   * in place of each `text`.
   */
  dates?: { text: string; iso: string }[];
  /**
   * Conversations named in `message` as `text` (their title); a channel that can mention a
   * conversation (Slack's `<#C123>`, shown as the channel's name in each reader's client) puts its
   * mention in place of each `text`. Only what is marked here becomes a mention, never typed text.
   */
  conversations?: { text: string; id: string }[];
  ticket?: TicketSummaryView;
  /**
   * Parts under the message, each a heading (shown bold), its lines (each on its own, never cut)
   * and the buttons about that part alone (an offered answer and its "This solved it").
   */
  sections?: ConfirmationSection[];
  actions: ActionView[];
}

/** One part of a confirmation: a heading, its lines, and the buttons that belong to it. */
export interface ConfirmationSection {
  heading: string;
  lines: string[];
  actions: ActionView[];
}

export interface ErrorView {
  message: string;
  /** The right form of the command, e.g. "claim <ticket id>". */
  usage?: string;
  /** "Usage:" in the reader's language, present with `usage`. */
  usageLabel?: string;
}

export interface AssetView {
  id: number;
  title: string;
  assetTag: string;
  type: string;
  status: string;
  /** The holder's address. */
  holder: string;
  /** The holder's name (the address when no name is known). */
  holderName: string;
  serialNumber: string;
  manufacturer: string;
  model: string;
  warrantyText: string;
}

export interface AssetListView {
  /** The catalog language of the texts ('en', 'de'). */
  locale?: string;
  title: string;
  assets: AssetView[];
  emptyText: string;
  /** "n more not shown" at index n - 1. */
  moreText: string[];
  labels: AssetLabels;
}

/** Everything a handler can answer with. */
export type View =
  | { type: 'ticket'; ticket: TicketView }
  | { type: 'ticket-list'; list: TicketListView }
  | { type: 'form'; form: FormView }
  | { type: 'help'; help: HelpView }
  | { type: 'confirmation'; confirmation: ConfirmationView }
  | { type: 'error'; error: ErrorView }
  | { type: 'asset-list'; list: AssetListView }
  | { type: 'notice'; notice: NoticeView }
  | { type: 'text'; text: string }
  /** A screen made of neutral elements (src/views/elements.ts): every new screen is one. */
  | { type: 'screen'; screen: ScreenView };

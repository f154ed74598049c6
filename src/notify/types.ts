/** Notification contracts: change events, delivery targets and the per-platform Delivery port. */
import type { Comment, Ticket } from '../helpdesk/types';
import type { Platform } from '../store/types';
import type { NoticeView } from '../views/notice-view';
import type { ScreenView } from '../views/elements';
import type { ConfirmationView, TicketView } from '../views/types';

/** Re-exported so delivery implementations need only this module. */
export type { Platform };

/** Where changes come from (declared by the help-desk service, which produces it). */
export type { ChangeFeed } from '../helpdesk/changes';

/** The kinds of change the poller reports. */
export type ChangeKind = 'created' | 'status' | 'assigned' | 'priority' | 'resolved' | 'comment' | 'note';

/** One thing that happened to a ticket, found by comparing with its last known state. */
export interface ChangeEvent {
  kind: ChangeKind;
  /** Unique per item version: `ticket:<id>:<etag>` or `comment:<id>:<etag>`. */
  key: string;
  ticket: Ticket;
  /** Previous values for status / assigned / priority changes. */
  from?: string;
  to?: string;
  comment?: Comment;
  /** Who caused it, when known (comment author, or a change made through this bot). */
  actorEmail?: string;
  /** For resolved: the resolution note, when one was written in the same cycle. */
  note?: string;
  /** For resolved: who wrote that note (who resolved it, as far as the help desk says when the bot did not). */
  noteBy?: string;
}

/** A channel that holds (or should hold) a card about a ticket. */
export interface ChannelTarget {
  type: 'channel';
  platform: Platform;
  conversationId: string;
  /** post: first card; update: re-render the existing card and add `line` to its thread. */
  action: 'post' | 'update' | 'line';
  messageId?: string;
  line?: string;
  /** The language of the card and line ('de'): the conversation's own, else HELPDESK_LOCALE. */
  locale?: string;
  /** A card in a person's own chat: it shows their view (a requester's has no agent buttons). */
  reader?: { email: string; isAgent: boolean };
}

/** A private message to one person, on whichever platform reaches them. */
export interface PersonTarget {
  type: 'person';
  email: string;
  text: string;
  reason: 'requester' | 'assignee';
  /** The language `text` is in: the one the person last wrote in, else HELPDESK_LOCALE. */
  locale?: string;
}

/** Where one change set goes. */
export type Target = ChannelTarget | PersonTarget;

/**
 * Why a platform call failed, in the notifier's terms: gone = the bot cannot post in that
 * conversation any more; missing = the card was deleted (a new one is posted); throttled =
 * retry after retryAfterMs; failed = anything else (retried with capped backoff, never given up
 * while the conversation exists).
 */
export type DeliveryFailure = 'gone' | 'missing' | 'throttled' | 'failed';

/** Thrown by Delivery implementations so the queue can retry, drop or give up. */
export class DeliveryError extends Error {
  constructor(
    readonly kind: DeliveryFailure,
    message: string,
    readonly retryAfterMs?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DeliveryError';
  }
}

/** How one new message is sent: its delivery key, and whether an earlier attempt may already have posted it. */
export interface SendOptions {
  /** Unique per notification send; a platform that can tag messages carries it (Slack message metadata). */
  key: string;
  /** True after an attempt whose outcome is unknown (crash, timeout, reset): look for that message before posting again. */
  mayHaveSent: boolean;
}

/** Where a DM went: its conversation and message id (so a reply to it can be tied to its ticket). */
export interface DirectSent {
  conversationId: string;
  messageId: string;
}

/** One chat platform's way of posting notifications. Implemented in src/channels/<platform>/notify-delivery.ts. */
export interface Delivery {
  readonly platform: Platform;
  /**
   * Replaces the platform's documented limits (src/notify/pacing.ts) with one send per this many
   * ms per conversation; 0 = unpaced. For tests and benches; production leaves it unset.
   */
  readonly minIntervalMs?: number;
  /** Posts a ticket card; returns the platform message id (Teams activity id, Slack ts). */
  postCard(conversationId: string, view: TicketView, send?: SendOptions): Promise<string>;
  /** Re-renders a posted card in place. */
  updateCard(conversationId: string, messageId: string, view: TicketView): Promise<void>;
  /** Adds a short line in the card's thread. */
  postThreadLine(conversationId: string, messageId: string, text: string, send?: SendOptions): Promise<void>;
  /**
   * Posts a short message of its own in a conversation (an SLA alert where there is no card to
   * thread it under); `mention` is an address to @mention after the text, when the platform knows them;
   * `view`: the message as a card with buttons (`text` is then its notification and fallback text).
   */
  postMessage?(conversationId: string, text: string, send?: SendOptions, mention?: string, view?: ConfirmationView): Promise<void>;
  /**
   * Posts a screen of elements as one message of its own in a conversation (a change storm's
   * summary, a channel digest: an Adaptive Card in Teams, Block Kit in Slack); returns its message id.
   */
  postScreen?(conversationId: string, view: ScreenView, send?: SendOptions): Promise<string>;
  /**
   * Sends a private message to a person: `text` alone, or the actionable `notice` card with `text`
   * as its notification and fallback text. Returns false when this platform has no way to reach
   * them (no stored personal conversation), so another platform can be tried; true or where the
   * message went when it was sent.
   */
  sendDirect(email: string, text: string, send?: SendOptions, notice?: NoticeView): Promise<boolean | DirectSent>;
}

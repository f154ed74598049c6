/** Channel subscriptions and mute preferences: the words the commands, the store and the poller share. */
import type { Conversation } from './conversation';
import type { DecisionPorts } from './decisions';
import { sameText } from './vocabulary';

/** The filter keywords a subscription can use, in the order help names them. */
export const FILTER_KINDS = ['all', 'high', 'space', 'category', 'status'] as const;

/** One of FILTER_KINDS. */
export type FilterKind = (typeof FILTER_KINDS)[number];

/** What a conversation is subscribed to. */
export type SubscriptionFilter =
  | { kind: 'all' }
  | { kind: 'high' }
  | { kind: 'space'; value: string }
  | { kind: 'category'; value: string }
  | { kind: 'status'; value: string }
  /** SLA warnings and breaches (no ticket cards) for the tickets of the filter in `value` (slaFilter). */
  | { kind: 'sla'; value: string };

/** `subscribe <filter> sla`: the filter kept as `value` ('' for all, `high`, `space:it`), so the store needs no new column. */
export function slaFilter(inner: SubscriptionFilter): SubscriptionFilter {
  if (inner.kind === 'sla') return inner;
  return { kind: 'sla', value: inner.kind === 'all' ? '' : 'value' in inner ? `${inner.kind}:${inner.value}` : inner.kind };
}

/** The filter an SLA subscription narrows to (all tickets for plain `subscribe sla`). */
export function slaInner(filter: Extract<SubscriptionFilter, { kind: 'sla' }>): Exclude<SubscriptionFilter, { kind: 'sla' }> {
  if (!filter.value) return { kind: 'all' };
  const at = filter.value.indexOf(':');
  if (at < 0) return { kind: filter.value as 'all' | 'high' };
  return { kind: filter.value.slice(0, at) as 'space' | 'category' | 'status', value: filter.value.slice(at + 1) };
}

/** What a subscription's filter reads of a ticket: a ticket as read, or what the store keeps of one (the search index, an SLA alert's facts). */
export interface FilteredFacts {
  priority: string;
  status: string;
  category: string;
  spaceId?: string;
}

/**
 * True when `ticket` is what a subscription with `filter` wants to hear about. One meaning for
 * every reader: the poller's routing, the digests' counts and the SLA alerts' channels.
 * Filter values are never empty (subscribe refuses that), so sameText's answer for two empty strings never matters here.
 */
export function matches(filter: SubscriptionFilter, ticket: FilteredFacts, highPriorities: readonly string[]): boolean {
  switch (filter.kind) {
    case 'all':
      return true;
    case 'high':
      return highPriorities.some((p) => sameText(p, ticket.priority));
    case 'space':
      return sameText(filter.value, ticket.spaceId);
    case 'category':
      return sameText(filter.value, ticket.category);
    case 'status':
      return sameText(filter.value, ticket.status);
    case 'sla':
      // SLA subscriptions hear warnings and breaches (src/features/sla/sla-alerts.ts), never cards.
      return false;
  }
}

/** A person as the subscription records remember them. */
export interface PersonRef {
  email: string;
  name: string;
}

/**
 * Who made a change through the bot, recorded by the command layer so the poller can leave that
 * person out of the notifications (Graph cannot say: every write is made by the app).
 */
export type Acted =
  | { kind: 'ticket'; itemId: number; etag: string; actorEmail: string }
  | { kind: 'comment'; itemId: number; actorEmail: string };

/** A ticket card in a person's own chat: where it is, and whose view it shows. */
export interface FollowedCard {
  platform: Conversation['platform'];
  conversationId: string;
  ticketId: number;
  messageId: string;
  /** The etag the card was rendered from. */
  etag?: string;
  reader: { email: string; isAgent: boolean };
}

/**
 * What the ticket core's commands and the channels need of conversations and people (kept by
 * src/store): subscriptions, mute, who acted, the last notice, drafts too long for a button, and
 * the language of a conversation and a person, which every surface reads before any command runs
 * (the language feature sets them: `language de`). A feature's own reads and writes are its
 * services (src/features/types.ts), never these.
 */
export interface ConversationPorts {
  subscribe(conversation: Conversation, filter: SubscriptionFilter, by: PersonRef): Promise<void>;
  unsubscribe(conversation: Conversation, filter?: SubscriptionFilter): Promise<number>;
  subscriptions(conversation: Conversation): Promise<SubscriptionFilter[]>;
  setMuted(email: string, muted: boolean): Promise<void>;
  /** Records who made a change; never fails the command (a lost record only means a needless message). */
  recordAction(acted: Acted): Promise<void>;
  /** The ticket a person's last notification DM was about, and when it was sent (ISO). */
  lastNotice(email: string): Promise<{ ticketId: number; at: string } | undefined>;
  /** The ticket a given DM message was a notification about (a threaded or quoted reply to it). */
  noticeOf(platform: Conversation['platform'], conversationId: string, messageId: string): Promise<number | undefined>;
  /**
   * Keeps a ticket card the bot posted in a person's own chat (the answer to filing) current: the
   * poller edits it in place with that person's view, with no change lines under it.
   */
  followCard(card: FollowedCard): Promise<void>;
  /** Keeps values too long for a button (a Slack button carries 2,000 characters) for a while; returns their id. */
  keepDraft(values: Record<string, string>): Promise<string>;
  /** Values kept by keepDraft, while they are kept. */
  draft(id: string): Promise<Record<string, string> | undefined>;
  /** The language set for the conversation (`language de`), if any. */
  language(conversation: Conversation): Promise<string | undefined>;
  /** The language a person chose for themselves (`language de` in a personal chat), if any (never the one they last wrote in). */
  personLanguage(email: string): Promise<string | undefined>;
  /** HELPDESK_LOCALE: the language of conversations with none set. */
  defaultLanguage: string;
  /** The decisions buttons and forms carry, claimed before a write so it happens once (src/commands/once.ts). */
  decisions: DecisionPorts;
}

/** Where languages come from: the conversation ports the composition wires (src/app.ts), or a channel's own configuration. */
export type LanguageSources = Partial<Pick<ConversationPorts, 'language' | 'personLanguage' | 'defaultLanguage'>>;

/**
 * The language of a shared conversation: the one set there (`language de`, the language feature),
 * else HELPDESK_LOCALE. A failed look-up never costs anyone their answer: the next source is used.
 */
export async function conversationLanguage(sources: LanguageSources | undefined, conversation: Conversation): Promise<string | undefined> {
  // Only the language is at stake: a store that cannot say reads as none set there, and the answer still goes out.
  const own = await sources?.language?.(conversation).catch(() => undefined);
  return own ?? sources?.defaultLanguage;
}

/** The language one person reads: their own choice (`language de` in their personal chat), else what their Teams or Slack client sends. */
export async function personLanguage(sources: LanguageSources | undefined, email: string | undefined, clientLocale: string | undefined): Promise<string | undefined> {
  // Only the language is at stake: a store that cannot say reads as no choice made, and the client's language is used.
  const chosen = email && sources?.personLanguage ? await sources.personLanguage(email).catch(() => undefined) : undefined;
  return chosen ?? clientLocale;
}

/**
 * Durable state behind notifications. Every method is async so a store shared by several
 * replicas (a network database) can replace the embedded SQLite one without touching callers.
 */
import type { Conversation, IndexedTicket, SubscriptionFilter, TicketIndex } from '../core';
import type { Kysely } from 'kysely';
import type { PersonZoneStore } from './person-zones';

// The store's files import these from here, so moving them elsewhere changes one line.
export type { Conversation, SubscriptionFilter };

/** The chat platforms notifications reach. */
export type Platform = Conversation['platform'];

/** One channel subscription: a conversation, what it wants to hear about, and who asked. */
export interface SubscriptionRecord {
  conversation: Conversation;
  filter: SubscriptionFilter;
  createdBy: string;
  createdAt: string;
}

/** The last known state of a ticket: just what change detection compares. */
export interface TicketState {
  id: number;
  status: string;
  assignedTo: string;
  priority: string;
  etag: string;
  /** ISO 8601 UTC. */
  modified: string;
}

/** The message posted about a ticket in a conversation (Teams activity id or Slack ts). */
export interface PostedMessage {
  platform: Platform;
  conversationId: string;
  ticketId: number;
  messageId: string;
  /** The etag the card was last rendered from. */
  etag?: string;
}

/** How to reach a conversation: Teams conversation reference JSON, or a Slack channel id. */
export interface ConversationRecord {
  platform: Platform;
  id: string;
  kind: Conversation['kind'];
  /** Teams ConversationReference (JSON-safe); undefined for Slack. */
  reference?: unknown;
}

/** How to reach one person privately on one platform. */
export interface PersonAddress {
  platform: Platform;
  email: string;
  /** Teams personal conversation id or Slack DM channel id, when known. */
  conversationId?: string;
  /** Slack user id (conversations.open) or Teams aad/user id. */
  userId?: string;
  /** Teams ConversationReference for the personal chat. */
  reference?: unknown;
  /** ISO time this address was last seen; the newest is preferred for DMs. */
  updatedAt: string;
}

/** Who made a change through this bot, so they are not told about their own action. */
export interface ActionHint {
  kind: 'ticket' | 'comment';
  itemId: number;
  etag?: string;
  actorEmail: string;
  /** For comments made from a card thread: that conversation already shows the text. */
  origin?: { platform: Platform; conversationId: string };
}

/** What one finished poll cycle commits atomically. */
export interface CycleCommit {
  watermarks: Record<string, string>;
  states: TicketState[];
  /** Keys of items fully handled (e.g. `comment:12:"etag"`), so overlap re-reads skip them. */
  processedKeys: string[];
}

// ---------------------------------------------------------------------------------------------
// Notification outbox: every send the poller owes, recorded before it is attempted.
// ---------------------------------------------------------------------------------------------

/** One send owed to one conversation; it stays until it took effect or its conversation is gone. */
export interface DeliveryIntent {
  /** Unique per send; enqueuing a key that is already pending is a no-op. */
  key: string;
  /** Sends of one lane (one conversation) go out one at a time, in enqueue order. */
  lane: string;
  ticketId: number;
  /** Set on card sends: that conversation has (or will have) a card about `ticketId`. */
  card?: { platform: Platform; conversationId: string };
  /** What to send, JSON-safe; the store keeps it as it is. */
  payload: unknown;
  /** ISO time it was enqueued. */
  createdAt: string;
}

/** A delivery intent as it waits in the outbox. */
export interface PendingDelivery extends DeliveryIntent {
  /** Enqueue order (global, increasing). */
  seq: number;
  /** Attempts started so far; above 0 an earlier send may have taken effect, so look before re-sending. */
  attempts: number;
  /** Epoch ms before which it is not retried. */
  notBefore: number;
  lastError?: string;
}

/** The outbox part of the Store (both engines: src/store/outbox.ts). */
export interface DeliveryOutbox {
  /** Atomically: adds `intents` (keys pending or already delivered are ignored) and commits the poll cycle, so what is owed is never lost. */
  commitCycleWithDeliveries(commit: CycleCommit, intents: DeliveryIntent[]): Promise<void>;
  /**
   * The first pending delivery of each lane (of `lane` only, when given) whose notBefore <= now,
   * oldest first, at most `limit`. A lane whose first delivery is not due yields nothing, so
   * later sends never overtake it.
   */
  dueDeliveries(now: number, limit: number, lane?: string): Promise<PendingDelivery[]>;
  /**
   * Claims the row for this drainer, atomically, before its send and counts the attempt; returns
   * the attempt number (1 for the first), or 0 when the row is gone or another drainer's claim
   * (younger than its `claimMs`) holds it — that drainer sends it, this one must not.
   * Finishing or postponing the row ends the claim; a claim left by a dead process is free once
   * that process missed three heartbeats (liveness.ts), or when it expires. The
   * same drainer may start its own claimed row again (its finish or postpone did not reach the store).
   */
  startDelivery(key: string, claimMs?: number): Promise<number>;
  /** The send took effect: removes it, records its key as delivered (never enqueued again) and, in the same transaction, saves the card it posted or updated. */
  finishDelivery(key: string, posted?: PostedMessage): Promise<void>;
  /** The send failed: retried not before `notBefore` (epoch ms). */
  postponeDelivery(key: string, notBefore: number, error: string): Promise<void>;
  /** The conversation is gone: removes every pending delivery of the lane; returns how many. */
  dropLane(lane: string): Promise<number>;
  /** Conversations with a card send about the ticket still pending. */
  pendingCards(ticketId: number): Promise<{ platform: Platform; conversationId: string }[]>;
  /** How many deliveries are pending (all lanes). */
  pendingDeliveryCount(): Promise<number>;
}

// ---------------------------------------------------------------------------------------------
// Ticket search index: kept by the poller from the changes it reads, read by the service's search.
// ---------------------------------------------------------------------------------------------

/** The search part of the Store (SQLite FTS5: src/store/search-fts-sqlite.ts). */
export interface SearchIndexStore extends TicketIndex {
  /** Adds or replaces tickets by id; a ticket already indexed with a later `modified` is kept. */
  indexTickets(tickets: IndexedTicket[]): Promise<void>;
  /** Forgets tickets (deleted, or moved out of the space). */
  removeFromIndex(ids: number[]): Promise<void>;
  /** How many tickets the index holds. */
  indexedTicketCount(): Promise<number>;
}

/** Small things kept for a while (src/store/memos.ts): a person's last notification, long drafts. */
export interface MemoStore {
  /** Keeps a JSON-safe value under `key` for `ttlMs`, replacing what was there. */
  putMemo(key: string, value: unknown, ttlMs: number): Promise<void>;
  /** The value kept under `key`, or undefined when there is none or it expired. */
  getMemo<T = unknown>(key: string): Promise<T | undefined>;
}

/** Languages: the one a person chose, the one they last wrote in, and the one an agent set for a conversation. */
export interface LocaleStore {
  /** Remembers the language a person last wrote to the bot in ('de'); their DMs use it unless they chose one. */
  savePersonLocale(email: string, locale: string): Promise<void>;
  /** The language each of these people reads DMs in (their choice, else the one they last wrote in), by lower-cased address. */
  personLocales(emails: string[]): Promise<Map<string, string>>;
  /** Sets the language a person chose for themselves (`language de` in a personal chat); undefined clears it. */
  setChosenLocale(email: string, locale: string | undefined): Promise<void>;
  /** The language a person chose for themselves, if any (never the one they last wrote in). */
  chosenLocale(email: string): Promise<string | undefined>;
  /** Sets a conversation's language for its cards and thread lines; undefined clears it. */
  setConversationLocale(platform: Platform, conversationId: string, locale: string | undefined): Promise<void>;
  /** Every conversation language set, keyed `platform:conversationId`. */
  conversationLocales(): Promise<Map<string, string>>;
}

/** The space (product 1.5+) a channel is bound to, and who bound it when. */
/** Durable notification state, and the search index. */
export interface Store extends DeliveryOutbox, SearchIndexStore, MemoStore, LocaleStore, PersonZoneStore {
  addSubscription(sub: SubscriptionRecord): Promise<boolean>;
  /** Removes one filter, or every filter of the conversation when `filter` is undefined. */
  removeSubscriptions(platform: Platform, conversationId: string, filter?: SubscriptionFilter): Promise<number>;
  listSubscriptions(platform: Platform, conversationId: string): Promise<SubscriptionRecord[]>;
  allSubscriptions(): Promise<SubscriptionRecord[]>;
  /** Forgets a conversation the bot was removed from: subscriptions, posted cards, reference. */
  dropConversation(platform: Platform, conversationId: string): Promise<number>;

  saveConversation(record: ConversationRecord): Promise<void>;
  getConversation(platform: Platform, conversationId: string): Promise<ConversationRecord | undefined>;

  savePersonAddress(address: Omit<PersonAddress, 'updatedAt'>): Promise<void>;
  /** Every known private address of a person, newest first. */
  personAddresses(email: string): Promise<PersonAddress[]>;

  savePostedMessage(message: PostedMessage): Promise<void>;
  postedMessages(ticketId: number): Promise<PostedMessage[]>;
  findPostedMessage(platform: Platform, conversationId: string, messageId: string): Promise<PostedMessage | undefined>;

  getWatermark(name: string): Promise<string | undefined>;
  getTicketStates(ids: number[]): Promise<Map<number, TicketState>>;
  ticketStateCount(): Promise<number>;
  /** Seeds states without events (first start). */
  putTicketStates(states: TicketState[]): Promise<void>;
  commitCycle(commit: CycleCommit): Promise<void>;

  isDelivered(key: string): Promise<boolean>;
  /** Which of `keys` are already delivered or processed. */
  deliveredAmong(keys: string[]): Promise<Set<string>>;
  markDelivered(key: string): Promise<void>;
  /** Forgets delivered keys older than `before` (they can no longer be re-read by the overlap). */
  pruneDelivered(before: Date): Promise<number>;

  // --- Several replicas: an inbound event is handled by one replica only.
  /**
   * Records an inbound event id (Slack retry, Teams redelivery) for `ttlMs`: 'first' for the
   * replica that should handle it, 'duplicate' for every later arrival on any replica.
   */
  claimInbound(key: string, ttlMs: number): Promise<'first' | 'duplicate'>;

  // --- Every write happens once: the decision a button, form or confirm carries (decisions.ts).
  /** Claims a decision for `pendingMs`: 'won' for exactly one caller on any replica, 'taken' for the rest. */
  claimDecision(key: string, pendingMs: number): Promise<'won' | 'taken'>;
  /** The winner's recorded answer, 'pending' while it works, undefined when released or expired. */
  decisionOutcome(key: string): Promise<{ reply: unknown } | 'pending' | undefined>;
  /** Records the winner's answer (JSON-safe) and keeps the decision for `keepMs`. */
  settleDecision(key: string, reply: unknown, keepMs: number): Promise<void>;
  /** Frees a decision whose write did not happen, so a real retry acts. */
  releaseDecision(key: string): Promise<void>;

  setMuted(email: string, muted: boolean): Promise<void>;
  mutedAmong(emails: string[]): Promise<Set<string>>;

  /**
   * Runs `work` (one detect, plan and commit of notifications) while no other process does the
   * same on this store. Replicas on PostgreSQL take turns, so a poll on one and a fast lane on
   * another never both find a ticket without a card and both post one; SQLite is one process.
   */
  planExclusively<T>(work: () => Promise<T>): Promise<T>;

  recordAction(hint: ActionHint): Promise<void>;
  findAction(kind: ActionHint['kind'], itemId: number, etag?: string): Promise<ActionHint | undefined>;

  /**
   * The store's own database, for the tables features own (src/features/<name>, their migrations
   * handed to openStore as `features`): resolves once the migrator ran them. Features type it with
   * their own tables; closing the store closes it.
   */
  featureDatabase(): Promise<Kysely<any>>;

  close(): Promise<void>;
}

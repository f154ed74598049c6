/**
 * Durable state behind notifications. Every method is async so a store shared by several
 * replicas (a network database) can replace the embedded SQLite one without touching callers.
 */
import type { Conversation, SubscriptionFilter } from '../commands/types';

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

/** Durable notification state. */
export interface Store {
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

  // --- Several replicas: claims taken in the database, so two processes never do one thing twice.
  /**
   * Claims a delivery key before its send: true when this caller won it (not delivered, and not
   * claimed by anyone within the last `ttlMs`); false while another sender holds it.
   */
  claimDelivery(key: string, ttlMs: number): Promise<boolean>;
  /** Gives a claim back after a failed send, so the next cycle (on any replica) retries at once. */
  releaseDelivery(key: string): Promise<void>;
  /**
   * Records an inbound event id (Slack retry, Teams redelivery) for `ttlMs`: 'first' for the
   * replica that should handle it, 'duplicate' for every later arrival on any replica.
   */
  claimInbound(key: string, ttlMs: number): Promise<'first' | 'duplicate'>;

  setMuted(email: string, muted: boolean): Promise<void>;
  mutedAmong(emails: string[]): Promise<Set<string>>;

  recordAction(hint: ActionHint): Promise<void>;
  findAction(kind: ActionHint['kind'], itemId: number, etag?: string): Promise<ActionHint | undefined>;

  close(): Promise<void>;
}

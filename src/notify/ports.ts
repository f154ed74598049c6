/**
 * What notify runs of the features, as notify names it: the ports a feature fills through the
 * contract (src/features/types.ts) and the host binds (src/features/bind.ts). notify imports
 * nothing from src/features; every part below carries the name of the feature that declared it,
 * for the log, and a feature off the list has no part here at all (docs/design.md, "Adding a feature").
 */
import type { Platform } from '../core';
import type { DmChoices } from '../core/preferences';
import type { ChangeFeed } from '../helpdesk/changes';
import type { Comment, Ticket } from '../helpdesk/types';
import type { DeliveryIntent } from '../store/types';
import type { NoticeView } from '../views/notice-view';
import type { ConfirmationView, TicketView } from '../views/types';
import type { ChangeSet } from './detect';
import type { OutboxPayload } from './intents';
import type { Target } from './types';
import type { AssignmentReasonOf } from './routing';

// notify's words a feature speaks (types only): a feature imports from src/notify nothing but this
// module, and only its types (test/architecture/boundaries.test.ts); what it does goes through the services below.
export type { ChangeSet } from './detect';
export type { OutboxPayload } from './intents';
export type { ChannelTarget, PersonTarget, Target } from './types';
export type { AssignmentReason, AssignmentReasonOf } from './routing';

/** A feature's part, named for the log. */
export interface Named<P> {
  feature: string;
  part: P;
}

/** What each poll cycle read, handed to a feature after the cycle's commit; and what the bot itself wrote. */
export interface CycleHook {
  /** A failure is logged by the poller with the feature's name and never fails the cycle. */
  afterCycle(tickets: readonly Ticket[], comments: readonly Comment[], now: number): Promise<void>;
  /**
   * What a command just wrote (the fast lane), after its commit and before the writer's answer is
   * built: what the feature shows on a card can be current at once. Keep it cheap (no Graph read);
   * the next poll hands the same change to `afterCycle` too. A failure is logged and fails nothing.
   */
  afterWrite(tickets: readonly Ticket[], comments: readonly Comment[], now: number): Promise<void>;
}

/**
 * Work on a schedule (a channel's digest slots, DMs held in quiet hours): the host runs `run`
 * every `everyMs` while the process runs, and only when the feature that declares it is listed.
 * What it owes goes into the outbox (OutboxService), keyed so that replicas and restarts owe it once.
 */
export interface FeatureTimer {
  /** What it does, for the log ("digest slots"). */
  name: string;
  /** How often it runs, in milliseconds. */
  everyMs: number;
  /** One run: enqueues what is due at `now` (epoch ms); resolves with how many sends it enqueued. */
  run(now: number): Promise<number>;
}

/** What a feature changes in the sends a change set owes, while the cycle or the fast lane plans them (before their commit). */
export interface PlanHook {
  /**
   * The change set's targets as the feature changes them (a merged duplicate's requester is told
   * where their question went). `followUps: false` says no feature adds a send to this set (a
   * merge is not a resolution: no survey).
   */
  route?(set: ChangeSet, targets: Target[]): Promise<{ targets: Target[]; followUps: boolean }>;
  /**
   * More sends a change set owes, given those planned for it (a survey joins the resolution DM it
   * follows); notify puts each in its lane, as OutboxService.owe does.
   */
  more?(set: ChangeSet, planned: readonly DeliveryIntent[]): Promise<OwedSend[]>;
  /** The poll cycle's whole plan before its commit, rewritten (storm summaries in place of many cards); never the fast lane's. */
  cycle?(plan: CyclePlan): Promise<DeliveryIntent[]>;
}

/** One poll cycle's plan, as PlanHook.cycle sees it. */
export interface CyclePlan {
  sets: readonly ChangeSet[];
  intents: DeliveryIntent[];
  /** `ticketId>platform:conversationId` of every first card the plan posts (not an edit of one already there). */
  posts: ReadonlySet<string>;
  /** HELPDESK_LOCALE: the language of conversations with none of their own. */
  locale: string;
  now: number;
  createdAt: string;
}

/** What a feature adds to a ticket card the deliverer posts or edits in a shared conversation (SLA clocks, "Looks like #12"). */
export interface ChannelCardPart {
  /** Handed only cards made for agents; returns the card with the feature's part. A failure leaves the card without it. */
  ticket?(view: TicketView, audience: 'conversation'): Promise<TicketView>;
}

/** A DM held in its reader's quiet hours. */
export interface HeldDm {
  /** The outbox key that owed it. */
  key: string;
  email: string;
  ticketId: number;
  text: string;
  reason: string;
  /** The DM's card, JSON-safe, when it had one. */
  notice?: unknown;
  /** Epoch ms: the end of the quiet hours it waits for. */
  releaseAt: number;
}

/** People's notification choices, as routing and sending obey them (the preferences feature keeps them). */
export interface PersonPreferences {
  /** The DM choices of these people who made any, by lower-cased address. */
  dmChoices(emails: string[]): Promise<Map<string, DmChoices>>;
  /** The end (epoch ms) of the person's quiet hours around `now` in `zone`, or undefined when a DM may go now. */
  quietUntil(email: string, zone: string, now: number): Promise<number | undefined>;
  /** Holds a DM until its quiet hours end (a key already held is kept as it is); the feature releases it. */
  hold(dm: HeldDm): Promise<void>;
}

/** Keeps an index of tickets from what the poller reads (search): before each commit, so a crash re-reads and re-indexes. */
export interface TicketIndexer {
  /** Indexes tickets as read (the first full read, a cycle's changes, what the bot wrote). */
  index(tickets: Ticket[]): Promise<void>;
  /** Once per process: fills an index a store from before it lacks, by one full read. */
  fillIfMissing(feed: ChangeFeed): Promise<void>;
}

/** One feature's poll-cycle hook, named for the poller's log. */
export interface NamedCycleHook {
  feature: string;
  hook: CycleHook;
}

/** One feature's part when the bot is no longer in a conversation, named for the log when it fails. */
export interface NamedGoneHook {
  feature: string;
  gone(platform: Platform, conversationId: string): Promise<void>;
}

/** Every part of the listed features notify runs, in list order (bindFeatures builds it; empty when none is listed). */
export interface NotifyParts {
  cycleHooks: readonly NamedCycleHook[];
  timers: readonly Named<FeatureTimer>[];
  planHooks: readonly Named<PlanHook>[];
  /** The features' card hooks: their `ticket` part is asked with audience 'conversation' for channel cards. */
  cardParts: readonly Named<ChannelCardPart>[];
  indexers: readonly Named<TicketIndexer>[];
  preferences: readonly Named<PersonPreferences>[];
  /** What each feature forgets of a conversation the bot was removed from (a channel's digest…). */
  goneHooks: readonly NamedGoneHook[];
  /** Why a ticket went to its assignee (routing), for their DM and agents' cards; absent: nothing assigns by itself. */
  assignmentReason?: AssignmentReasonOf;
}

/** No feature listed: notify runs the ticket core's notifications alone. */
export const NO_PARTS: NotifyParts = { cycleHooks: [], timers: [], planHooks: [], cardParts: [], indexers: [], preferences: [], goneHooks: [] };

/** Where an outbox post goes: one conversation. */
export interface ConversationRef {
  platform: Platform;
  conversationId: string;
}

/** What a feature posts: a message (its text is the notification and fallback text), as a card with buttons when `view` is given. */
export interface OutboxMessage {
  text: string;
  view?: ConfirmationView;
}

/**
 * The outbox as a host service (HostServices.outbox): a feature owes a post or a DM through it
 * and never imports notify. Every call is keyed: the same key twice (a replica, a retry after a
 * crash) owes one send. The deliverer sends it, paced and retried like any notification.
 */
export interface OutboxService {
  /** A message of its own in one conversation. */
  post(key: string, to: ConversationRef, message: OutboxMessage): Promise<void>;
  /** The same message in every conversation subscribed to anything (each once); resolves with how many it owes. */
  postToSubscribed(key: string, message: (to: ConversationRef) => OutboxMessage | Promise<OutboxMessage>): Promise<number>;
  /** A DM to one person on whichever platform reaches them; `urgent` is never held in their quiet hours. */
  dm(key: string, email: string, text: string, options?: DmOptions): Promise<void>;
  /**
   * Sends of any kind (a screen, a line under a ticket's card, a card edit, a DM), owed together in
   * one commit and in this order; each goes in the lane its payload names (its conversation, or its
   * reader's DMs), so they are sent in that order there.
   */
  owe(sends: readonly OwedSend[]): Promise<void>;
}

/**
 * One send a feature owes, as it says it: notify puts it in the lane its payload names (one
 * conversation, or one person's DMs, whichever platform reaches them) and marks a card's
 * conversation as showing the ticket.
 */
export interface OwedSend {
  /** Unique per send: a key already owed or sent is not owed again (replicas, restarts). */
  key: string;
  /** The ticket it is about (a line is threaded under that ticket's card); 0: none. */
  ticketId: number;
  /** ISO time it was owed. */
  createdAt: string;
  payload: OutboxPayload;
}

/** How a DM through the outbox is sent. */
export interface DmOptions {
  /** The ticket it is about (a reply to the DM is tied to it); 0 or absent: none. */
  ticketId?: number;
  /** Never held in the person's quiet hours (an alert, a DM released after them). */
  urgent?: boolean;
  /** Why they get it, for the log ('digest', 'survey'…). */
  reason?: string;
  /** The DM as an actionable card, `text` being its notification and fallback text. */
  notice?: NoticeView;
}

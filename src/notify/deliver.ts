/**
 * Delivers through a durable outbox. The poller records every send it owes (plan) in the Store
 * in the same transaction that advances its watermark; drain sends them, one conversation (lane)
 * at a time in order, lanes in parallel. A failed send is retried with capped backoff, per lane,
 * until it takes effect or the conversation is gone; nothing is given up for `maxAgeHours`.
 * Each row is claimed in the Store when its send starts, so two drainers never send it both.
 * What a row holds is intents.ts's; how one row is sent is send-one.ts's.
 */
import { normalizeLocale } from '../i18n';
import type { Vocabulary } from '../helpdesk/types';
import type { Logger } from '../log';
import type { DeliveryIntent, PendingDelivery, Store } from '../store/types';
import type { ChannelCardPart, Named, NamedGoneHook, PersonPreferences } from './ports';
import type { ChangeSet } from './detect';
import type { PeopleNames } from '../views/ticket-view';
import { intentsFor, type OutboxPayload } from './intents';
import type { SendQueue } from './send-queue';
import type { AssignmentReasonOf } from './routing';
import { createSender, withTimeout, type QuietHours } from './send-one';
import { DeliveryError, type Delivery, type Platform, type Target } from './types';

export { channelCardView, channelLane, dmLane, type OutboxPayload } from './intents';

/** Options for createDeliverer. */
export interface DelivererConfig {
  deliveries: readonly Delivery[];
  store: Store;
  queue: SendQueue;
  logger: Logger;
  vocabulary: Vocabulary;
  /** HELPDESK_LOCALE: cards and DMs with no language of their own (default en). */
  locale?: string;
  /** First retry delay after a failed send; doubles per attempt up to maxBackoffMs. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** A send still failing after this long is logged as an error and dropped (default 72 h; at least 24 h). */
  maxAgeHours?: number;
  /** A send with no answer after this long counts as failed with an unknown outcome (default 60 s). */
  sendTimeoutMs?: number;
  /** How long a started row stays claimed by this drainer (default twice sendTimeoutMs); a dead drainer's claim expires then. */
  claimMs?: number;
  now?: () => number;
  /** What the listed features add to a channel's ticket card (SLA clocks, "Looks like #12"), asked when the card is sent. */
  cardParts?: readonly Named<ChannelCardPart>[];
  /** People's DM choices and quiet hours, kept by the listed features (none: every DM goes at once). */
  preferences?: readonly Named<PersonPreferences>[];
  /** Quiet hours: their clock (tests pin it) and the zone of people whose client never said theirs (HELPDESK_TIME_ZONE). */
  quiet?: QuietHours;
  /** What the features forget of a conversation the bot was removed from (a channel's digest…), each named for the log. */
  goneHooks?: readonly NamedGoneHook[];
  /** Why a ticket went to its assignee (routing), for their DM and agents' cards; absent: nothing assigns by itself. */
  assignmentReason?: AssignmentReasonOf;
}

/** What one drain did. */
export interface DrainResult {
  sent: number;
  /** Sends postponed after a failure (retried later). */
  postponed: number;
  /** Sends dropped because their conversation is gone (or they were older than maxAgeHours). */
  dropped: number;
  /** Deliveries still owed after the drain. */
  pending: number;
}

/** Plans and sends notifications. */
export interface Deliverer {
  /** The sends one change set owes, as outbox intents (nothing is sent yet); `names` name the people on its cards. */
  plan(set: ChangeSet, targets: Target[], names?: PeopleNames): DeliveryIntent[];
  /** HELPDESK_LOCALE, for whoever plans: the language of conversations and people with none of their own. */
  readonly locale: string;
  /** Sends everything that is due; resolves when each lane is empty, waiting or blocked. */
  drain(): Promise<DrainResult>;
  /** Why a ticket went to its assignee (a feature that assigns tickets: routing), for their DM and agents' cards; absent: nothing assigns by itself. */
  readonly assignmentReason?: AssignmentReasonOf;
}

/** Creates the deliverer. */
export function createDeliverer(config: DelivererConfig): Deliverer {
  const { store, queue, logger } = config;
  const byPlatform = new Map<Platform, Delivery>(config.deliveries.map((d) => [d.platform, d]));
  const now = config.now ?? Date.now;
  const base = config.baseBackoffMs ?? 2000;
  const cap = config.maxBackoffMs ?? 5 * 60_000;
  const maxAgeMs = Math.max(24, config.maxAgeHours ?? 72) * 3600_000;
  const sendTimeoutMs = config.sendTimeoutMs ?? 60_000;
  const claimMs = config.claimMs ?? 2 * sendTimeoutMs;
  // The first drain of a process retries everything owed at once: a restart ends every backoff.
  let recovered = false;
  const busy = new Set<string>();

  const plan = (set: ChangeSet, targets: Target[], names?: PeopleNames): DeliveryIntent[] => intentsFor(set, targets, config.vocabulary, new Date(now()).toISOString(), config.locale, names);
  const sendOne = createSender({ store, queue, logger, byPlatform, cardParts: config.cardParts, preferences: config.preferences, quiet: config.quiet });

  /**
   * Works through one lane until it is empty or its head has to wait. `everything` (a process's
   * first drain) ignores backoff; otherwise "due" is judged afresh for each row, so a send added
   * to this lane while it is being worked on (the fast lane) goes out in this pass, not the next.
   */
  async function runLane(lane: string, tally: DrainResult, everything: boolean): Promise<void> {
    busy.add(lane);
    try {
      for (;;) {
        const [row] = await store.dueDeliveries(everything ? Number.MAX_SAFE_INTEGER : now(), 1, lane);
        if (!row) return;
        // The claim is atomic in the store: a second drainer by mistake (another replica) gets 0 and leaves the lane.
        const attempt = await store.startDelivery(row.key, claimMs);
        if (attempt === 0) return;
        try {
          await withTimeout(sendOne(row, attempt), sendTimeoutMs, row.key);
          tally.sent += 1;
          continue;
        } catch (err) {
          if (!(await failed(row, attempt, err, tally))) return;
        }
      }
    } finally {
      busy.delete(lane);
    }
  }

  /** Handles a failed send; true when the lane can go on with its next row. */
  async function failed(row: PendingDelivery, attempt: number, err: unknown, tally: DrainResult): Promise<boolean> {
    const p = row.payload as OutboxPayload;
    if (p.kind !== 'dm' && err instanceof DeliveryError && err.kind === 'gone') {
      const n = await store.dropConversation(p.platform, p.conversationId);
      // What the features keep of it too (its digest, or every slot would be counted and dropped again).
      for (const { feature, gone } of config.goneHooks ?? []) {
        await gone(p.platform, p.conversationId).catch((error: unknown) => logger.warn('a feature could not forget a conversation the bot left; it tries again at its next send there', { feature, platform: p.platform, conversationId: p.conversationId, error }));
      }
      const dropped = await store.dropLane(row.lane);
      tally.dropped += dropped;
      logger.warn('bot is no longer in the conversation; dropped its subscriptions', { platform: p.platform, conversationId: p.conversationId, subscriptions: n, pending: dropped, reason: err.message });
      return false;
    }
    if (now() - Date.parse(row.createdAt) > maxAgeMs) {
      logger.error('notification still failing after the retry period; dropped', { key: row.key, attempts: attempt, error: err });
      await store.finishDelivery(row.key);
      tally.dropped += 1;
      return true;
    }
    const throttled = err instanceof DeliveryError && err.kind === 'throttled';
    const wait = throttled ? Math.max(err.retryAfterMs ?? base, base) : Math.min(cap, base * 2 ** Math.min(attempt - 1, 20));
    await store.postponeDelivery(row.key, now() + wait, err instanceof Error ? err.message : String(err));
    tally.postponed += 1;
    logger.warn('notification failed; will retry', { key: row.key, attempt, retryInMs: wait, error: err });
    return false;
  }

  async function drainOnce(): Promise<DrainResult> {
    const tally: DrainResult = { sent: 0, postponed: 0, dropped: 0, pending: 0 };
    const everything = !recovered;
    recovered = true;
    const heads = await store.dueDeliveries(everything ? Number.MAX_SAFE_INTEGER : now(), 10_000);
    await Promise.all(heads.filter((h) => !busy.has(h.lane)).map((h) => runLane(h.lane, tally, everything).catch((err) => {
      logger.error('notification lane failed unexpectedly; retried on the next drain', { lane: h.lane, error: err });
    })));
    tally.pending = await store.pendingDeliveryCount();
    return tally;
  }

  return {
    plan,
    locale: normalizeLocale(config.locale),
    // Drains may overlap (timer and poll cycle): a lane already being worked on is skipped, so a
    // hung conversation never holds up another drain or another conversation.
    drain: drainOnce,
    ...(config.assignmentReason ? { assignmentReason: config.assignmentReason } : {}),
  };
}

/**
 * Delivers through a durable outbox. The poller records every send it owes (plan) in the Store
 * in the same transaction that advances its watermark; drain sends them, one conversation (lane)
 * at a time in order, lanes in parallel. A failed send is retried with capped backoff, per lane,
 * until it takes effect or the conversation is gone; nothing is given up for `maxAgeHours`.
 * Each row is claimed in the Store when its send starts, so two drainers never send it both.
 */
import { normalizeLocale } from '../i18n';
import type { Vocabulary } from '../helpdesk/types';
import type { Logger } from '../log';
import type { DeliveryIntent, PendingDelivery, Store } from '../store/types';
import { noticeView, type NoticeView } from '../views/notice-view';
import { ticketView } from '../views/ticket-view';
import type { TicketView } from '../views/types';
import type { ChangeSet } from './detect';
import type { SendQueue } from './queue';
import { intervalPace, PLATFORM_PACE, type Pace } from './pacing';
import { rememberNotice } from '../store/notices';
import { targetKey } from './routing';
import { DeliveryError, type Delivery, type Platform, type Target } from './types';

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
  /** The sends one change set owes, as outbox intents (nothing is sent yet). */
  plan(set: ChangeSet, targets: Target[]): DeliveryIntent[];
  /** HELPDESK_LOCALE, for whoever plans: the language of conversations and people with none of their own. */
  readonly locale: string;
  /** Sends everything that is due; resolves when each lane is empty, waiting or blocked. */
  drain(): Promise<DrainResult>;
}

/** What an outbox row asks for. */
export type OutboxPayload =
  | { kind: 'card'; platform: Platform; conversationId: string; view: TicketView; etag: string }
  /** `orPost`: without a card to thread under, post the line on its own (SLA alerts) instead of skipping it. */
  | { kind: 'line'; platform: Platform; conversationId: string; text: string; orPost?: boolean; mention?: string }
  /** `notice` (absent on rows written before it existed, and on 'it was saved' notes) makes the DM an actionable card. */
  | { kind: 'dm'; email: string; text: string; reason: string; locale?: string; notice?: NoticeView };

/** The card a channel sees: current ticket state with agent buttons (the service authorises clicks). */
export function channelCardView(set: ChangeSet, vocabulary: Vocabulary, locale?: string): TicketView {
  return ticketView(set.ticket, [], { email: '', isAgent: true, locale }, vocabulary);
}

/** Rejects when `work` has not settled after `ms`; the work itself may still finish (its outcome is then unknown). */
function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeliveryError('failed', `no answer within ${ms} ms: ${what}`)), ms);
    timer.unref?.();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The lane (ordering unit) of a conversation or of a person's DMs. */
/** The platform's documented limits, unless the delivery overrides them (tests, benches). */
const paceOf = (d: Delivery): Pace => (d.minIntervalMs === undefined ? PLATFORM_PACE[d.platform] : intervalPace(d.minIntervalMs));

export const channelLane = (platform: Platform, conversationId: string) => `${platform}:${conversationId}`;
/** The lane of one person's DMs, whichever platform reaches them. */
export const dmLane = (email: string) => `dm:${email}`;

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

  function plan(set: ChangeSet, targets: Target[]): DeliveryIntent[] {
    const createdAt = new Date(now()).toISOString();
    const out: DeliveryIntent[] = [];
    for (const t of targets) {
      const key = `${set.key}>${targetKey(t)}`;
      if (t.type === 'person') {
        out.push({ key, lane: dmLane(t.email), ticketId: set.ticket.id, createdAt, payload: { kind: 'dm', email: t.email, text: t.text, reason: t.reason, ...(t.locale ? { locale: t.locale } : {}), notice: noticeView(set.ticket, t.text, t.reason, t.email, t.locale) } satisfies OutboxPayload });
        continue;
      }
      const lane = channelLane(t.platform, t.conversationId);
      const where = { platform: t.platform, conversationId: t.conversationId };
      if (t.action !== 'line') {
        const payload: OutboxPayload = { kind: 'card', ...where, view: channelCardView(set, config.vocabulary, t.locale ?? config.locale), etag: set.ticket.etag };
        out.push({ key: `${key}>card`, lane, ticketId: set.ticket.id, card: where, createdAt, payload });
      }
      if (t.line) out.push({ key: `${key}>line`, lane, ticketId: set.ticket.id, createdAt, payload: { kind: 'line', ...where, text: t.line } satisfies OutboxPayload });
    }
    return out;
  }

  const cardOf = async (ticketId: number, platform: Platform, conversationId: string) =>
    (await store.postedMessages(ticketId)).find((p) => p.platform === platform && p.conversationId === conversationId);

  /** Sends one outbox row; throws DeliveryError (or anything) when it did not take effect. */
  async function sendOne(row: PendingDelivery, attempt: number): Promise<void> {
    const p = row.payload as OutboxPayload;
    const opts = { key: row.key, mayHaveSent: attempt > 1 };
    if (p.kind === 'dm') return sendDm(row, p, opts);
    const d = byPlatform.get(p.platform);
    if (!d) {
      logger.debug('no delivery for platform; skipped', { platform: p.platform });
      return store.finishDelivery(row.key);
    }
    const send = <T>(fn: () => Promise<T>) => queue.run(row.lane, paceOf(d), fn);
    const card = await cardOf(row.ticketId, p.platform, p.conversationId);
    if (p.kind === 'line') {
      // An @mention (SLA escalation) is a message of its own: a thread reply would bury it.
      if ((!card || p.mention) && p.orPost && d.postMessage) {
        await send(() => d.postMessage!(p.conversationId, p.text, opts, p.mention));
        return store.finishDelivery(row.key);
      }
      if (!card) {
        logger.warn('no card to thread a change under; line skipped', { platform: p.platform, conversationId: p.conversationId, ticketId: row.ticketId });
        return store.finishDelivery(row.key);
      }
      await send(() => d.postThreadLine(p.conversationId, card.messageId, p.text, opts));
      return store.finishDelivery(row.key);
    }
    let messageId: string;
    if (!card) {
      messageId = await send(() => d.postCard(p.conversationId, p.view, opts));
    } else {
      messageId = card.messageId;
      try {
        await send(() => d.updateCard(p.conversationId, card.messageId, p.view));
      } catch (err) {
        if (!(err instanceof DeliveryError && err.kind === 'missing')) throw err;
        // Someone deleted the card: post a fresh one and keep threading under it.
        messageId = await send(() => d.postCard(p.conversationId, p.view, { key: `${row.key}>repost`, mayHaveSent: opts.mayHaveSent }));
        logger.info('ticket card was deleted; posted a new one', { platform: p.platform, conversationId: p.conversationId, ticketId: row.ticketId });
      }
    }
    await store.finishDelivery(row.key, { platform: p.platform, conversationId: p.conversationId, ticketId: row.ticketId, messageId, etag: p.etag });
  }

  async function sendDm(row: PendingDelivery, p: Extract<OutboxPayload, { kind: 'dm' }>, opts: { key: string; mayHaveSent: boolean }): Promise<void> {
    // Platforms where the person was seen most recently first; then any other platform.
    const known = (await store.personAddresses(p.email)).map((a) => a.platform);
    const order = [...new Set([...known, ...byPlatform.keys()])].filter((x) => byPlatform.has(x));
    for (const platform of order) {
      const d = byPlatform.get(platform)!;
      try {
        const sent = await queue.run(`${platform}:dm:${p.email}`, paceOf(d), () => d.sendDirect(p.email, p.text, opts, p.notice));
        if (sent) {
          await store.finishDelivery(row.key);
          if (row.ticketId > 0) await rememberNotice(store, p.email, row.ticketId, platform, sent, logger);
          return;
        }
      } catch (err) {
        if (!(err instanceof DeliveryError && err.kind === 'gone')) throw err;
        logger.info('personal conversation no longer reachable; trying elsewhere', { platform, reason: p.reason });
      }
    }
    logger.debug('no personal conversation for person; DM skipped', { email: p.email, reason: p.reason });
    await store.finishDelivery(row.key);
  }

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
  };
}

/**
 * The change poller. Each cycle asks only for what changed since the watermark (two requests
 * when nothing did), turns it into change sets, routes them, and
 * records what it owes in the outbox together with the new watermark and ticket states, in one
 * transaction — so a crash or restart loses nothing. The deliverer drains the outbox.
 */
import { isRefusedQuery } from '../helpdesk/errors';
import type { Comment, Ticket, Vocabulary } from '../helpdesk/types';
import type { Logger } from '../log';
import type { PollerLease } from '../store/lease';
import type { DeliveryIntent, PostedMessage, Store, TicketState } from '../store/types';
import type { Deliverer, DrainResult } from './deliver';
import { attachResolutionNotes, commentEvent, commentKey, DEFAULT_RESOLVED_STATUSES, stateOf, ticketEvents, type ChangeSet } from './detect';
import { route } from './routing';
import type { ChangeFeed } from './types';

/** A failure's text without Graph's per-request id, so the same refusal twice reads the same. */
const withoutIds = (text: string) => text.replace(/\s*\(request-id [^)]*\)/g, '');

/** Options for createPoller. */
export interface PollerConfig {
  feed: ChangeFeed & { getTicket?(id: number): Promise<Ticket | undefined> };
  store: Store;
  deliverer: Deliverer;
  vocabulary: Vocabulary;
  logger: Logger;
  pollSeconds: number;
  /** On first start, also announce what changed this many minutes before now. */
  backfillMinutes?: number;
  /** Timestamps have one-second precision; re-read this much before the watermark. */
  overlapSeconds?: number;
  resolvedStatuses?: readonly string[];
  /** How often owed notifications are retried between poll cycles (default 1000 ms). */
  drainIntervalMs?: number;
  /** Longest pause after repeated failures. */
  maxBackoffSeconds?: number;
  now?: () => Date;
  /** Several replicas: cycles and outbox drains run only while this replica holds the lease (default: always). */
  lease?: PollerLease;
}

/** What one cycle did, for tests, benchmarks and logs. */
export interface CycleResult {
  tickets: number;
  comments: number;
  changeSets: number;
  /** Sends this cycle added to the outbox. */
  owed: number;
  /** False while some notification is still owed (it stays in the outbox and is retried). */
  complete: boolean;
  firstStart?: boolean;
}

/** How the poller is doing, for health checks and tests. */
export interface PollerStatus {
  cycles: number;
  /** Consecutive cycles whose reads failed; each doubles the pause, up to maxBackoffSeconds. */
  failures: number;
  /** Pause before the next cycle. */
  nextDelayMs: number;
  lastError?: string;
  /** Whether this replica holds the poller lease (always true with one process). */
  polling: boolean;
  /** Why the lease could not be checked (shared store unreachable), when that is the case. */
  leaseError?: string;
}

/** Polls for changes on a timer; `runOnce` runs a single cycle (tests, benchmarks). */
export interface Poller {
  start(): void;
  stop(): Promise<void>;
  runOnce(): Promise<CycleResult>;
  status(): PollerStatus;
}

const WM_TICKETS = 'tickets.modified';
const WM_COMMENTS = 'comments.created';
const isoSecond = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const later = (a: string | undefined, b: string) => (!a || Date.parse(b) > Date.parse(a) ? b : a);

/** Creates a poller over a change feed, a store and a deliverer. */
export function createPoller(config: PollerConfig): Poller {
  const { feed, store, deliverer, logger } = config;
  const now = config.now ?? (() => new Date());
  const overlapMs = (config.overlapSeconds ?? 5) * 1000;
  const resolved = config.resolvedStatuses ?? DEFAULT_RESOLVED_STATUSES;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  let failures = 0;
  let cycles = 0;
  let lastError: string | undefined;
  let lastPrune = 0;
  let lastDrain: DrainResult | undefined;
  let drainTimer: NodeJS.Timeout | undefined;
  let drainInFlight: Promise<void> = Promise.resolve();
  let leaseError: string | undefined;

  /** First start: remember every ticket as it is now, so later changes have something to compare with. */
  async function firstStart(): Promise<string> {
    const start = new Date(now().getTime() - (config.backfillMinutes ?? 0) * 60_000);
    let batch: TicketState[] = [];
    let seeded = 0;
    for await (const t of feed.ticketsModifiedSince(new Date(0))) {
      // Tickets changed inside the backfill window stay unknown, so they are announced.
      if (Date.parse(t.modified) >= start.getTime()) continue;
      batch.push(stateOf(t));
      if (batch.length >= 5000) {
        await store.putTicketStates(batch);
        seeded += batch.length;
        batch = [];
      }
    }
    await store.putTicketStates(batch);
    seeded += batch.length;
    const mark = isoSecond(start);
    await store.commitCycle({ watermarks: { [WM_TICKETS]: mark, [WM_COMMENTS]: mark }, states: [], processedKeys: [] });
    logger.info('notifications start from now', { since: mark, ticketsKnown: seeded });
    return mark;
  }

  async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
    const out: T[] = [];
    for await (const item of items) out.push(item);
    return out;
  }

  async function cycle(): Promise<CycleResult> {
    let ticketMark = await store.getWatermark(WM_TICKETS);
    let commentMark = await store.getWatermark(WM_COMMENTS);
    let first = false;
    if (!ticketMark || !commentMark) {
      ticketMark = commentMark = await firstStart();
      first = true;
    }
    const since = (mark: string) => new Date(Date.parse(mark) - overlapMs);
    const [tickets, comments] = await Promise.all([
      collect(feed.ticketsModifiedSince(since(ticketMark))),
      collect(feed.commentsCreatedSince(since(commentMark))),
    ]);

    const states = await store.getTicketStates(tickets.map((t) => t.id));
    const done = await store.deliveredAmong(comments.map(commentKey));
    const fresh = comments.filter((c) => !done.has(commentKey(c)));
    const byId = new Map(tickets.map((t) => [t.id, t]));

    const sets: ChangeSet[] = [];
    const newStates: TicketState[] = [];
    for (const t of tickets) {
      const previous = states.get(t.id);
      if (previous?.etag === t.etag) continue;
      const events = ticketEvents(t, previous, resolved);
      newStates.push(stateOf(t));
      if (events.length === 0) continue;
      const hint = await store.findAction('ticket', t.id, t.etag);
      if (hint) for (const e of events) e.actorEmail = hint.actorEmail;
      sets.push({ key: `ticket:${t.id}:${t.etag}`, ticket: t, events, at: t.modified });
    }
    for (const c of fresh) {
      let ticket = byId.get(c.ticketId);
      if (!ticket && feed.getTicket) {
        ticket = await feed.getTicket(c.ticketId);
        if (ticket) byId.set(ticket.id, ticket);
      }
      if (!ticket) {
        logger.debug('comment on a ticket that no longer exists; skipped', { commentId: c.id });
        continue;
      }
      sets.push({ key: commentKey(c), ticket, events: [commentEvent(c, ticket)], at: c.created });
    }
    sets.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    const absorbed = attachResolutionNotes(sets);

    const intents: DeliveryIntent[] = [];
    if (sets.length > 0) {
      const subscriptions = await store.allSubscriptions();
      const people = sets.flatMap((s) => [s.ticket.submittedByEmail, s.ticket.assignedTo]);
      const muted = await store.mutedAmong(people);
      // Cards still owed (in the outbox, or planned earlier in this cycle) count as posted: later changes update them.
      const planned = new Map<number, PostedMessage[]>();
      for (const set of sets) {
        const hint = set.events[0].comment ? await store.findAction('comment', set.events[0].comment.id) : undefined;
        const posted = await store.postedMessages(set.ticket.id);
        const owed = [...(await store.pendingCards(set.ticket.id)), ...(planned.get(set.ticket.id) ?? [])];
        for (const c of owed) {
          if (!posted.some((p) => p.platform === c.platform && p.conversationId === c.conversationId)) posted.push({ ...c, ticketId: set.ticket.id, messageId: '' });
        }
        const targets = route(set, {
          subscriptions,
          posted,
          muted,
          highPriorities: config.vocabulary.highPriorities,
          origin: hint?.origin,
          absorbedIntoResolution: absorbed.has(set.key),
        });
        const mine = deliverer.plan(set, targets);
        intents.push(...mine);
        for (const i of mine) if (i.card) planned.set(set.ticket.id, [...(planned.get(set.ticket.id) ?? []), { ...i.card, ticketId: set.ticket.id, messageId: '' }]);
      }
    }

    // What is owed and the new watermark are committed together: a crash after this loses nothing.
    let nextTicketMark = ticketMark;
    for (const t of tickets) nextTicketMark = later(nextTicketMark, t.modified);
    let nextCommentMark = commentMark;
    for (const c of comments) nextCommentMark = later(nextCommentMark, c.created);
    await store.commitCycleWithDeliveries(
      { watermarks: { [WM_TICKETS]: nextTicketMark, [WM_COMMENTS]: nextCommentMark }, states: newStates, processedKeys: fresh.map(commentKey) },
      intents,
    );
    if (Date.now() - lastPrune > 3600_000) {
      lastPrune = Date.now();
      // Keys only guard the overlap window and crash recovery; a week is far beyond both.
      await store.pruneDelivered(new Date(Date.now() - 7 * 86400_000));
    }
    return { tickets: tickets.length, comments: comments.length, changeSets: sets.length, owed: intents.length, complete: true, firstStart: first || undefined };
  }

  /** A cycle, then the sends that are due; complete means nothing is owed any more. */
  async function cycleAndDrain(): Promise<CycleResult> {
    const result = await cycle();
    const drained = await deliverer.drain();
    return { ...result, complete: drained.pending === 0 };
  }

  /** Runs one cycle; a failure is logged and slows the next cycle, never reaches a channel. */
  async function guarded(): Promise<CycleResult | undefined> {
    if (config.lease) {
      // Another replica polls, or the shared store is unreachable: skip; nothing advances, nothing is lost.
      try {
        const mine = await config.lease.tryAcquire();
        leaseError = undefined;
        if (!mine) return undefined;
      } catch (err) {
        leaseError = err instanceof Error ? err.message : String(err);
        return undefined;
      }
    }
    cycles += 1;
    try {
      const result = await cycle();
      // Sending does not hold up polling: a slow or unreachable platform only delays its own lanes.
      drainInBackground();
      // Only Graph trouble slows the poller; one unreachable conversation must not delay everyone.
      failures = 0;
      lastError = lastDrain && lastDrain.pending > 0 ? `${lastDrain.pending} notifications owed; retrying` : undefined;
      if (result.changeSets > 0) logger.info('notification cycle', { ...result });
      return result;
    } catch (err) {
      failures += 1;
      const message = err instanceof Error ? err.message : String(err);
      // A refusal (400, e.g. a column not indexed on a large list) repeats every cycle until an admin fixes the list: explain it once.
      if (!isRefusedQuery(err)) logger.warn('change poll failed; backing off', { error: err, failures });
      else if (withoutIds(message) !== withoutIds(lastError ?? '')) logger.error('change poll refused by Graph; notifications wait until this is fixed', { error: err, failures });
      else logger.debug('change poll still refused', { failures });
      lastError = message;
      return undefined;
    }
  }

  /** Whether this replica may poll and drain now (always, without a lease). */
  function holds(): boolean {
    return config.lease ? config.lease.held() : true;
  }

  function drainInBackground(): void {
    drainInFlight = deliverer.drain().then(
      (d) => void (lastDrain = d),
      (err) => logger.error('notification drain failed', { error: err }),
    );
  }

  function nextDelayMs(): number {
    const base = config.pollSeconds * 1000;
    if (failures === 0) return base;
    return Math.max(base, Math.min(base * 2 ** Math.min(failures, 10), (config.maxBackoffSeconds ?? 600) * 1000));
  }

  /** Cycles start every pollSeconds (not pollSeconds after the last one ended), unless backing off. */
  function loop(): void {
    const began = Date.now();
    running = guarded().finally(() => {
      if (stopped) return;
      const wait = failures > 0 ? nextDelayMs() : Math.max(0, nextDelayMs() - (Date.now() - began));
      timer = setTimeout(loop, wait);
    });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      loop();
      // Retries come due between poll cycles; a drain with nothing due is one indexed query.
      const tick = () => {
        drainTimer = setTimeout(() => {
          // Only the lease holder drains; another replica's outbox rows are its to send.
          if (holds()) drainInBackground();
          void drainInFlight.finally(() => {
            if (!stopped) tick();
          });
        }, config.drainIntervalMs ?? 1000);
      };
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (drainTimer) clearTimeout(drainTimer);
      await running;
      // A send hanging on a dead connection must not hold up shutdown; what it owed stays in the outbox.
      await Promise.race([drainInFlight, new Promise((r) => setTimeout(r, 5000).unref())]);
      await config.lease?.release();
    },
    runOnce: cycleAndDrain,
    status: () => ({ cycles, failures, nextDelayMs: nextDelayMs(), lastError, polling: holds(), leaseError }),
  };
}

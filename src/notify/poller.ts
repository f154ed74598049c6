/**
 * The change poller. Each cycle asks only for what changed since the watermark (two requests
 * when nothing did), turns it into change sets, routes and delivers them, and only then
 * advances the watermark and the stored ticket states — so a crash or restart loses nothing,
 * and the delivery keys recorded per target make sure nothing is repeated.
 */
import type { Comment, Ticket, Vocabulary } from '../helpdesk/types';
import type { Logger } from '../log';
import type { PollerLease } from '../store/lease';
import type { Store, TicketState } from '../store/types';
import type { Deliverer } from './deliver';
import { attachResolutionNotes, commentEvent, commentKey, DEFAULT_RESOLVED_STATUSES, stateOf, ticketEvents, type ChangeSet } from './detect';
import { route } from './routing';
import type { ChangeFeed } from './types';

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
  /** Longest pause after repeated failures. */
  maxBackoffSeconds?: number;
  now?: () => Date;
  /** Several replicas: a cycle runs only while this replica holds the lease (default: always). */
  lease?: PollerLease;
}

/** What one cycle did, for tests, benchmarks and logs. */
export interface CycleResult {
  tickets: number;
  comments: number;
  changeSets: number;
  /** False when some delivery failed: the watermark stayed put and the next cycle retries. */
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

    let complete = true;
    if (sets.length > 0) {
      const subscriptions = await store.allSubscriptions();
      const people = sets.flatMap((s) => [s.ticket.submittedByEmail, s.ticket.assignedTo]);
      const muted = await store.mutedAmong(people);
      for (const set of sets) {
        const hint = set.events[0].comment ? await store.findAction('comment', set.events[0].comment.id) : undefined;
        const targets = route(set, {
          subscriptions,
          posted: await store.postedMessages(set.ticket.id),
          muted,
          highPriorities: config.vocabulary.highPriorities,
          origin: hint?.origin,
          absorbedIntoResolution: absorbed.has(set.key),
        });
        if (!(await deliverer.deliver(set, targets))) complete = false;
      }
    }

    if (complete) {
      let nextTicketMark = ticketMark;
      for (const t of tickets) nextTicketMark = later(nextTicketMark, t.modified);
      let nextCommentMark = commentMark;
      for (const c of comments) nextCommentMark = later(nextCommentMark, c.created);
      await store.commitCycle({
        watermarks: { [WM_TICKETS]: nextTicketMark, [WM_COMMENTS]: nextCommentMark },
        states: newStates,
        processedKeys: fresh.map(commentKey),
      });
    }
    if (Date.now() - lastPrune > 3600_000) {
      lastPrune = Date.now();
      // Keys only guard the overlap window and crash recovery; a week is far beyond both.
      await store.pruneDelivered(new Date(Date.now() - 7 * 86400_000));
    }
    return { tickets: tickets.length, comments: comments.length, changeSets: sets.length, complete, firstStart: first || undefined };
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
      // Only Graph trouble slows the poller; one unreachable conversation must not delay everyone.
      failures = 0;
      lastError = result.complete ? undefined : 'some notifications could not be delivered; retrying';
      if (result.changeSets > 0) logger.info('notification cycle', { ...result });
      return result;
    } catch (err) {
      failures += 1;
      lastError = err instanceof Error ? err.message : String(err);
      logger.warn('change poll failed; backing off', { error: err, failures });
      return undefined;
    }
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
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await config.lease?.release();
    },
    runOnce: cycle,
    status: () => ({ cycles, failures, nextDelayMs: nextDelayMs(), lastError, polling: config.lease ? config.lease.held() : true, leaseError }),
  };
}

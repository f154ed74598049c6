/**
 * The change poller. Each cycle asks only for what changed since the watermark (two requests
 * when nothing did), turns it into change sets, routes them, and
 * records what it owes in the outbox together with the new watermark and ticket states, in one
 * transaction — so a crash or restart loses nothing. The deliverer drains the outbox.
 */
import { isRefusal, type Written } from '../helpdesk/changes';
import type { Comment, Ticket, Vocabulary } from '../helpdesk/types';
import type { Logger } from '../log';
import type { PollerLease } from '../store/lease';
import type { Platform, Store } from '../store/types';
import type { Deliverer, DrainResult } from './deliver';
import { commentKey, DEFAULT_RESOLVED_STATUSES } from './detect';
import { firstStart, WM_COMMENTS, WM_TICKETS } from './first-start';
import { detectChanges, planDeliveries } from './plan';
import { createSearchIndexer, type AgentNames } from './search-index';
import type { ChangeFeed } from './types';

/** What the bot wrote, for the fast lane; `origin` is the conversation a thread reply came from (it already shows it). */
export interface FastLaneInput extends Written {
  origin?: { platform: Platform; conversationId: string };
}

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
  /** Assignee names for the search index (the service's active agents). */
  agentNames?: AgentNames;
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
  /** The fast lane: records and sends at once what the bot just wrote; resolves with the sends it owed, once they are in the outbox. */
  announce(written: FastLaneInput): Promise<number>;
  stop(): Promise<void>;
  runOnce(): Promise<CycleResult>;
  status(): PollerStatus;
}

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
  // Set by stop(): no fast-lane drain starts after it (tests and benchmarks call announce without start()).
  let halted = false;
  let failures = 0;
  let cycles = 0;
  let lastError: string | undefined;
  let lastPrune = 0;
  let lastDrain: DrainResult | undefined;
  let drainTimer: NodeJS.Timeout | undefined;
  let drainInFlight: Promise<void> = Promise.resolve();
  const search = createSearchIndexer(store, logger, config.agentNames);
  let leaseError: string | undefined;

  /**
   * Who may be sent internal notes: the active agents, read through the service's cache. When they
   * cannot be read, nobody is (a note DM'd to a deactivated agent cannot be taken back).
   */
  async function activeAgents(): Promise<ReadonlySet<string> | undefined> {
    if (!config.agentNames) return undefined;
    try {
      return new Set((await config.agentNames()).map((a) => a.email.trim().toLowerCase()));
    } catch (err) {
      logger.warn('could not read the active agents; internal notes are not sent by DM this time', { error: err });
      return new Set();
    }
  }

  async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
    const out: T[] = [];
    for await (const item of items) out.push(item);
    return out;
  }

  /**
   * The store part of a cycle and the fast lane run one at a time: each reads the known states
   * and commits new ones, so two at once could announce one version twice.
   */
  let gate: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = gate.then(work, work);
    gate = run.catch(() => undefined);
    return run;
  }

  const missing = (c: Comment) => logger.debug('comment on a ticket that no longer exists; skipped', { commentId: c.id });

  async function cycle(): Promise<CycleResult> {
    let ticketMark = await store.getWatermark(WM_TICKETS);
    let commentMark = await store.getWatermark(WM_COMMENTS);
    let first = false;
    if (!ticketMark || !commentMark) {
      ticketMark = commentMark = await firstStart(feed, store, search, logger, new Date(now().getTime() - (config.backfillMinutes ?? 0) * 60_000));
      first = true;
    }
    const since = (mark: string) => new Date(Date.parse(mark) - overlapMs);
    const [tickets, comments] = await Promise.all([
      collect(feed.ticketsModifiedSince(since(ticketMark))),
      collect(feed.commentsCreatedSince(since(commentMark))),
    ]);

    const fromMark = ticketMark;
    const fromCommentMark = commentMark;
    return exclusive(async () => {
      const detected = await detectChanges(store, {
        tickets,
        comments,
        ticketOf: async (id) => feed.getTicket?.(id),
        resolvedStatuses: resolved,
        onMissingTicket: missing,
      });
      const intents = await planDeliveries(store, deliverer, config.vocabulary, detected, undefined, activeAgents);
      // Search sees every change read, before the watermark moves: a crash in between re-reads and re-indexes.
      if (!first) await search.fillIfMissing(feed);
      await search.index(tickets);
      // What is owed and the new watermark are committed together: a crash after this loses nothing.
      let nextTicketMark = fromMark;
      for (const t of tickets) nextTicketMark = later(nextTicketMark, t.modified);
      let nextCommentMark = fromCommentMark;
      for (const c of comments) nextCommentMark = later(nextCommentMark, c.created);
      await store.commitCycleWithDeliveries(
        { watermarks: { [WM_TICKETS]: nextTicketMark, [WM_COMMENTS]: nextCommentMark }, states: detected.states, processedKeys: detected.fresh.map(commentKey) },
        intents,
      );
      if (Date.now() - lastPrune > 3600_000) {
        lastPrune = Date.now();
        // Keys only guard the overlap window and crash recovery; a week is far beyond both.
        await store.pruneDelivered(new Date(Date.now() - 7 * 86400_000));
      }
      const changeSets = detected.sets.length;
      return { tickets: tickets.length, comments: comments.length, changeSets, owed: intents.length, complete: true, firstStart: first || undefined };
    });
  }

  /**
   * The fast lane: what the bot just wrote is detected, routed and recorded in the outbox like a
   * poll result (same keys, same states), then sent at once. The next poll reads the same
   * (id, etag) and the same comment keys and skips them. Before the first poll there is nothing
   * to compare with, so the poll handles it.
   */
  async function announce(written: FastLaneInput): Promise<number> {
    const owed = await exclusive(async () => {
      if (!(await store.getWatermark(WM_TICKETS))) return 0;
      const pairs = written.comments ?? [];
      const ticketOf = new Map(pairs.map((p) => [p.ticket.id, p.ticket]));
      const detected = await detectChanges(store, {
        tickets: written.tickets ?? [],
        comments: pairs.map((p) => p.comment),
        ticketOf: async (id) => ticketOf.get(id),
        resolvedStatuses: resolved,
        actorEmail: written.actorEmail,
        onMissingTicket: missing,
      });
      if (detected.sets.length === 0 && detected.states.length === 0) return 0;
      // What the bot wrote is searchable at once, not only after the next poll.
      await search.index(written.tickets ?? []);
      const intents = await planDeliveries(store, deliverer, config.vocabulary, detected, written.origin, activeAgents);
      await store.commitCycleWithDeliveries({ watermarks: {}, states: detected.states, processedKeys: detected.fresh.map(commentKey) }, intents);
      return intents.length;
    });
    if (owed > 0 && !halted) {
      drainInFlight = deliverer.drain().then(
        (d) => void (lastDrain = d),
        (err) => logger.error('notification drain failed', { error: err }),
      );
    }
    return owed;
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
      if (!isRefusal(err)) logger.warn('change poll failed; backing off', { error: err, failures });
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
      halted = true;
      if (timer) clearTimeout(timer);
      if (drainTimer) clearTimeout(drainTimer);
      await running;
      // A send hanging on a dead connection must not hold up shutdown; what it owed stays in the outbox.
      await Promise.race([drainInFlight, new Promise((r) => setTimeout(r, 5000).unref())]);
      await config.lease?.release();
    },
    runOnce: cycleAndDrain,
    announce,
    status: () => ({ cycles, failures, nextDelayMs: nextDelayMs(), lastError, polling: holds(), leaseError }),
  };
}

/**
 * The change poller: runs a cycle (src/notify/cycle.ts: read what changed since the watermark,
 * record what is owed with the new watermark in one transaction) every pollSeconds while this
 * replica holds the lease, backs off when Graph fails, and has the deliverer drain the outbox.
 */
import { addressKey } from '../core/vocabulary';
import { isRefusal } from '../helpdesk/changes';
import type { Ticket, Vocabulary } from '../helpdesk/types';
import type { Logger } from '../log';
import type { PollerLease } from '../store/lease';
import type { Store } from '../store/types';
import { createCycleRunner, type CycleResult, type FastLaneInput } from './cycle';
import type { Deliverer, DrainResult } from './deliver';
import type { Named, NamedCycleHook, PersonPreferences, PlanHook, TicketIndexer } from './ports';
import type { ChangeFeed } from './types';
import { namesOf, type PeopleNames } from '../views/ticket-view';

/** Who the active agents are (the service's, through its cache). */
export type AgentNames = () => Promise<readonly { email: string; name: string }[]>;

/** The indexes the features keep, fed as one (none listed: nothing is indexed). */
function allIndexers(indexers: readonly Named<TicketIndexer>[]): TicketIndexer {
  return {
    async index(tickets) {
      for (const { part } of indexers) await part.index(tickets);
    },
    async fillIfMissing(feed) {
      for (const { part } of indexers) await part.fillIfMissing(feed);
    },
  };
}

export type { CycleResult, FastLaneInput } from './cycle';

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
  /** The active agents (internal notes are DM'd only to them; cards and messages name people by their names). */
  agentNames?: AgentNames;
  /** Several replicas: cycles and outbox drains run only while this replica holds the lease (default: always). */
  lease?: PollerLease;
  /** The features' poll-cycle hooks, run after each cycle's commit (bound by the host: src/notify/ports.ts). */
  hooks?: readonly NamedCycleHook[];
  /** The features' planning hooks (merges, surveys, storm summaries). */
  planHooks?: readonly Named<PlanHook>[];
  /** The ticket indexes the features keep (search's), fed before each commit. */
  indexers?: readonly Named<TicketIndexer>[];
  /** People's DM choices, kept by the features. */
  preferences?: readonly Named<PersonPreferences>[];
}

/** How the poller is doing, for health checks and tests. */
export interface PollerStatus {
  /** Cycles started (counted when the read begins). */
  cycles: number;
  /** Cycles whose reads and commit finished: what they found owed is in the outbox. */
  committed: number;
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
  /** The features take in what the bot just wrote (before the writer's answer); never throws. */
  takeIn(written: FastLaneInput): Promise<void>;
  stop(): Promise<void>;
  runOnce(): Promise<CycleResult>;
  status(): PollerStatus;
}

/** Creates a poller over a change feed, a store and a deliverer. */
export function createPoller(config: PollerConfig): Poller {
  const { feed, store, deliverer, logger } = config;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  // Set by stop(): no fast-lane drain starts after it (tests and benchmarks call announce without start()).
  let halted = false;
  let failures = 0;
  let cycles = 0;
  let committed = 0;
  let lastError: string | undefined;
  let lastDrain: DrainResult | undefined;
  let drainTimer: NodeJS.Timeout | undefined;
  let drainInFlight: Promise<void> = Promise.resolve();
  let leaseError: string | undefined;

  /** The active agents' addresses, read through the service's cache; none when they cannot be read. */
  async function activeAgents(): Promise<ReadonlySet<string> | undefined> {
    if (!config.agentNames) return undefined;
    try {
      return new Set((await config.agentNames()).map((a) => addressKey(a.email)));
    } catch (err) {
      logger.warn('could not read the active agents; internal notes are not sent by DM this time', { error: err });
      return new Set();
    }
  }

  /**
   * The active agents' display names by lower-cased address, read through the service's cache (one
   * agents read per cache period, however many events); none when they cannot be read.
   */
  async function peopleNames(): Promise<PeopleNames> {
    if (!config.agentNames) return new Map();
    try {
      return namesOf(await config.agentNames());
    } catch (err) {
      logger.warn('could not read the agents\' names; cards and messages name people by address this time', { error: err });
      return new Map();
    }
  }

  const runner = createCycleRunner({
    feed,
    store,
    deliverer,
    vocabulary: config.vocabulary,
    logger,
    search: allIndexers(config.indexers ?? []),
    resolvedStatuses: config.resolvedStatuses,
    overlapMs: (config.overlapSeconds ?? 5) * 1000,
    backfillMinutes: config.backfillMinutes ?? 0,
    now: config.now ?? (() => new Date()),
    activeAgents,
    peopleNames,
    hooks: config.hooks,
    planHooks: config.planHooks,
    preferences: config.preferences,
  });
  const cycle = runner.cycle;

  /** The fast lane: records what the bot just wrote like a poll result, then sends it at once. */
  async function announce(written: FastLaneInput): Promise<number> {
    const owed = await runner.record(written);
    if (owed > 0 && !halted) drainInBackground();
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
      committed += 1;
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
    takeIn: runner.takeIn,
    status: () => ({ cycles, committed, failures, nextDelayMs: nextDelayMs(), lastError, polling: holds(), leaseError }),
  };
}

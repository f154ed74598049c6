/**
 * One poll cycle and the fast lane, as store work: read what changed since the watermark, detect
 * and route it, and commit what is owed together with the new watermark and ticket states in one
 * transaction, so a crash or restart loses nothing. Sending is the deliverer's (src/notify/deliver.ts);
 * scheduling, back-off and the lease are the poller's (src/notify/poller.ts).
 */
import { resolvedStatuses } from '../core/vocabulary';
import type { Written } from '../helpdesk/changes';
import type { Comment, Ticket, Vocabulary } from '../helpdesk/types';
import type { Logger } from '../log';
import type { Platform, Store } from '../store/types';
import type { Deliverer } from './deliver';
import { commentKey } from './detect';
import { firstStart, WM_COMMENTS, WM_STARTED, WM_TICKETS } from './first-start';
import { detectChanges, planDeliveries } from './plan';
import type { Named, NamedCycleHook, PersonPreferences, PlanHook, TicketIndexer } from './ports';
import type { ChangeFeed, Target } from './types';
import type { ChangeSet } from './detect';
import type { PeopleNames } from '../views/ticket-view';

/** What the bot wrote, for the fast lane; `origin` is the conversation a thread reply came from (it already shows it). */
export interface FastLaneInput extends Written {
  origin?: { platform: Platform; conversationId: string };
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

/** What the cycle and the fast lane need. */
export interface CycleConfig {
  feed: ChangeFeed & { getTicket?(id: number): Promise<Ticket | undefined> };
  store: Store;
  deliverer: Deliverer;
  vocabulary: Vocabulary;
  logger: Logger;
  /** The ticket indexes the features keep (search's), fed before each commit. */
  search: TicketIndexer;
  /** Statuses that count as resolved; default: src/core/vocabulary.ts's resolved role. */
  resolvedStatuses?: readonly string[];
  /** Timestamps have one-second precision; re-read this much before the watermark. */
  overlapMs: number;
  /** On first start, also announce what changed this many minutes before now. */
  backfillMinutes: number;
  now: () => Date;
  /**
   * Who may be sent internal notes: the active agents. Read only when a note is to be sent;
   * when they cannot be read, nobody is (a note DM'd to a deactivated agent cannot be taken back).
   */
  activeAgents?: () => Promise<ReadonlySet<string> | undefined>;
  /** The features' poll-cycle hooks (SLA clocks among them): told what each cycle read, after its commit, in order. */
  hooks?: readonly NamedCycleHook[];
  /** The features' planning hooks (merges, surveys, storm summaries), in list order. */
  planHooks?: readonly Named<PlanHook>[];
  /** People's DM choices, kept by the features (the preferences feature). */
  preferences?: readonly Named<PersonPreferences>[];
  /** The active agents' display names (the service's cached list): cards, lines and DMs name people by them. */
  peopleNames?: () => Promise<PeopleNames>;
}

/** Records, while planning, which channel targets are first cards (routing's 'post'): PlanHook.cycle reads them. */
function postRecorder(): { posts: Set<string>; seen(set: ChangeSet, targets: Target[]): void } {
  const posts = new Set<string>();
  return {
    posts,
    seen(set, targets) {
      for (const t of targets) if (t.type === 'channel' && t.action === 'post') posts.add(`${set.ticket.id}>${t.platform}:${t.conversationId}`);
    },
  };
}

/** The store side of notifying: one cycle over the feed, or the fast lane over what the bot wrote. */
export interface CycleRunner {
  /** Reads, detects and commits one cycle; nothing is sent here. */
  cycle(): Promise<CycleResult>;
  /** Records what the bot just wrote like a poll result; resolves with the sends it owed (0 before the first poll). */
  record(written: FastLaneInput): Promise<number>;
  /** Hands what the bot just wrote to the features (their afterWrite hooks); never throws. */
  takeIn(written: FastLaneInput): Promise<void>;
}

const later = (a: string | undefined, b: string) => (!a || Date.parse(b) > Date.parse(a) ? b : a);

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Creates the cycle and fast lane over one store. */
export function createCycleRunner(config: CycleConfig): CycleRunner {
  const { feed, store, deliverer, logger, search, now } = config;
  const resolved = config.resolvedStatuses ?? resolvedStatuses(config.vocabulary);
  let lastPrune = 0;

  /**
   * The store part of a cycle and the fast lane run one at a time, in this process and across
   * replicas: each reads the known states and cards and commits new ones, so two at once could
   * announce one version twice or post a second card for a ticket.
   */
  let gate: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const turn = () => store.planExclusively(work);
    const run = gate.then(turn, turn);
    // The gate only orders the work; this run's caller sees its failure, the next run still starts.
    gate = run.catch(() => undefined);
    return run;
  }

  const missing = (c: Comment) => logger.debug('comment on a ticket that no longer exists; skipped', { commentId: c.id });

  async function cycle(): Promise<CycleResult> {
    let ticketMark = await store.getWatermark(WM_TICKETS);
    let commentMark = await store.getWatermark(WM_COMMENTS);
    let first = false;
    if (!ticketMark || !commentMark) {
      ticketMark = commentMark = await firstStart(feed, store, search, logger, new Date(now().getTime() - config.backfillMinutes * 60_000));
      first = true;
    }
    // An installation from before the start was kept counts from this cycle on: nothing older is announced anew.
    const startedMark = await store.getWatermark(WM_STARTED);
    const started = startedMark ?? now().toISOString();
    const since = (mark: string) => new Date(Date.parse(mark) - config.overlapMs);
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
        notifiedSince: Date.parse(started),
        onMissingTicket: missing,
      });
      const recorder = postRecorder();
      let intents = await planDeliveries(store, deliverer, config.vocabulary, detected, undefined, config.activeAgents, recorder.seen, config);
      // What the features make of the whole plan (a storm's summary) is planned here, so it is committed with the states below or not at all.
      for (const { part } of config.planHooks ?? []) {
        if (!part.cycle) continue;
        intents = await part.cycle({ sets: detected.sets, intents, posts: recorder.posts, locale: deliverer.locale, now: now().getTime(), createdAt: now().toISOString() });
      }
      // Search sees every change read, before the watermark moves: a crash in between re-reads and re-indexes.
      if (!first) await search.fillIfMissing(feed);
      await search.index(tickets);
      // What is owed and the new watermark are committed together: a crash after this loses nothing.
      let nextTicketMark = fromMark;
      for (const t of tickets) nextTicketMark = later(nextTicketMark, t.modified);
      let nextCommentMark = fromCommentMark;
      for (const c of comments) nextCommentMark = later(nextCommentMark, c.created);
      await store.commitCycleWithDeliveries(
        { watermarks: { [WM_TICKETS]: nextTicketMark, [WM_COMMENTS]: nextCommentMark, ...(startedMark ? {} : { [WM_STARTED]: started }) }, states: detected.states, processedKeys: detected.fresh.map(commentKey) },
        intents,
      );
      if (Date.now() - lastPrune > 3600_000) {
        lastPrune = Date.now();
        // Keys only guard the overlap window and crash recovery; a week is far beyond both.
        await store.pruneDelivered(new Date(Date.now() - 7 * 86400_000));
      }
      for (const { feature, hook } of config.hooks ?? []) {
        // One feature's failure is its own: the cycle is committed and the next features still run.
        await hook.afterCycle(tickets, comments, now().getTime()).catch((err) => logger.error('a feature could not finish its part of the poll cycle; the next cycle runs it again', { feature, error: err }));
      }
      const changeSets = detected.sets.length;
      return { tickets: tickets.length, comments: comments.length, changeSets, owed: intents.length, complete: true, firstStart: first || undefined };
    });
  }

  /**
   * The fast lane: what the bot just wrote is detected, routed and recorded in the outbox like a
   * poll result (same keys, same states); the poller then sends it at once. The next poll reads the same
   * (id, etag) and the same comment keys and skips them. Before the first poll there is nothing
   * to compare with, so the poll handles it.
   */
  async function record(written: FastLaneInput): Promise<number> {
    return exclusive(async () => {
      if (!(await store.getWatermark(WM_TICKETS))) return 0;
      const started = await store.getWatermark(WM_STARTED);
      const pairs = written.comments ?? [];
      const ticketOf = new Map(pairs.map((p) => [p.ticket.id, p.ticket]));
      const detected = await detectChanges(store, {
        tickets: written.tickets ?? [],
        comments: pairs.map((p) => p.comment),
        ticketOf: async (id) => ticketOf.get(id),
        resolvedStatuses: resolved,
        ...(started ? { notifiedSince: Date.parse(started) } : {}),
        actorEmail: written.actorEmail,
        onMissingTicket: missing,
      });
      if (detected.sets.length === 0 && detected.states.length === 0) return 0;
      // What the bot wrote is searchable at once, not only after the next poll.
      await search.index(written.tickets ?? []);
      const intents = await planDeliveries(store, deliverer, config.vocabulary, detected, written.origin, config.activeAgents, undefined, config);
      await store.commitCycleWithDeliveries({ watermarks: {}, states: detected.states, processedKeys: detected.fresh.map(commentKey) }, intents);
      return intents.length;
    });
  }

  /**
   * Before the writer's answer is built: a card shows what the features keep of this change (SLA
   * clocks) at once. Not behind the gate, so the answer never waits for a cycle; the next poll
   * hands the same change to afterCycle too.
   */
  async function takeIn(written: FastLaneInput): Promise<void> {
    const comments = (written.comments ?? []).map((p) => p.comment);
    for (const { feature, hook } of config.hooks ?? []) {
      await hook.afterWrite(written.tickets ?? [], comments, now().getTime()).catch((err) => logger.error('a feature could not take in what the bot wrote; the next poll hands it over again', { feature, error: err }));
    }
  }

  return { cycle, record, takeIn };
}

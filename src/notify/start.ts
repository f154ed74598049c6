/**
 * One call that assembles notifications from their parts, for the composition root. Channel
 * free: the per-platform Delivery ports are built by the channels and passed in.
 */
import { normalizeLocale } from '../i18n';
import type { ConversationPorts } from '../core';
import type { HelpdeskService, Ticket, Vocabulary } from '../helpdesk/types';
import type { Logger } from '../log';
import { createConversationPorts } from '../store/conversation-ports-store';
import type { PollerLease } from '../store/lease';
import type { Store } from '../store/types';
import { createActionLog } from './action-hints';
import { randomUUID } from 'node:crypto';
import { createDeliverer, dmLane, type OutboxPayload } from './deliver';
import type { WriteSink } from '../helpdesk/changes';
import { plainWhenUnreachable } from '../commands/plainly';
import { createPoller, type FastLaneInput, type Poller } from './poller';
import { NO_PARTS, type NotifyParts } from './ports';
import { createSendQueue } from './send-queue';
import { createThreadReplyHandler, type ThreadReplyHandler } from './thread-replies';
import { afterReply } from '../commands/reply-first';
import { createTimers, type Timers } from './timers';
import type { ChangeFeed, Delivery } from './types';
import type { AssignmentReasonOf } from './routing';

/** Options for createNotifications. */
export interface NotificationsConfig {
  store: Store;
  /** createChangeFeed(graph, settings) from src/helpdesk/changes. */
  feed: ChangeFeed & { getTicket?(id: number): Promise<Ticket | undefined> };
  /** The service as built by createHelpdeskService. */
  helpdesk: HelpdeskService;
  vocabulary: Vocabulary;
  /** HELPDESK_LOCALE: channel cards and DMs with no language of their own. */
  locale?: string;
  logger: Logger;
  pollSeconds: number;
  backfillMinutes?: number;
  /** Several replicas: only the lease holder polls (default: this process always polls). */
  lease?: PollerLease;
  /** The poller's clock (tests pin it; default the system clock). */
  now?: () => Date;
  /** HELPDESK_TIME_ZONE: the zone of quiet hours for people whose client never said theirs (default UTC). */
  timeZone?: string;
  /**
   * What the listed features run here (bindFeatures: src/features/bind.ts): their cycle hooks,
   * timers, planning hooks, channel-card parts, ticket index and people's preferences, each
   * named for its feature. None given: the ticket core's notifications alone.
   */
  features?: NotifyParts;
}

/** What the rest of the process uses. */
export interface Notifications {
  /** The service for the channels and commands (who acted is recorded by the commands through `ports`). */
  helpdesk: HelpdeskService;
  /** For CommandContext.notifications (subscribe / unsubscribe / subscriptions / notifications off, and the fast lane). */
  ports: ConversationPorts & WriteSink;
  handleThreadReply: ThreadReplyHandler;
  /**
   * A change was saved but the person could not be told at the time: a DM through the outbox,
   * retried like any notification until it reaches them on whichever platform knows them.
   */
  tellLater(email: string, text: string): Promise<void>;
  /** The listed features' timers (digest slots, held DMs): `start()` runs them; `tick()` runs each once now. */
  timers: Timers;
  /** Call once the channels exist (their Delivery ports), then `poller.start()`. */
  attach(deliveries: Delivery[]): Poller;
}

/** Builds the notification parts around one store. */
export function createNotifications(config: NotificationsConfig): Notifications {
  const logger = config.logger.child({ component: 'notify' });
  const helpdesk = config.helpdesk;
  let poller: Poller | undefined;
  /**
   * What the bot wrote goes straight to the poller's fast lane; before attach, or on failure, the next poll has it.
   * The features take it in at once (the writer's card shows their part); its sends wait for the writer's reply.
   */
  async function fastLane(written: FastLaneInput): Promise<void> {
    const p = poller;
    if (!p) return;
    await p.takeIn(written);
    await afterReply(() => p.announce(written).then(() => undefined, (err) => logger.warn('could not announce a change at once; the next poll will', { error: err })));
  }
  const parts = config.features ?? NO_PARTS;
  // Commands record who acted through the ports (see src/commands/acted.ts), thread commands too.
  const ports: ConversationPorts & WriteSink = {
    ...plainWhenUnreachable(createConversationPorts(config.store, normalizeLocale(config.locale))),
    recordAction: createActionLog(config.store, logger),
    wrote: (w) => fastLane(w),
  };
  return {
    helpdesk,
    ports,
    timers: createTimers(parts.timers, logger, config.now),
    handleThreadReply: createThreadReplyHandler({ store: config.store, helpdesk, logger, notifications: ports, wrote: (w) => fastLane(w) }),
    async tellLater(email, text) {
      const payload: OutboxPayload = { kind: 'dm', email, text, reason: 'requester', urgent: true };
      const intent = { key: `saved:${randomUUID()}`, lane: dmLane(email), ticketId: 0, createdAt: new Date().toISOString(), payload };
      await config.store.commitCycleWithDeliveries({ watermarks: {}, states: [], processedKeys: [] }, [intent]);
    },
    attach(deliveries) {
      const quiet = { now: () => (config.now?.() ?? new Date()).getTime(), zone: config.timeZone ?? 'UTC' };
      const deliverer = createDeliverer({
        deliveries, store: config.store, queue: createSendQueue({ maxRetryAfterMs: 10_000 }), logger, vocabulary: config.vocabulary, locale: config.locale, quiet,
        goneHooks: parts.goneHooks, cardParts: parts.cardParts, preferences: parts.preferences,
        ...(parts.assignmentReason ? { assignmentReason: parts.assignmentReason } : {}),
      });
      poller = createPoller({
        feed: config.feed,
        store: config.store,
        deliverer,
        vocabulary: config.vocabulary,
        logger,
        pollSeconds: config.pollSeconds,
        backfillMinutes: config.backfillMinutes,
        agentNames: () => helpdesk.activeAgents(),
        lease: config.lease,
        now: config.now,
        hooks: parts.cycleHooks,
        planHooks: parts.planHooks,
        indexers: parts.indexers,
        preferences: parts.preferences,
      });
      return poller;
    },
  };
}

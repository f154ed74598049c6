/**
 * One call that assembles notifications from their parts, for the composition root. Channel
 * free: the per-platform Delivery ports are built by the channels and passed in.
 */
import { normalizeLocale } from '../i18n';
import type { AnswerPorts, ConversationPorts, MergePorts, SurveyScale } from '../core';
import { createSurveyPlanner } from '../features/surveys/survey-planning';
import { createLookAlikeCards } from '../features/duplicates/look-alike';
import { createMergeRouting } from '../features/duplicates/merge-notices';
import type { HelpdeskService, Ticket, Vocabulary } from '../helpdesk/types';
import type { Logger } from '../log';
import { createConversationPorts } from '../store/conversation-ports-store';
import type { PolicySource } from '../features/sla/policy-source';
import type { PollerLease } from '../store/lease';
import type { Store } from '../store/types';
import { createActionLog } from './action-hints';
import { randomUUID } from 'node:crypto';
import { createDeliverer, dmLane, type OutboxPayload } from './deliver';
import type { WriteSink } from '../helpdesk/changes';
import { plainWhenUnreachable } from './plain-ports';
import { createPoller, type FastLaneInput, type Poller } from './poller';
import { createSendQueue } from './send-queue';
import { createSlaHook } from '../features/sla/sla-cycle';
import { createSlaAlerts } from '../features/sla/sla-alerts';
import { slaCardClocks } from '../features/sla/sla-report';
import { slaTableIn } from '../features/sla/sla-table';
import { createDigests, type Digests } from '../features/digests/digest-timer';
import type { NamedCycleHook, NamedGoneHook } from '../features/bind';
import { createThreadReplyHandler, type ThreadReplyHandler } from './thread-replies';
import { afterReply } from '../commands/reply-first';
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
  /** HELPDESK_SLA_FILE's policy (src/features/sla/policy-source.ts); undefined = no clocks. */
  sla?: PolicySource;
  /** The poller's clock (tests pin it; default the system clock). */
  now?: () => Date;
  /** HELPDESK_STORM_THRESHOLD: more than this many of one channel's tickets in one cycle get one summary (default 10). */
  stormThreshold?: number;
  /** HELPDESK_CSAT and HELPDESK_CSAT_SCALE (the app passes them; absent here: no surveys): a survey to the requester on each resolution. */
  csat?: { enabled: boolean; scale: SurveyScale };
  /** HELPDESK_TIME_ZONE: the zone of digests set without one when no SLA policy names one (default UTC). */
  timeZone?: string;
  /** The listed features' poll-cycle hooks (bindFeatures), run after SLA clocks in each cycle. */
  cycleHooks?: readonly NamedCycleHook[];
  /** What the listed features forget of a conversation the bot was removed from (bindFeatures). */
  goneHooks?: readonly NamedGoneHook[];
  /** Why a ticket went to its assignee, from the listed features (bindFeatures' assignmentReason): said in their DM and on agents' cards. */
  assignmentReason?: AssignmentReasonOf;
  /** Features' ports the commands and the poll cycle share (src/features/answers, src/features/duplicates). */
  features?: { answers?: AnswerPorts; merges?: MergePorts };
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
  /** Channel digests: `digests.start()` runs their timer; `tick()` enqueues the ones due now. */
  digests: Digests;
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
  const digests = createDigests({
    store: config.store, vocabulary: config.vocabulary, logger, timeZone: config.timeZone ?? 'UTC', locale: normalizeLocale(config.locale), sla: config.sla, now: config.now, answers: config.features?.answers,
  });
  // Commands record who acted through the ports (see src/commands/acted.ts), thread commands too.
  const ports: ConversationPorts & WriteSink = {
    ...plainWhenUnreachable(createConversationPorts(config.store, normalizeLocale(config.locale))),
    recordAction: createActionLog(config.store, logger),
    wrote: (w) => fastLane(w),
  };
  return {
    helpdesk,
    ports,
    digests,
    handleThreadReply: createThreadReplyHandler({ store: config.store, helpdesk, logger, notifications: ports, wrote: (w) => fastLane(w) }),
    async tellLater(email, text) {
      const payload: OutboxPayload = { kind: 'dm', email, text, reason: 'requester', urgent: true };
      const intent = { key: `saved:${randomUUID()}`, lane: dmLane(email), ticketId: 0, createdAt: new Date().toISOString(), payload };
      await config.store.commitCycleWithDeliveries({ watermarks: {}, states: [], processedKeys: [] }, [intent]);
    },
    attach(deliveries) {
      const slaClocks = slaTableIn(config.store);
      const quiet = { now: () => (config.now?.() ?? new Date()).getTime(), zone: config.timeZone ?? 'UTC' };
      const sending = createDeliverer({
        deliveries, store: config.store, queue: createSendQueue({ maxRetryAfterMs: 10_000 }), logger, vocabulary: config.vocabulary, locale: config.locale, quiet, goneHooks: config.goneHooks,
        ...(config.sla ? { cardClocks: async (id: number) => (await slaCardClocks(slaClocks, [id])).get(id) } : {}),
      });
      const csat = config.csat;
      const surveyed = csat?.enabled ? { ...sending, surveys: createSurveyPlanner({ store: config.store, scale: csat.scale, locale: sending.locale }) } : sending;
      // A new ticket that repeats an open one gets "Looks like #12" on its channel cards (src/features/duplicates).
      const merges = config.features?.merges;
      const deliverer = { ...surveyed, ...(merges ? { reroute: createMergeRouting(merges) } : {}), ...(config.assignmentReason ? { assignmentReason: config.assignmentReason } : {}), dressCards: createLookAlikeCards(config.store, config.vocabulary, (error) => logger.warn('look-alike tickets could not be looked up; the card goes without the hint', { error })) };
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
        stormThreshold: config.stormThreshold,
        hooks: [
          ...(config.sla ? [{ feature: 'sla', hook: createSlaHook({
            source: config.sla, store: config.store, feed: config.feed, helpdesk, logger, vocabulary: config.vocabulary,
            tell: createSlaAlerts({ store: config.store, vocabulary: config.vocabulary, locale: normalizeLocale(config.locale) }),
          }) }] : []),
          ...(config.cycleHooks ?? []),
        ],
      });
      return poller;
    },
  };
}

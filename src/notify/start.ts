/**
 * One call that assembles notifications from their parts, for the composition root. Channel
 * free: the per-platform Delivery ports are built by the channels and passed in.
 */
import type { NotificationPorts } from '../commands/types';
import type { HelpdeskService, Ticket, Vocabulary } from '../helpdesk/types';
import type { Logger } from '../log';
import { createNotificationPorts } from '../store/notification-ports';
import type { PollerLease } from '../store/lease';
import type { Store } from '../store/types';
import { withActionHints } from './action-hints';
import { createDeliverer } from './deliver';
import { createPoller, type Poller } from './poller';
import { createSendQueue } from './queue';
import { createThreadReplyHandler, type ThreadReplyHandler } from './thread-replies';
import type { ChangeFeed, Delivery } from './types';

/** Options for createNotifications. */
export interface NotificationsConfig {
  store: Store;
  /** createChangeFeed(graph, settings) from src/helpdesk/changes. */
  feed: ChangeFeed & { getTicket?(id: number): Promise<Ticket | undefined> };
  /** The service as built by createHelpdeskService; wrapped here so actors are remembered. */
  helpdesk: HelpdeskService;
  vocabulary: Vocabulary;
  logger: Logger;
  pollSeconds: number;
  backfillMinutes?: number;
  /** Several replicas: only the lease holder polls (default: this process always polls). */
  lease?: PollerLease;
}

/** What the rest of the process uses. */
export interface Notifications {
  /** Pass THIS to the channels and commands (not the raw service): it records who changed what. */
  helpdesk: HelpdeskService;
  /** For CommandContext.notifications (subscribe / unsubscribe / subscriptions / notifications off). */
  ports: NotificationPorts;
  handleThreadReply: ThreadReplyHandler;
  /** Call once the channels exist (their Delivery ports), then `poller.start()`. */
  attach(deliveries: Delivery[]): Poller;
}

/** Builds the notification parts around one store. */
export function createNotifications(config: NotificationsConfig): Notifications {
  const logger = config.logger.child({ component: 'notify' });
  const helpdesk = withActionHints(config.helpdesk, config.store, logger);
  return {
    helpdesk,
    ports: createNotificationPorts(config.store),
    handleThreadReply: createThreadReplyHandler({ store: config.store, helpdesk, logger }),
    attach(deliveries) {
      const deliverer = createDeliverer({ deliveries, store: config.store, queue: createSendQueue({ maxRetryAfterMs: 10_000 }), logger, vocabulary: config.vocabulary });
      return createPoller({
        feed: config.feed,
        store: config.store,
        deliverer,
        vocabulary: config.vocabulary,
        logger,
        pollSeconds: config.pollSeconds,
        backfillMinutes: config.backfillMinutes,
        lease: config.lease,
      });
    },
  };
}

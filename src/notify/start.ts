/**
 * One call that assembles notifications from their parts, for the composition root. Channel
 * free: the per-platform Delivery ports are built by the channels and passed in.
 */
import type { NotificationPorts } from '../core';
import type { HelpdeskService, Ticket, Vocabulary } from '../helpdesk/types';
import type { Logger } from '../log';
import { createNotificationPorts } from '../store/notification-ports';
import type { PollerLease } from '../store/lease';
import type { Store } from '../store/types';
import { createActionLog } from './action-hints';
import { createDeliverer } from './deliver';
import { plainWhenUnreachable } from './plain-ports';
import { createPoller, type Poller } from './poller';
import { createSendQueue } from './queue';
import { createThreadReplyHandler, type ThreadReplyHandler } from './thread-replies';
import type { ChangeFeed, Delivery } from './types';

/** Options for createNotifications. */
export interface NotificationsConfig {
  store: Store;
  /** createChangeFeed(graph, settings) from src/helpdesk/changes. */
  feed: ChangeFeed & { getTicket?(id: number): Promise<Ticket | undefined> };
  /** The service as built by createHelpdeskService. */
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
  /** The service for the channels and commands (who acted is recorded by the commands through `ports`). */
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
  const helpdesk = config.helpdesk;
  // Commands record who acted through the ports (see src/commands/acted.ts), thread commands too.
  const ports: NotificationPorts = { ...plainWhenUnreachable(createNotificationPorts(config.store)), recordAction: createActionLog(config.store, logger) };
  return {
    helpdesk,
    ports,
    handleThreadReply: createThreadReplyHandler({ store: config.store, helpdesk, logger, notifications: ports }),
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

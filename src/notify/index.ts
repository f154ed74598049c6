/** Notifications: change poller, routing, delivery queue and two-way threads. */
export * from './types';
export { createPoller, type Poller, type PollerConfig, type PollerStatus, type CycleResult } from './poller';
export { createDeliverer, channelCardView, type Deliverer, type DelivererConfig } from './deliver';
export { createSendQueue, type SendQueue, type SendQueueConfig } from './send-queue';
export { route, matches, targetKey, type RoutingContext } from './routing';
export { ticketEvents, commentEvent, type ChangeSet } from './detect';
export { createActionLog } from './action-hints';
export { createThreadReplyHandler, type ThreadReplyHandler, type ThreadReplyResult } from './thread-replies';
export { createNotifications, type Notifications, type NotificationsConfig } from './start';
export { createOutboxService } from './outbox-service';
export { createTimers, type Timers } from './timers';
export { NO_PARTS, type NotifyParts, type OutboxService, type FeatureTimer, type PlanHook, type CycleHook } from './ports';

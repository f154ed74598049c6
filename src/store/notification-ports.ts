/** NotificationPorts (what the subscribe/unsubscribe/notifications commands call) on top of a Store. */
import type { NotificationPorts } from '../core';
import { subscriptionConversation } from './conversation-ids';
import type { Store } from './types';

/** Commands' view of subscriptions and preferences, kept in `store`. */
export function createNotificationPorts(store: Store): NotificationPorts {
  return {
    async subscribe(conversation, filter, by) {
      const c = subscriptionConversation(conversation);
      // Remember the conversation too; the channel hook adds its reference (Teams) as messages arrive.
      await store.saveConversation({ platform: c.platform, id: c.id, kind: c.kind });
      await store.addSubscription({ conversation: c, filter, createdBy: by.email, createdAt: new Date().toISOString() });
    },
    unsubscribe(conversation, filter) {
      const c = subscriptionConversation(conversation);
      return store.removeSubscriptions(c.platform, c.id, filter);
    },
    async subscriptions(conversation) {
      const c = subscriptionConversation(conversation);
      return (await store.listSubscriptions(c.platform, c.id)).map((s) => s.filter);
    },
    setMuted: (email, muted) => store.setMuted(email, muted),
  };
}

/** NotificationPorts (what the subscribe/unsubscribe/notifications commands call) on top of a Store. */
import type { NotificationPorts } from '../commands/types';
import type { Store } from './types';

/** Commands' view of subscriptions and preferences, kept in `store`. */
export function createNotificationPorts(store: Store): NotificationPorts {
  return {
    async subscribe(conversation, filter, by) {
      // Remember the conversation too, so delivery can find it even before any other message.
      await store.saveConversation({ platform: conversation.platform, id: conversation.id, kind: conversation.kind });
      await store.addSubscription({ conversation, filter, createdBy: by.email, createdAt: new Date().toISOString() });
    },
    unsubscribe: (conversation, filter) => store.removeSubscriptions(conversation.platform, conversation.id, filter),
    async subscriptions(conversation) {
      return (await store.listSubscriptions(conversation.platform, conversation.id)).map((s) => s.filter);
    },
    setMuted: (email, muted) => store.setMuted(email, muted),
  };
}

/** NotificationPorts (what the subscribe/unsubscribe/notifications commands call) on top of a Store. */
import type { NotificationPorts } from '../commands/types';
import { HelpdeskError } from '../helpdesk/types';
import { subscriptionConversation } from './conversation-ids';
import type { Store } from './types';

const UNAVAILABLE = 'Notification settings are kept in a database that is not reachable right now, so nothing was changed. Please try again in a minute.';

/** A store that does not answer becomes a plain message for the person, not a generic failure. */
async function plainly<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw new HelpdeskError('unavailable', UNAVAILABLE, { cause: err });
  }
}

/** Commands' view of subscriptions and preferences, kept in `store`. */
export function createNotificationPorts(store: Store): NotificationPorts {
  return {
    subscribe: (conversation, filter, by) =>
      plainly(async () => {
        const c = subscriptionConversation(conversation);
        // Remember the conversation too; the channel hook adds its reference (Teams) as messages arrive.
        await store.saveConversation({ platform: c.platform, id: c.id, kind: c.kind });
        await store.addSubscription({ conversation: c, filter, createdBy: by.email, createdAt: new Date().toISOString() });
      }),
    unsubscribe: (conversation, filter) =>
      plainly(() => {
        const c = subscriptionConversation(conversation);
        return store.removeSubscriptions(c.platform, c.id, filter);
      }),
    subscriptions: (conversation) =>
      plainly(async () => {
        const c = subscriptionConversation(conversation);
        return (await store.listSubscriptions(c.platform, c.id)).map((s) => s.filter);
      }),
    setMuted: (email, muted) => plainly(() => store.setMuted(email, muted)),
  };
}

/** Notification settings whose store does not answer fail with a plain message, not a generic apology. */
import type { NotificationPorts } from '../core';
import { errorOf } from '../helpdesk/error-messages';


async function plainly<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw errorOf('unavailable', { key: 'notify:storeUnavailable' }, { cause: err });
  }
}

/** `ports` with every store failure turned into HelpdeskError('unavailable'), which the commands show as is. */
export function plainWhenUnreachable(ports: NotificationPorts): NotificationPorts {
  return {
    ...ports,
    subscribe: (conversation, filter, by) => plainly(() => ports.subscribe(conversation, filter, by)),
    unsubscribe: (conversation, filter) => plainly(() => ports.unsubscribe(conversation, filter)),
    subscriptions: (conversation) => plainly(() => ports.subscriptions(conversation)),
    setMuted: (email, muted) => plainly(() => ports.setMuted(email, muted)),
    ...(ports.setLanguage ? { setLanguage: (conversation, locale) => plainly(() => ports.setLanguage!(conversation, locale)) } : {}),
    ...(ports.language ? { language: (conversation) => plainly(() => ports.language!(conversation)) } : {}),
    ...(ports.space ? { space: (conversation) => plainly(() => ports.space!(conversation)) } : {}),
    ...(ports.setSpace ? { setSpace: (conversation, spaceId, by) => plainly(() => ports.setSpace!(conversation, spaceId, by)) } : {}),
  };
}

/** Notification settings whose store does not answer fail with a plain message, not a generic apology. */
import type { NotificationPorts } from '../core';
import { HelpdeskError } from '../helpdesk/types';

const UNAVAILABLE = 'Notification settings are kept in a database that is not reachable right now, so nothing was changed. Please try again in a minute.';

async function plainly<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw new HelpdeskError('unavailable', UNAVAILABLE, { cause: err });
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
  };
}

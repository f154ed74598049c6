/**
 * Conversation settings whose store does not answer fail with a plain message, not a generic
 * apology: the commands show HelpdeskError('unavailable') as it is. The core's conversation ports
 * (notify's start) and the features that keep a conversation's settings (spaces, language) use it.
 */
import type { ConversationPorts } from '../core';
import { errorOf } from '../helpdesk/error-messages';

/** Runs a read or write of the store; a failure becomes HelpdeskError('unavailable'), which the commands show as is. */
export async function plainly<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw errorOf('unavailable', { key: 'notify:storeUnavailable' }, { cause: err });
  }
}

/** `ports` with every store failure of a command's read or write turned into HelpdeskError('unavailable'). */
export function plainWhenUnreachable(ports: ConversationPorts): ConversationPorts {
  return {
    ...ports,
    subscribe: (conversation, filter, by) => plainly(() => ports.subscribe(conversation, filter, by)),
    unsubscribe: (conversation, filter) => plainly(() => ports.unsubscribe(conversation, filter)),
    subscriptions: (conversation) => plainly(() => ports.subscriptions(conversation)),
    setMuted: (email, muted) => plainly(() => ports.setMuted(email, muted)),
    language: (conversation) => plainly(() => ports.language(conversation)),
  };
}

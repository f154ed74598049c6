/**
 * Records who made each change through this bot, so the poller can leave the person who acted
 * out of the notifications. The command layer calls it explicitly after each change it makes
 * (ConversationPorts.recordAction); nothing wraps or patches the ticket service.
 */
import type { Acted } from '../core';
import type { Logger } from '../log';
import type { Store } from '../store/types';

/** The recordAction port over a store: a failure is logged, never thrown, so the command still answers. */
export function createActionLog(store: Store, logger?: Logger): (acted: Acted) => Promise<void> {
  return async (acted) => {
    await store.recordAction(acted).catch((err) => logger?.warn('could not record who made a change', { error: err }));
  };
}

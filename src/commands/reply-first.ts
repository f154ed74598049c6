/**
 * A chat command's reply goes out first. A channel runs each turn inside `replyFirst`; what the
 * turn's writes leave for later (the fast lane's channel cards and DMs, src/notify/start.ts) runs
 * once the turn is done, its reply sent. Outside a turn (the poller, benches, scripts) it runs at once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

type Work = () => Promise<void>;

interface Turn {
  left: Work[];
  /** Set once the turn is over: work left by something the turn started and did not wait for runs at once. */
  done: boolean;
}

const turns = new AsyncLocalStorage<Turn>();

/**
 * Runs one chat turn, then the work its commands left, in order, even when the turn failed (a
 * change that was saved is still announced). Each work handles its own failures (`afterReply`).
 */
export async function replyFirst<T>(turn: () => Promise<T>): Promise<T> {
  const state: Turn = { left: [], done: false };
  try {
    return await turns.run(state, turn);
  } finally {
    state.done = true;
    for (const work of state.left) await work();
  }
}

/** Runs `work` once the reply of the current chat turn is out, or now outside a turn; `work` must not throw. */
export async function afterReply(work: Work): Promise<void> {
  const turn = turns.getStore();
  if (turn && !turn.done) turn.left.push(work);
  else await work();
}

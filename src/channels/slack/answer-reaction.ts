/**
 * 📖 (`book`) by an agent on a message in a ticket card's thread: the answer form filled with that
 * message (src/features/answers, Save as answer), privately to the agent. A reaction has no
 * trigger id, so the form comes as a message whose button opens it. Anyone else's 📖, or one
 * outside a ticket's thread, is an ordinary reaction: nothing happens.
 */
import { dispatch } from '../../commands';
import { VERBS } from '../../core/verbs';
import { commandContext, conversationOf, type SlackDeps } from './command-context';
import { answer } from './reply-delivery';
import { keepLongDrafts } from './long-button-drafts';
import { fromSlackText } from './inbound-text';

/** The reaction that saves a thread's message as an answer. */
export const ANSWER_REACTION = 'book';

/** Handles one 📖 on the message `ts` of `channel` by `userId`. */
export async function onAnswerReaction(deps: SlackDeps, userId: string, channel: string, ts: string): Promise<void> {
  const ticketOf = deps.hooks.ticketOfThread;
  if (!ticketOf) return;
  const replies = await deps.client.conversations.replies({ channel, ts, latest: ts, inclusive: true, limit: 1 });
  const message = replies.messages?.find((m) => m.ts === ts);
  if (!message?.thread_ts || message.thread_ts === ts) return;
  const ticketId = await ticketOf(channel, message.thread_ts);
  if (ticketId === undefined) return;
  const ctx = await commandContext(deps, userId, conversationOf(channel));
  if (!ctx || !(await ctx.helpdesk.isAgent(ctx.actor.email))) return;
  const reply = await dispatch(ctx, { verb: VERBS.answersFromTicket, ticketId, values: { text: fromSlackText(message.text ?? '') } });
  await answer(deps, { channelId: channel, userId, threadTs: message.thread_ts }, await keepLongDrafts(deps, { ...reply, visibility: 'private' }));
}

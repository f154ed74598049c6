/**
 * The one place a Slack request's person is resolved and their conversation recorded, as Teams
 * does once per turn in its run(): a global Bolt middleware, after the duplicate check. It starts
 * the users.info look-up (cached, so the listener's commandContext shares the same call) and tells
 * the onConversation hook alongside the listener, not before it (Slack wants its ack within 3 s),
 * and awaits that work before the request is done.
 */
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { Conversation } from '../../core/conversation';
import { readMetadata } from './blocks/modal';
import { conversationOf, type SlackDeps } from './command-context';
import { actorOf, type SlackPerson } from './identity';
import { TICKET_REACTION } from './events';

/** Who acts in a request, and in which conversation. */
export interface Acting {
  userId: string;
  conversation: Conversation;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The message events the bot answers for someone: a DM, a mention, a :ticket: reaction, a pasted link. */
function actingInEvent(e: Record<string, any> | undefined): Acting | undefined {
  if (!e || typeof e.user !== 'string' || !e.user) return undefined;
  if (e.type === 'message' && e.channel_type === 'im' && !e.subtype && !e.bot_id && typeof e.text === 'string' && typeof e.channel === 'string') {
    return { userId: e.user, conversation: conversationOf(e.channel, 'im') };
  }
  if (e.type === 'app_mention' && !e.bot_id && typeof e.text === 'string') return { userId: e.user, conversation: conversationOf(str(e.channel)) };
  if (e.type === 'reaction_added' && e.reaction === TICKET_REACTION && e.item?.type === 'message') return { userId: e.user, conversation: conversationOf(str(e.item.channel)) };
  if (e.type === 'link_shared') return { userId: e.user, conversation: conversationOf(str(e.channel)) };
  return undefined;
}

/**
 * Who acts and where, for the requests the bot answers on someone's behalf (the same
 * conversation each listener builds its command context for); undefined for everything else,
 * so ordinary channel traffic costs no look-up.
 */
export function actingOf(body: Record<string, any>): Acting | undefined {
  if (typeof body.command === 'string' && typeof body.user_id === 'string') {
    return { userId: body.user_id, conversation: conversationOf(str(body.channel_id), undefined, typeof body.channel_name === 'string' ? body.channel_name : undefined) };
  }
  const userId = str(body.user?.id);
  if (body.type === 'block_actions' && userId) return { userId, conversation: conversationOf(str(body.channel?.id ?? body.container?.channel_id)) };
  if (body.type === 'view_submission' && userId) return { userId, conversation: conversationOf(readMetadata(body.view?.private_metadata)?.channelId ?? '') };
  if (body.type === 'message_action' && userId) return { userId, conversation: conversationOf(str(body.channel?.id)) };
  if (body.type === 'shortcut' && userId) return { userId, conversation: conversationOf('') };
  if (body.type === 'event_callback') return actingInEvent(body.event);
  return undefined;
}

/** Tells the hook about the conversation once the person is known; a failed look-up is the listener's to report (it looks up the same person). */
async function record(deps: Pick<SlackDeps, 'identity' | 'hooks' | 'logger'>, acting: Acting, looked: Promise<SlackPerson | undefined>): Promise<void> {
  const onConversation = deps.hooks.onConversation;
  const found = await looked.then((person) => ({ person }), () => undefined);
  if (!onConversation || !acting.conversation.id || !found) return;
  try {
    const { person } = found;
    const { locale, tz } = person ?? {};
    await onConversation({ channelId: acting.conversation.id, userId: acting.userId, email: actorOf(person)?.email, kind: acting.conversation.kind, ...(locale ? { locale } : {}), ...(tz ? { tz } : {}) });
  } catch (error) {
    // Storing a conversation must never cost the person their answer.
    deps.logger.warn('slack onConversation hook failed', { channelId: acting.conversation.id, error });
  }
}

/** Global Bolt middleware: resolves the person (cached look-up) and records the conversation, once per request. */
export function personMiddleware(deps: Pick<SlackDeps, 'identity' | 'hooks' | 'logger'>): Middleware<AnyMiddlewareArgs> {
  return async ({ body, next }) => {
    const acting = actingOf(body as Record<string, any>);
    // Started before the listener and awaited after it: the listener is not held up, and the
    // request is not finished (nor a failure lost) while the conversation is still being recorded.
    const recording = acting ? record(deps, acting, deps.identity.lookup(acting.userId)) : undefined;
    try {
      await next();
    } finally {
      await recording;
    }
  };
}

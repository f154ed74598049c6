/**
 * Where a reply goes. In a channel or group chat everyone reads what the bot posts, so a reply
 * meant for one person (Reply.visibility 'private': lists, forms, errors, help, look-ups) goes to
 * that person's 1:1 chat with the bot, and the shared conversation gets only a one-line pointer.
 */
import { MessageFactory, type ConversationReference, type TurnContext } from 'botbuilder';
import { sendAnswer } from '../../commands';
import type { Reply } from '../../commands/types';
import { isPrivate } from '../../core';
import type { Actor } from '../../helpdesk/types';
import { teamsTexts } from '../../views/channel-texts';
import { isTooBig, TEAMS_MESSAGE_LIMIT } from './fit';
import { activityFor, type CardAudience } from './activities';
import type { SeenAt } from './personal-chat';
import { inConversationLanguage } from './shared-card';
import { audienceOf, commandContext, conversationOf, localeOf, type TeamsDeps } from './turn';

/** Opens the 1:1 chat with the person this turn came from and runs `logic` in it. */
export type PrivateChat = <T>(seen: SeenAt, logic: (ctx: TurnContext) => Promise<T>, who?: Actor) => Promise<T>;

/** Where the person of this turn can be reached privately. */
export function seenIn(context: TurnContext): SeenAt {
  const a = context.activity;
  return { serviceUrl: a.serviceUrl, channelId: a.channelId, bot: a.recipient, user: a.from, conversation: { tenantId: a.conversation?.tenantId } };
}

/**
 * Sends the reply's view to the person's 1:1 chat. Returns false (after logging) when that chat
 * cannot be opened or the send fails: the caller then says so without the private content.
 */
export async function sendPrivately(deps: TeamsDeps, context: TurnContext, reply: Reply, who?: Actor): Promise<boolean> {
  if (!deps.privateChat) return false;
  const from = context.activity.from?.id;
  try {
    await deps.privateChat(seenIn(context), (ctx) => sendFitting(ctx, reply, { shared: false, userIds: from ? [from] : [] }), who);
    return true;
  } catch (err) {
    deps.logger.warn('Could not send a private answer to the 1:1 chat', {
      conversationId: conversationOf(context).id,
      activityId: context.activity.id,
      error: err,
    });
    return false;
  }
}

/** Sends the reply; a 413 from the connector (its limit lower than we measured) gets the shortened form. */
export async function sendFitting(context: TurnContext, reply: Reply, audience: CardAudience): Promise<void> {
  try {
    await context.sendActivity(activityFor(reply.view, audience));
  } catch (err) {
    if (!isTooBig(err)) throw err;
    await context.sendActivity(activityFor(reply.view, audience, TEAMS_MESSAGE_LIMIT / 2));
  }
}

/**
 * Answers a typed message: in place when it may be seen by all, else privately with a pointer
 * here. A failed send follows the one "saved, but the answer failed" policy (commands/saved-later).
 */
export async function answer(deps: TeamsDeps, context: TurnContext, reply: Reply, who?: Actor): Promise<void> {
  const email = who?.email;
  const tellLater = deps.tellLater;
  await sendAnswer(reply, localeOf(context), {
    send: () => once(deps, context, reply, who),
    tellLater: email && tellLater ? (text) => tellLater(email, text) : undefined,
  }, deps.logger, { activityId: context.activity.id, conversationId: conversationOf(context).id });
}

async function once(deps: TeamsDeps, context: TurnContext, reply: Reply, who?: Actor): Promise<void> {
  const personal = isPrivate(conversationOf(context));
  if (reply.visibility === 'public' && !personal && who && reply.view.type === 'ticket') {
    // A ticket card everyone here reads: in this conversation's language, whoever typed.
    const shared = await inConversationLanguage(deps, context, commandContext(deps, context, who), reply as Reply & { view: { type: 'ticket' } });
    await sendFitting(context, { ...reply, view: shared.view }, { ...audienceOf(context), locale: shared.locale });
    return;
  }
  if (reply.visibility === 'public' || personal) {
    await sendFitting(context, reply, audienceOf(context));
    return;
  }
  const sent = await sendPrivately(deps, context, reply, who);
  await context.sendActivity(MessageFactory.text(pointer(context, sent)));
}

/** The one line a shared conversation gets for a private answer, in the asker's language. */
export function pointer(context: TurnContext, sent: boolean): string {
  return teamsTexts(localeOf(context)).pointer(sent);
}

/** The reference a freshly opened 1:1 chat gave, for callers that remember conversations. */
export type PersonalChatOpened = (reference: Partial<ConversationReference>, who?: Actor) => Promise<void>;

/** Typed messages: personal chat, group chat, and channel posts that @mention the bot. */
import { MessageFactory, TurnContext } from 'botbuilder';
import { channelWelcome } from '../../views/help-view';
import { dispatch, handleText } from '../../commands/index';
import { isPrivate } from '../../core';
import { VERBS } from '../../core/verbs';
import type { Actor } from '../../helpdesk/types';
import { noEmailMessage } from './identity';
import { privately } from '../../commands/respond';
import { answer } from './answer';
import { attachPersonalFiles, tellChannelFiles } from './files';
import type { ThreadTurn } from './bot';
import { activityFor } from './activities';
import { quotedTicket, takeQuotedReply } from './quoted-reply';
import { plainText } from './text';
import { audienceOf, commandContext, conversationOf, localeOf, type TeamsDeps } from './turn';

/** True when the bot should answer: always in personal chat, only when @mentioned elsewhere. */
export function addressedToBot(context: TurnContext): boolean {
  if (isPrivate(conversationOf(context))) return true;
  const botId = context.activity.recipient?.id;
  return TurnContext.getMentions(context.activity).some((m) => m.mentioned?.id === botId);
}

/** The command text with the bot's own mention removed; other mentions stay as `<at>Name</at>`. */
export function commandText(context: TurnContext): string {
  const activity = context.activity;
  if (!activity.text) return '';
  TurnContext.removeRecipientMention(activity);
  return plainText(activity.text, { keepMentions: true });
}

/** Runs one typed command and posts the reply into the conversation. */
export async function onMessage(
  deps: TeamsDeps,
  context: TurnContext,
  actor: Actor | undefined,
  onThreadReply?: (context: TurnContext, actor: Actor, text: string, turn?: ThreadTurn) => Promise<boolean>,
): Promise<void> {
  if (!addressedToBot(context)) return;
  await tellChannelFiles(context);
  const raw: unknown = context.activity.text;
  if (raw !== undefined && raw !== null && typeof raw !== 'string') {
    // Not something Teams sends; the command layer names it rather than the turn failing.
    const reply = await handleText(commandContext(deps, context, actor ?? { email: '', name: '' }), raw as string);
    await answer(deps, context, reply, actor);
    return;
  }
  // A quoted reply's quote is not part of what was typed; it says which notification is answered.
  const quoted = isPrivate(conversationOf(context)) ? takeQuotedReply(context.activity) : undefined;
  const text = commandText(context);
  // A card's Action.Submit arrives as a message with a value and no text; cards here use Action.Execute.
  if (!text && context.activity.value) return;
  if (!actor) {
    await answer(deps, context, privately({ type: 'text', text: noEmailMessage(localeOf(context)) }));
    return;
  }
  // A reply under a ticket card the bot posted in a channel becomes a comment on that ticket.
  const ctx = commandContext(deps, context, actor);
  const turn: ThreadTurn = { answer: (reply) => answer(deps, context, reply, actor), channel: ctx.channel };
  if (onThreadReply && conversationOf(context).kind === 'channel' && (await onThreadReply(context, actor, text, turn))) return;
  if (quoted) ctx.replyTo = await quotedTicket(ctx, quoted);
  const reply = await handleText(ctx, text);
  await answer(deps, context, reply, actor);
  await attachPersonalFiles(deps, context, actor, reply);
}

/**
 * Bot added to a conversation. A personal chat gets the help card so the person knows what to
 * type; a channel or group chat gets one short line, since everyone there reads it.
 */
export async function onBotAdded(deps: TeamsDeps, context: TurnContext, actor: Actor | undefined): Promise<void> {
  const botId = context.activity.recipient?.id;
  const added = context.activity.membersAdded ?? [];
  if (!added.some((m) => m.id === botId)) return;
  if (!isPrivate(conversationOf(context))) {
    // The recipient is the bot as this team knows it: the name people type after @.
    await context.sendActivity(MessageFactory.text(channelWelcome('teams', localeOf(context), context.activity.recipient?.name)));
    return;
  }
  // Whoever added the bot may have no visible address; the welcome is then the requester's help.
  const who: Actor = actor ?? { email: '', name: context.activity.from?.name ?? 'there' };
  const reply = await dispatch(commandContext(deps, context, who), { verb: VERBS.help });
  await context.sendActivity(activityFor(reply.view, audienceOf(context)));
}

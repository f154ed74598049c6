/**
 * Card buttons (Action.Execute -> `adaptiveCard/action` invoke) and Universal Actions refresh.
 * The invoke answer replaces the card for the person who clicked; failures show on the card.
 */
import { attachHeldFiles } from './files';
import type { AdaptiveCardInvokeResponse, AdaptiveCardInvokeValue, TurnContext } from 'botbuilder';
import { dispatch } from '../../commands/index';
import { actionInput } from '../../commands/input';
import { listRowAction } from '../../commands/list-row';
import { answerRow } from './list-rows';
import type { CommandInput, Reply } from '../../commands/types';
import { VERBS } from '../../core/verbs';
import type { Actor } from '../../helpdesk/types';
import { teamsTexts } from '../../views/channel-texts';
import { noEmailMessage } from './identity';
import { MessageFactory } from 'botbuilder';
import type { TicketView } from '../../views/types';
import { pointer, seenIn, sendPrivately } from './answer';
import { FULL_TEXT, fullTextMessages } from './fit';
import { activityFor, ADAPTIVE_CARD, cardFor } from './activities';
import { inConversationLanguage } from './shared-card';
import { audienceOf, commandContext, conversationOf, localeOf, type TeamsDeps } from './turn';

/** An error the card shows in place (Teams renders `message` under the card). */
export function invokeError(statusCode: 400 | 500, code: string, message: string): AdaptiveCardInvokeResponse {
  return { statusCode, type: 'application/vnd.microsoft.error', value: { code, message } };
}

/** Card data is untrusted input: the one cleaner (commands/input.ts) keeps what a verb can use. */
export function inputFromCard(verb: string, data: Record<string, unknown> | undefined): CommandInput {
  return actionInput(verb, data);
}

function message(text: string): AdaptiveCardInvokeResponse {
  return { statusCode: 200, type: 'application/vnd.microsoft.activity.message', value: text as unknown as Record<string, unknown> };
}

/**
 * A button on a shared card whose answer is not a ticket card (a form, a list, help): replacing
 * the card with it would take the card away from everyone, so a private answer goes to the
 * person's 1:1 chat and a public one is posted below; the card stays and the clicker sees a note.
 */
async function elsewhere(deps: TeamsDeps, context: TurnContext, reply: Reply, actor: Actor): Promise<AdaptiveCardInvokeResponse> {
  if (reply.visibility === 'public') {
    await context.sendActivity(activityFor(reply.view, audienceOf(context)));
    return message(teamsTexts(localeOf(context)).cardDone());
  }
  return message(pointer(context, await sendPrivately(deps, context, reply, actor)));
}

/** The "Full text" button: the whole description and comments as plain messages, privately in a shared chat. */
async function fullText(deps: TeamsDeps, context: TurnContext, ticket: TicketView, actor: Actor): Promise<AdaptiveCardInvokeResponse> {
  const parts = fullTextMessages(ticket);
  const send = async (ctx: TurnContext) => {
    for (const part of parts) await ctx.sendActivity(MessageFactory.text(part));
  };
  if (!audienceOf(context).shared) {
    await send(context);
    return message(teamsTexts(localeOf(context)).fullTextSent(ticket.id));
  }
  if (!deps.privateChat) return message(pointer(context, false));
  try {
    await deps.privateChat(seenIn(context), send, actor);
    return message(pointer(context, true));
  } catch (err) {
    deps.logger.warn('Could not send the full text to the 1:1 chat', { ticketId: ticket.id, error: err });
    return message(pointer(context, false));
  }
}

/**
 * The card a filing in the personal chat answered with (it replaces the form the person submitted)
 * follows the ticket: the poller edits it in place with this person's view. A failure to record it
 * only leaves that card as it was filed, so it is logged and the filing still answers.
 */
async function followFilingCard(deps: TeamsDeps, context: TurnContext, ticket: TicketView, actor: Actor): Promise<void> {
  const messageId = context.activity.replyToId;
  if (!messageId || !deps.notifications) return;
  const conversationId = conversationOf(context).id;
  const card = { platform: 'teams' as const, conversationId, ticketId: ticket.id, messageId, etag: ticket.etag, reader: { email: actor.email, isAgent: ticket.agentView } };
  await deps.notifications.followCard(card).catch((err: unknown) => deps.logger.warn('could not record the filing card; it keeps the state it was filed in', { ticketId: ticket.id, conversationId, error: err }));
}

/** Handles one Action.Execute (including the `ticket.refresh` verb that Teams sends on its own). */
export async function onCardAction(
  deps: TeamsDeps,
  context: TurnContext,
  actor: Actor | undefined,
  value: AdaptiveCardInvokeValue,
): Promise<AdaptiveCardInvokeResponse> {
  const verb = value.action?.verb;
  const texts = teamsTexts(localeOf(context));
  if (!deps.commands.isVerb(verb)) return invokeError(400, 'UnknownAction', texts.unknownAction(String(verb ?? '')));
  if (!actor) return invokeError(400, 'NoEmail', noEmailMessage(localeOf(context)));
  const input = inputFromCard(verb, value.action.data as Record<string, unknown> | undefined);
  // Teams marks the refresh it sends on its own with trigger 'automatic' (not kept by botbuilder's parser).
  const isRefresh = verb === VERBS.refresh || (context.activity.value as { trigger?: string } | undefined)?.trigger === 'automatic';
  try {
    const ctx = commandContext(deps, context, actor);
    // Show or Claim on a list row keeps the list: the row changes in place, the rest comes on its own.
    const row = await listRowAction(ctx, input);
    if (row && row.action.view.type !== 'error') return await answerRow(deps, context, actor, row);
    const reply = row?.action ?? (await dispatch(ctx, input));
    await attachHeldFiles(deps, context, reply);
    const view = reply.view;
    if (view.type === 'error') return invokeError(400, isRefresh ? 'RefreshFailed' : 'ActionFailed', view.error.message);
    const audience = audienceOf(context);
    if (view.type === 'ticket' && input.values?.[FULL_TEXT] === 'true') return await fullText(deps, context, view.ticket, actor);
    if (view.type === 'ticket') {
      // The answer is this person's own view: with their id in the refresh clause Teams shows it to
      // them only (Universal Actions user-specific view); the shared card keeps its shared view.
      const own = reply.visibility === 'private' || isRefresh;
      if (verb === VERBS.create && reply.outcome === 'saved' && !audience.shared) await followFilingCard(deps, context, view.ticket, actor);
      if (!audience.shared || own) return { statusCode: 200, type: ADAPTIVE_CARD, value: cardFor(view, { ...audience, shared: false }) };
      const shared = await inConversationLanguage(deps, context, ctx, reply as Reply & { view: { type: 'ticket' } });
      return { statusCode: 200, type: ADAPTIVE_CARD, value: cardFor(shared.view, { ...audience, locale: shared.locale }) };
    }
    if (audience.shared) return await elsewhere(deps, context, reply, actor);
    if (view.type === 'text') return message(view.text);
    return { statusCode: 200, type: ADAPTIVE_CARD, value: cardFor(view, audience) };
  } catch (err) {
    deps.logger.error('Card action failed', {
      verb,
      ticketId: input.ticketId,
      conversationId: conversationOf(context).id,
      activityId: context.activity.id,
      error: err,
    });
    return invokeError(500, 'InternalError', texts.actionFailed());
  }
}

/**
 * "Create ticket" on a chat message (message extension action `createTicketFromMessage`):
 * fetchTask opens the new-ticket form prefilled from the message, or first the desk's answers its
 * words find (the command layer decides); submitAction files the form, or takes the offer's
 * buttons: "This solved it" thanks in the dialog, "File the ticket" turns it into the form.
 */
import { CardFactory, type MessagingExtensionAction, type MessagingExtensionActionResponse, type TurnContext } from 'botbuilder';
import { dispatch } from '../../commands/index';
import { FROM_MESSAGE } from '../../commands/new';
import type { Reply } from '../../commands/types';
import { VERBS } from '../../core/verbs';
import type { Actor } from '../../helpdesk/types';
import { LIMITS } from '../../helpdesk/types';
import type { View } from '../../views/types';
import { teamsTexts } from '../../views/channel-texts';
import { noEmailMessage } from './identity';
import { inputFromCard } from './invoke-actions';
import { activityFor, cardFor } from './activities';
import { plainText } from './text';
import { audienceOf, commandContext, localeOf, type TeamsDeps } from './turn';

/** The command id in the app manifest. */
export const CREATE_FROM_MESSAGE = 'createTicketFromMessage';
const TITLE_CHARS = 80;

function message(text: string): MessagingExtensionActionResponse {
  return { task: { type: 'message', value: text } };
}

/**
 * Dialogs do not run Universal Actions, so the form's Action.Execute buttons become Action.Submit
 * carrying the same verb; submitAction reads it back from `action.data`.
 */
export function toDialogCard(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toDialogCard);
  if (!node || typeof node !== 'object') return node;
  const obj = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) out[k] = toDialogCard(v);
  if (obj.type === 'Action.Execute') {
    out.type = 'Action.Submit';
    out.data = { ...((obj.data as Record<string, unknown>) ?? {}), verb: obj.verb };
    delete out.verb;
  }
  delete out.refresh;
  return out;
}

function dialog(context: TurnContext, view: View): MessagingExtensionActionResponse {
  const card = toDialogCard(cardFor(view, { ...audienceOf(context), shared: false })) as Record<string, unknown>;
  return { task: { type: 'continue', value: { title: teamsTexts(localeOf(context)).dialogTitle(), card: CardFactory.adaptiveCard(card) } } };
}

/** Title and description proposed from the message the person picked. */
export function prefillFrom(action: MessagingExtensionAction): { title: string; description: string; link?: string } {
  const payload = action.messagePayload;
  const body = payload?.body?.content ?? '';
  const text = payload?.body?.contentType === 'html' ? plainText(body) : plainText(body.replace(/</g, '&lt;'));
  const firstLine = (text.split('\n').find((l) => l.trim()) ?? '').trim();
  const title = firstLine.length > TITLE_CHARS ? `${firstLine.slice(0, TITLE_CHARS - 1).trimEnd()}…` : firstLine;
  return { title, description: text.slice(0, LIMITS.description), link: payload?.linkToMessage };
}

function withSource(reply: Reply, link: string | undefined): View {
  if (reply.view.type !== 'form' || !link) return reply.view;
  return { type: 'form', form: { ...reply.view.form, sourceLink: reply.view.form.sourceLink ?? link } };
}

/** composeExtension/fetchTask: the desk's answers the message's words find, else the prefilled new-ticket form. */
export async function onFetchTask(
  deps: TeamsDeps,
  context: TurnContext,
  actor: Actor | undefined,
  action: MessagingExtensionAction,
): Promise<MessagingExtensionActionResponse> {
  if (action.commandId !== CREATE_FROM_MESSAGE) return message(teamsTexts(localeOf(context)).noCommand(action.commandId ?? ''));
  if (!actor) return message(noEmailMessage(localeOf(context)));
  const { title, description, link } = prefillFrom(action);
  const values: Record<string, string> = { title, description, [FROM_MESSAGE]: '1' };
  if (link) values.sourceLink = link;
  const reply = await dispatch(commandContext(deps, context, actor), { verb: VERBS.newForm, values });
  // The offer is a card in the same dialog: its buttons come back to submitAction with their verb.
  return dialog(context, withSource(reply, link));
}

/** The offer's buttons in the dialog: "File the ticket" opens the form there, "This solved it" thanks and closes. */
async function onOfferButton(deps: TeamsDeps, context: TurnContext, actor: Actor, verb: string, data: Record<string, unknown>, link: string | undefined): Promise<MessagingExtensionActionResponse> {
  const reply = await dispatch(commandContext(deps, context, actor), inputFromCard(verb, data));
  if (reply.view.type === 'form') return dialog(context, withSource(reply, link));
  if (reply.view.type === 'confirmation') return message(reply.view.confirmation.message);
  if (reply.view.type === 'error') return message(reply.view.error.message);
  return dialog(context, reply.view);
}

/** composeExtension/submitAction: file the ticket, post the confirmation, close the dialog. */
export async function onSubmitAction(
  deps: TeamsDeps,
  context: TurnContext,
  actor: Actor | undefined,
  action: MessagingExtensionAction,
): Promise<MessagingExtensionActionResponse> {
  const texts = teamsTexts(localeOf(context));
  if (action.commandId !== CREATE_FROM_MESSAGE) return message(texts.noCommand(action.commandId ?? ''));
  if (!actor) return message(noEmailMessage(localeOf(context)));
  const data = (action.data ?? {}) as Record<string, unknown>;
  // The offer's File the ticket carries the message's link in its words (or their kept draft).
  if (data.verb === VERBS.newForm || data.verb === VERBS.answersSolved) return onOfferButton(deps, context, actor, data.verb, data, action.messagePayload?.linkToMessage);
  // Only the form's submit files a ticket; any other button in the dialog (e.g. cancel) just closes it.
  if (data.verb !== undefined && data.verb !== VERBS.create) return {};
  const input = inputFromCard(VERBS.create, data);
  const link = input.values?.sourceLink ?? action.messagePayload?.linkToMessage;
  const ctx = commandContext(deps, context, actor);
  const reply = await dispatch(ctx, input);
  if (reply.view.type === 'form') return dialog(context, withSource(reply, link));
  if (reply.view.type === 'error') {
    // Show the form again with the reason, keeping everything the person typed.
    const again = await dispatch(ctx, { verb: VERBS.newForm, values: input.values });
    if (again.view.type !== 'form') return message(reply.view.error.message);
    const form = { ...again.view.form, errors: [...again.view.form.errors, { field: 'form', message: reply.view.error.message }] };
    return dialog(context, withSource({ ...again, view: { type: 'form', form } }, link));
  }
  try {
    await context.sendActivity(activityFor(reply.view, audienceOf(context)));
  } catch (err) {
    // The ticket exists; say so in the dialog rather than let the person file it twice.
    deps.logger.warn('Could not post the new-ticket confirmation', { ticketId: reply.ticketId, conversationId: context.activity.conversation?.id, error: err });
    return message(texts.filedNotPosted(reply.ticketId));
  }
  // An empty answer closes the dialog.
  return {};
}

/**
 * Buttons (block_actions): action_id is the verb, value is `{ ticketId, etag, ...data }`. The
 * result replaces the clicked message in place; form verbs open a modal with the trigger id first.
 */
import { attachHeldFiles } from './files';
import type { App, BlockAction, ButtonAction, RespondFn } from '@slack/bolt';
import { dispatch } from '../../commands';
import { actionInput } from '../../commands/input';
import { listRowAction } from '../../commands/list-row';
import { answerRow } from './list-rows';
import type { CommandContext, CommandInput, Reply } from '../../commands/types';
import { VERBS } from '../../core/verbs';
import { noticeMark } from './blocks/ticket';
import { publishHome } from './app-home';
import { decodeButtonValue, verbOfActionId } from './blocks/elements';
import { viewModal } from './blocks/modal';
import { commandContext, conversationOf, type SlackDeps } from './command-context';
import { answer, failureMessage, isDirect, messageFor, postPrivate, postPublic } from './reply-delivery';
import { guarded } from './failure-policy';
import { sharedTicketView } from '../../commands/shared-view';
import { noEmailMessage } from './identity';
import { slackTexts, type SlackTexts } from '../../views/channel-texts';
import { channelLocale, readerLocale } from './locale';
import { renderMessage, type SlackMessage } from './blocks/message';
import { modalInPlace, modalOrigin, openModal, type OpenModal } from './modals';

/** A one-line account of what a button did, for the App Home notice. */
function noticeOf(texts: SlackTexts, reply: Reply): string | undefined {
  const v = reply.view;
  if (v.type === 'confirmation') return `:white_check_mark: ${v.confirmation.message}`;
  if (v.type === 'error') return `:x: ${v.error.message}`;
  if (v.type === 'text') return v.text;
  if (v.type !== 'ticket') return undefined;
  if (v.ticket.notice) return `${noticeMark(v.ticket.notice)}${v.ticket.notice.text}`;
  const status = (v.ticket as typeof v.ticket & { statusLabel?: string }).statusLabel || v.ticket.status;
  return texts.homeTicketStatus(v.ticket.id, status, v.ticket.assignee);
}

/** What a shared conversation may see for a reply: the shared card for a ticket, else the shareable view. */
async function publicMessage(deps: SlackDeps, ctx: CommandContext, reply: Reply, channelId: string | undefined): Promise<SlackMessage> {
  if (reply.view.type === 'ticket') {
    // A ticket message everyone reads is rebuilt in the channel's language, whoever clicked.
    const locale = await channelLocale(deps, channelId);
    return renderMessage({ type: 'ticket', ticket: await sharedTicketView(ctx, reply as Reply & { view: { type: 'ticket' } }, locale) }, locale);
  }
  return messageFor({ ...reply, visibility: 'public' }, channelId, ctx.locale);
}

/**
 * Answers a click on a message. In a DM the message is the person's own and is replaced. In a
 * shared conversation the message is only ever replaced by the shared view; the clicker's own
 * view (their buttons, their notices) comes to them alone.
 */
async function answerOnMessage(deps: SlackDeps, ctx: CommandContext, body: BlockAction, input: CommandInput, reply: Reply, respond: RespondFn): Promise<void> {
  const channelId = body.channel?.id ?? body.container?.channel_id;
  const ts = body.container?.message_ts ?? body.message?.ts;
  const ephemeral = Boolean(body.container?.is_ephemeral);
  const target = { channelId, userId: body.user.id, respond };
  const sameTicket = reply.view.type === 'ticket' && reply.view.ticket.id === input.ticketId;
  if (ephemeral || !channelId || !ts) {
    // Only this person sees the clicked message: it becomes their answer; a public result is posted shared.
    await respond({ replace_original: true, ...messageFor({ ...reply, visibility: 'private' }, channelId, ctx.locale) });
    if (reply.visibility === 'public' && channelId && !isDirect(channelId)) await postPublic(deps, { channelId, userId: body.user.id }, await publicMessage(deps, ctx, reply, channelId));
    return;
  }
  if (isDirect(channelId)) {
    if (sameTicket || reply.visibility === 'public') await deps.client.chat.update({ channel: channelId, ts, ...messageFor(reply, channelId, ctx.locale) });
    else await postPrivate(deps, target, renderMessage(reply.view, ctx.locale));
    return;
  }
  if (sameTicket) {
    await deps.client.chat.update({ channel: channelId, ts, ...(await publicMessage(deps, ctx, reply, channelId)) });
    // A private answer (Show, Refresh, a lost race) is the clicker's own view; a public change is the card itself.
    if (reply.visibility === 'private') await postPrivate(deps, target, renderMessage(reply.view, ctx.locale));
    return;
  }
  if (reply.visibility === 'public') {
    await deps.client.chat.update({ channel: channelId, ts, ...(await publicMessage(deps, ctx, reply, channelId)) });
    return;
  }
  await postPrivate(deps, target, renderMessage(reply.view, ctx.locale));
}

async function handle(deps: SlackDeps, body: BlockAction, action: ButtonAction, respond: RespondFn): Promise<void> {
  const verb = verbOfActionId(action.action_id);
  const surface = body.view?.type; // 'home' | 'modal' | undefined (a message)
  // A button value is untrusted JSON: the one cleaner (commands/input.ts) keeps what a verb can use.
  const input = actionInput(verb, decodeButtonValue(action.value));
  // A modal opened for a conversation (the answers a message shortcut offers): the form a button there opens takes its place and answers in that conversation.
  const origin = surface === 'modal' ? modalOrigin(body.view) : undefined;
  let modal: OpenModal | undefined;
  if (deps.commands.formOpenedBy(verb) || (surface === 'home' && verb === VERBS.show)) {
    modal = origin && body.view ? await modalInPlace(deps, body.view.id, body.user.id) : await openModal(deps, body.trigger_id, body.user.id, 'helpdesk', surface === 'modal');
  }
  if (surface === 'home' && verb === VERBS.refresh && input.ticketId === undefined) return publishHome(deps, body.user.id);

  const channelId = body.channel?.id ?? body.container?.channel_id ?? origin?.channelId;
  const ctx = await commandContext(deps, body.user.id, conversationOf(channelId ?? ''));
  if (!ctx) {
    const locale = await readerLocale(deps, body.user.id);
    if (modal) return modal.show({ type: 'error', error: { message: noEmailMessage(locale) } });
    return postPrivate(deps, { channelId, userId: body.user.id, respond: body.response_url ? respond : undefined }, renderMessage({ type: 'text', text: noEmailMessage(locale) }, locale));
  }
  const texts = slackTexts(ctx.locale);
  // Show or Claim on a list message's row keeps the list: the row changes in place, the rest comes on its own.
  const row = !surface && deps.commands.isVerb(verb) ? await listRowAction(ctx, input) : undefined;
  if (row && row.action.view.type !== 'error') {
    return answer(deps, { channelId, userId: body.user.id }, row.action, undefined, () => answerRow(deps, body, row, respond));
  }
  const reply = row ? row.action : deps.commands.isVerb(verb) ? await dispatch(ctx, input) : ({ view: { type: 'error', error: { message: texts.oldButton() } }, visibility: 'private' } as Reply);
  if (modal) {
    const ephemeral = Boolean(body.container?.is_ephemeral);
    return modal.show(reply.view, { channelId, messageTs: surface || ephemeral ? undefined : body.container?.message_ts }, texts.ticketModalTitle(input.ticketId ?? ''));
  }
  if (surface === 'home') return publishHome(deps, body.user.id, noticeOf(texts, reply));
  if (surface === 'modal' && body.view) {
    await deps.client.views.update({ view_id: body.view.id, view: viewModal(texts.modalTitle('helpdesk'), reply.view, ctx.locale) });
    return;
  }
  // After a saved write the answer is retried and, failing that, the person is told it was saved.
  await answer(deps, { channelId, userId: body.user.id }, reply, undefined, () => answerOnMessage(deps, ctx, body, input, reply, respond));
  await attachHeldFiles(deps, body.user.id, channelId, reply, ctx.locale);
}

/** Registers every button whose action id is shaped like a verb (with an optional `#n` suffix); the registry says which are ours. */
export function registerActions(app: App, deps: SlackDeps): void {
  app.action<BlockAction<ButtonAction>>({ type: 'block_actions', action_id: /^[a-z]+\.[A-Za-z]+(#\d+)?$/ }, async ({ ack, body, action, respond }) => {
    await ack();
    const userId = body.user.id;
    const target = { channelId: body.channel?.id ?? body.container?.channel_id, userId, respond: body.response_url ? respond : undefined };
    await guarded(
      deps.logger,
      'button',
      { actionId: action.action_id, userId },
      () => handle(deps, body, action, respond),
      async () => {
        const locale = await readerLocale(deps, userId);
        await postPrivate(deps, target, renderMessage({ type: 'text', text: failureMessage(locale) }, locale));
      },
    );
  });
}

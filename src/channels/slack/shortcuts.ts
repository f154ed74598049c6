/**
 * Shortcuts: "Create ticket from message" (the desk's answers its words find, else the prefilled
 * modal with a permalink) and the global "New ticket". The modal opens with the trigger id at once.
 */
import type { App, GlobalShortcut, MessageShortcut } from '@slack/bolt';
import { dispatch } from '../../commands';
import type { FileRef } from '../../core';
import { filesOf } from './files';
import { FROM_MESSAGE } from '../../commands/new';
import { VERBS } from '../../core/verbs';
import { BLOCK_LIMITS, truncate } from './blocks/limits';
import { commandContext, conversationOf, type SlackDeps } from './command-context';
import { guarded } from './failure-policy';
import { fromSlackText } from './inbound-text';
import { failureMessage } from './reply-delivery';
import { noEmailMessage } from './identity';
import { readerLocale } from './locale';
import { openModal, type OpenModal } from './modals';

/** Callback ids, as declared in manifest/slack/manifest.yml. */
export const SHORTCUTS = { fromMessage: 'create_ticket_from_message', newTicket: 'new_ticket' } as const;

/** Slack message markup as plain text for the help desk (a message kept as prose: mentions become "@name"). */
export function plainFromSlack(text: string): string {
  return fromSlackText(text, 'name');
}

/** A ticket title from a chat message: its first non-empty line, cut to fit. */
export function titleFromMessage(text: string, fallback: string): string {
  const line = plainFromSlack(text).split('\n').map((l) => l.trim()).find(Boolean) ?? '';
  return truncate(line || fallback, 120);
}

/** The description prefilled from a message; the link to it travels as `sourceLink` and is added on filing. */
export function descriptionFromMessage(text: string): string {
  return truncate(plainFromSlack(text), BLOCK_LIMITS.inputLength);
}

async function showNewTicketForm(deps: SlackDeps, modal: OpenModal, userId: string, channelId: string | undefined, prefill?: { text: string; permalink?: string; author: string; files?: FileRef[]; ts?: string }) {
  const ctx = await commandContext(deps, userId, conversationOf(channelId ?? ''));
  if (!ctx) return modal.show({ type: 'error', error: { message: noEmailMessage(await readerLocale(deps, userId)) } });
  // The message's files wait for the form's submit, which files the ticket they go with.
  if (prefill?.files?.length) await deps.files.afterReply({ view: { type: 'form' } }, { actor: ctx.actor, locale: ctx.locale, messageKey: `slack:${channelId}:${prefill.ts}`, files: prefill.files, holder: `slack:${userId}` });
  let values: Record<string, string> | undefined;
  if (prefill) {
    // From a message: the desk's answers its words find come first (the command layer decides), in this modal.
    values = { title: titleFromMessage(prefill.text, modal.texts.messageFrom(prefill.author)), description: descriptionFromMessage(prefill.text), [FROM_MESSAGE]: '1' };
    if (prefill.permalink) values.sourceLink = prefill.permalink;
  }
  const reply = await dispatch(ctx, values ? { verb: VERBS.newForm, values } : { verb: VERBS.newForm });
  // The offer's File the ticket replaces it with the form, and This solved it with the thanks (actions.ts, modalOrigin).
  await modal.show(reply.view, { channelId });
}

/** Registers the message and global shortcuts. */
export function registerShortcuts(app: App, deps: SlackDeps): void {
  app.shortcut<MessageShortcut>({ callback_id: SHORTCUTS.fromMessage, type: 'message_action' }, async ({ ack, shortcut }) => {
    await ack();
    let modal: OpenModal | undefined;
    const userId = shortcut.user.id;
    await guarded(
      deps.logger,
      'message shortcut',
      { userId },
      async () => {
        modal = await openModal(deps, shortcut.trigger_id, userId, 'newTicket');
        const channelId = shortcut.channel.id;
        const link = await deps.client.chat.getPermalink({ channel: channelId, message_ts: shortcut.message_ts }).catch((error: unknown) => {
          // The form still opens with the message's text; it only lacks the link back to it.
          deps.logger.warn('slack permalink unavailable; the form opens without a link to the message', { channelId, error });
          return undefined;
        });
        const author = typeof shortcut.message.user === 'string' ? `@${shortcut.message.user}` : modal.texts.someone();
        const text = typeof shortcut.message.text === 'string' ? shortcut.message.text : '';
        const files = filesOf(shortcut.message.files);
        await showNewTicketForm(deps, modal, userId, channelId, { text, permalink: link?.permalink, author, files, ts: shortcut.message_ts });
      },
      async () => modal?.show({ type: 'error', error: { message: failureMessage(await readerLocale(deps, shortcut.user.id)) } }),
    );
  });

  app.shortcut<GlobalShortcut>({ callback_id: SHORTCUTS.newTicket, type: 'shortcut' }, async ({ ack, shortcut }) => {
    await ack();
    let modal: OpenModal | undefined;
    await guarded(
      deps.logger,
      'global shortcut',
      { userId: shortcut.user.id },
      async () => {
        modal = await openModal(deps, shortcut.trigger_id, shortcut.user.id, 'newTicket');
        await showNewTicketForm(deps, modal, shortcut.user.id, undefined);
      },
      async () => modal?.show({ type: 'error', error: { message: failureMessage(await readerLocale(deps, shortcut.user.id)) } }),
    );
  });
}

/**
 * The saved-reply picker of reply and resolve modals: Slack asks the options load URL as the
 * agent types (answered within its 3 s, at most 100 options), and a pick re-renders the modal
 * (views.update) with the text filled in, still editable.
 */
import type { App, BlockAction, ExternalSelectAction } from '@slack/bolt';
import { dispatch } from '../../commands';
import { FORM_OPEN_VERB } from '../../commands/registry';
import { extensionsOf } from '../../commands/extensions';
import { PICKER_INPUT } from '../../views/forms';
import type { Choice } from '../../views/types';
import { formModal, readFormValues, readMetadata, SAVED_REPLY_PICK, viewModal } from './blocks/modal';
import { BLOCK_LIMITS, plain, truncate } from './blocks/limits';
import { commandContext, conversationOf, type SlackDeps } from './command-context';
import { guarded } from './failure-policy';

/** Slack gives an options request 3 s; what is not found by then is answered with nothing. */
const OPTIONS_BUDGET_MS = 2500;

/** Slack's limit on an option's value. */
const OPTION_VALUE_MAX = 150;

async function choicesFor(deps: SlackDeps, userId: string, query: string): Promise<Choice[]> {
  const ctx = await commandContext(deps, userId, conversationOf(''));
  return ctx ? extensionsOf(ctx).pickerChoices(ctx, query, BLOCK_LIMITS.options) : [];
}

/** Registers the picker's options request and its pick. */
export function registerSavedReplies(app: App, deps: SlackDeps): void {
  app.options(SAVED_REPLY_PICK, async ({ ack, body }) => {
    const b = body as { value?: unknown; user?: { id?: unknown } };
    const userId = typeof b.user?.id === 'string' ? b.user.id : '';
    const query = typeof b.value === 'string' ? b.value : '';
    const late = new Promise<Choice[]>((r) => setTimeout(() => r([]), OPTIONS_BUDGET_MS).unref());
    const found = choicesFor(deps, userId, query).catch((error: unknown) => {
      deps.logger.warn('saved reply search failed', { userId, error });
      return [] as Choice[];
    });
    const choices = await Promise.race([found, late]);
    await ack({ options: choices.map((c) => ({ text: plain(c.title, BLOCK_LIMITS.optionText), value: truncate(c.value, OPTION_VALUE_MAX) })) });
  });

  app.action<BlockAction<ExternalSelectAction>>({ type: 'block_actions', action_id: SAVED_REPLY_PICK }, async ({ ack, body, action }) => {
    await ack();
    const userId = body.user.id;
    await guarded(deps.logger, 'saved reply pick', { userId }, async () => {
      const view = body.view;
      const meta = readMetadata(view?.private_metadata);
      const name = action.selected_option?.value;
      if (!view || !meta || meta.ticketId === undefined || !name) return;
      const ctx = await commandContext(deps, userId, conversationOf(meta.channelId ?? ''));
      if (!ctx) return;
      // What was typed so far comes along; the picked reply replaces the text, which stays editable.
      const values = { ...readFormValues(view.state?.values, meta), [PICKER_INPUT]: name };
      const reply = await dispatch(ctx, { verb: FORM_OPEN_VERB[meta.form], ticketId: meta.ticketId, etag: meta.etag, values });
      const { verb: _v, form: _f, ticketId: _t, etag: _e, hidden: _h, ...where } = meta;
      const next = reply.view.type === 'form'
        ? formModal({ ...reply.view.form, etag: meta.etag ?? reply.view.form.etag }, { ...where, fill: (meta.fill ?? 0) + 1 })
        : viewModal(view.title?.text ?? '', reply.view, ctx.locale);
      await deps.client.views.update({ view_id: view.id, hash: view.hash, view: next });
    });
  });
}

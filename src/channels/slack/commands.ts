/** `/helpdesk <command>`: the same grammar as Teams; forms open as modals, results go where they belong. */
import type { App, RespondFn } from '@slack/bolt';
import { handleText, parseCommand } from '../../commands';
import { VERBS } from '../../core/verbs';
import { commandContext, conversationOf, type SlackDeps } from './context';
import { deliver, FAILURE_MESSAGE, postPrivate } from './deliver';
import { NO_EMAIL_MESSAGE } from './identity';
import { openModal, type OpenModal } from './views';
import { renderMessage } from './blocks/message';

/** Verbs whose answer is a form, so a modal is opened before any slow work. */
export const FORM_VERBS: ReadonlySet<string> = new Set([VERBS.newForm, VERBS.commentForm, VERBS.resolveForm, VERBS.assignForm, VERBS.reopenForm, VERBS.editForm]);

function privateText(text: string) {
  return renderMessage({ type: 'text', text });
}

/** Runs a typed command for a slash command and answers it (shared by nothing else: DMs answer in place). */
async function runSlash(deps: SlackDeps, cmd: { user_id: string; channel_id: string; channel_name?: string; text: string; trigger_id: string }, respond: RespondFn): Promise<void> {
  const parsed = parseCommand(cmd.text);
  let modal: OpenModal | undefined;
  if (parsed.ok && FORM_VERBS.has(parsed.input.verb)) modal = await openModal(deps, cmd.trigger_id, 'Help desk');
  const conversation = conversationOf(cmd.channel_id, undefined, cmd.channel_name);
  const ctx = await commandContext(deps, cmd.user_id, conversation);
  if (!ctx) {
    if (modal) await modal.show({ type: 'error', error: { message: NO_EMAIL_MESSAGE } });
    else await respond({ response_type: 'ephemeral', ...privateText(NO_EMAIL_MESSAGE) });
    return;
  }
  const reply = await handleText(ctx, cmd.text, parsed);
  if (modal) {
    await modal.show(reply.view, { channelId: cmd.channel_id });
    return;
  }
  await deliver(deps, { channelId: cmd.channel_id, userId: cmd.user_id, respond }, reply);
}

/** Registers the `/helpdesk` slash command. */
export function registerCommands(app: App, deps: SlackDeps): void {
  app.command('/helpdesk', async ({ command, ack, respond }) => {
    await ack();
    try {
      await runSlash(deps, command, respond);
    } catch (error) {
      deps.logger.error('slack slash command failed', { userId: command.user_id, channelId: command.channel_id, error });
      await postPrivate(deps, { userId: command.user_id, channelId: command.channel_id, respond }, privateText(FAILURE_MESSAGE)).catch(() => undefined);
    }
  });
}

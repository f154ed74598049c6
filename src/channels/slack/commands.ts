/** `/helpdesk <command>`: the same grammar as Teams; forms open as modals, results go where they belong. */
import type { App, RespondFn } from '@slack/bolt';
import { handleText, parseCommand } from '../../commands';
import { commandContext, conversationOf, type SlackDeps } from './command-context';
import { answer, failureWithTyped, postPrivate } from './reply-delivery';
import { guarded } from './failure-policy';
import { fromSlackText } from './inbound-text';
import { noEmailMessage } from './identity';
import { readerLocale } from './locale';
import { openModal, type OpenModal } from './modals';
import { renderMessage } from './blocks/message';

function privateText(text: string, locale: string | undefined) {
  return renderMessage({ type: 'text', text }, locale);
}

/** The slash command fields we use; Slack sends strings, anything else is treated as empty. */
interface SlashCommand {
  user_id: string;
  channel_id: string;
  channel_name?: string;
  text: string;
  trigger_id: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Runs a typed command for a slash command and answers it (shared by nothing else: DMs answer in place). */
async function runSlash(deps: SlackDeps, cmd: SlashCommand, typed: string, respond: RespondFn): Promise<void> {
  const parsed = parseCommand(typed, { commands: deps.commands });
  let modal: OpenModal | undefined;
  // A verb whose answer is a form opens the modal before any slow work.
  if (parsed.ok && deps.commands.formOpenedBy(parsed.input.verb)) modal = await openModal(deps, cmd.trigger_id, cmd.user_id, 'helpdesk');
  const conversation = conversationOf(cmd.channel_id, undefined, cmd.channel_name);
  const ctx = await commandContext(deps, cmd.user_id, conversation);
  if (!ctx) {
    const locale = await readerLocale(deps, cmd.user_id);
    if (modal) await modal.show({ type: 'error', error: { message: noEmailMessage(locale) } });
    else await respond({ response_type: 'ephemeral', ...privateText(noEmailMessage(locale), locale) });
    return;
  }
  const reply = await handleText(ctx, typed, parsed);
  // A form the words could not foretell (`notifications` with nothing after it) opens now, while the
  // trigger is still fresh; if Slack refuses it, the answer below offers the form with a button.
  if (!modal && reply.view.type === 'form') {
    modal = await openModal(deps, cmd.trigger_id, cmd.user_id, 'helpdesk').catch((error: unknown) => {
      deps.logger.warn('slack modal could not be opened for a form answer; offered with a button', { error });
      return undefined;
    });
  }
  if (modal) {
    await modal.show(reply.view, { channelId: cmd.channel_id });
    return;
  }
  await answer(deps, { channelId: cmd.channel_id, userId: cmd.user_id, respond }, reply, `/helpdesk ${typed}`);
}

/** Registers the `/helpdesk` slash command. */
export function registerCommands(app: App, deps: SlackDeps): void {
  app.command('/helpdesk', async ({ command, ack, respond }) => {
    await ack();
    const cmd: SlashCommand = { user_id: str(command.user_id), channel_id: str(command.channel_id), channel_name: str(command.channel_name), text: str(command.text), trigger_id: str(command.trigger_id) };
    const typed = fromSlackText(cmd.text);
    await guarded(
      deps.logger,
      'slash command',
      { userId: cmd.user_id, channelId: cmd.channel_id },
      () => runSlash(deps, cmd, typed, respond),
      async () => postPrivate(deps, { userId: cmd.user_id, channelId: cmd.channel_id, respond }, failureWithTyped(`/helpdesk ${typed}`, await readerLocale(deps, cmd.user_id))),
    );
  });
}

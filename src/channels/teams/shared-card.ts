/**
 * A ticket card a whole channel or group chat reads speaks that conversation's language (set with
 * `language`, else HELPDESK_LOCALE), whoever clicked or typed. When the person's language is the
 * conversation's, their answer is already right and nothing more is read; otherwise the shared view
 * is built again in the conversation's language (commands/shared-view.ts, as Slack does).
 */
import type { TurnContext } from 'botbuilder';
import { sameLanguage, sharedTicketView } from '../../commands/shared-view';
import type { CommandContext, Reply } from '../../commands/types';
import type { View } from '../../views/types';
import { localeOf, sharedLocale, type TeamsDeps } from './turn';

/** The view and locale to show a ticket reply with in a shared conversation. */
export async function inConversationLanguage(
  deps: TeamsDeps,
  context: TurnContext,
  ctx: CommandContext,
  reply: Reply & { view: { type: 'ticket' } },
): Promise<{ view: View; locale: string | undefined }> {
  const locale = await sharedLocale(deps, context);
  if (sameLanguage(locale, localeOf(context))) return { view: reply.view, locale: localeOf(context) };
  return { view: { type: 'ticket', ticket: await sharedTicketView(ctx, reply, locale) }, locale };
}

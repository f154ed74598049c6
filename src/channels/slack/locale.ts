/**
 * Whose language a Slack surface speaks: a private answer, modal or App Home the reader's own
 * (users.info include_locale, from the identity cache); a shared channel's ticket message the
 * channel's language.
 */
import { translator, type Translate } from '../../i18n';
import type { SlackDeps } from './context';

/** The person's Slack locale ('de-DE'), or undefined when Slack gives none or cannot be asked now. */
export async function readerLocale(deps: SlackDeps, userId: string): Promise<string | undefined> {
  if (!userId) return undefined;
  return (await deps.identity.lookup(userId).catch(() => undefined))?.locale;
}

/** The message function in the person's language (English when unknown). */
export async function readerTranslator(deps: SlackDeps, userId: string): Promise<Translate> {
  return translator(await readerLocale(deps, userId));
}

/**
 * The language of messages everyone in a channel reads: the channel's own (`language de`, through
 * `deps.conversationLocale`), else the deployment's HELPDESK_LOCALE. A failed look-up is not worth
 * failing a click for: the default is used.
 */
export async function channelLocale(deps: SlackDeps, channelId: string | undefined): Promise<string | undefined> {
  const own = channelId && deps.conversationLocale ? await deps.conversationLocale(channelId).catch(() => undefined) : undefined;
  return own ?? deps.locale;
}

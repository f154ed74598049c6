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
 * The language of messages everyone in a channel reads. For now the deployment's HELPDESK_LOCALE;
 * the one place to ask the Store for a channel's own `language` setting once it has one.
 */
export async function channelLocale(deps: SlackDeps, _channelId: string | undefined): Promise<string | undefined> {
  return deps.locale;
}

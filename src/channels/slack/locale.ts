/**
 * Whose language a Slack surface speaks: a private answer, modal or App Home the reader's own
 * (their `language` choice, else users.info include_locale from the identity cache); a shared
 * channel's ticket message the channel's language. The rules live in
 * src/core/conversation-ports.ts, shared with Teams; this file only supplies Slack's sources.
 */
import { conversationOf, type SlackDeps } from './command-context';
import type { SlackPerson } from './identity';
import { conversationLanguage, personLanguage, type Conversation, type LanguageSources } from '../../core';

/** Slack's language sources: the channel configuration's own (tests, app.ts) over the ports'. */
function sources(deps: SlackDeps): LanguageSources {
  const lookup = deps.conversationLocale;
  return {
    language: lookup ? (c: Conversation) => lookup(c.id) : deps.notifications?.language,
    personLanguage: deps.notifications?.personLanguage,
    defaultLanguage: deps.locale ?? deps.notifications?.defaultLanguage,
  };
}

/** The language the person reads ('de-DE'), or undefined when neither they nor Slack give one. */
export async function readerLocale(deps: SlackDeps, userId: string): Promise<string | undefined> {
  if (!userId) return undefined;
  // A person Slack cannot tell us about reads the default language; the look-up (fetchPerson) logged why.
  const person = await deps.identity.lookup(userId).catch(() => undefined);
  return readerLocaleOf(deps, person);
}

/** The language of a person already looked up. */
export function readerLocaleOf(deps: SlackDeps, person: SlackPerson | undefined): Promise<string | undefined> {
  return personLanguage(sources(deps), person?.email, person?.locale);
}

/** The language of messages everyone in a channel reads: the channel's own (`language de`), else HELPDESK_LOCALE. */
export async function channelLocale(deps: SlackDeps, channelId: string | undefined): Promise<string | undefined> {
  if (!channelId) return sources(deps).defaultLanguage;
  return conversationLanguage(sources(deps), conversationOf(channelId));
}

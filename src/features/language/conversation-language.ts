/**
 * Whose language each surface speaks, decided once for Teams and Slack: a message everyone in a
 * shared conversation reads is in that conversation's language; what one person reads is in the
 * language they chose (`language de` in their personal chat), else the one their client sends.
 * A failed look-up never costs anyone their answer: the next source is used.
 */
import type { Conversation, ConversationPorts } from '../../core';
import { normalizeLocale } from '../../i18n';

/** Where languages come from (the conversation ports, or a channel's own configuration). */
export type LanguageSources = Partial<Pick<ConversationPorts, 'language' | 'personLanguage' | 'defaultLanguage'>>;

/** The language of a shared conversation: the one set there (`language de`), else HELPDESK_LOCALE. */
export async function conversationLanguage(sources: LanguageSources | undefined, conversation: Conversation): Promise<string | undefined> {
  // Only the language is at stake: a store that cannot say reads as none set there, and the answer still goes out.
  const own = await sources?.language?.(conversation).catch(() => undefined);
  return own ?? sources?.defaultLanguage;
}

/** The language one person reads: their own choice, else what their Teams or Slack client sends. */
export async function personLanguage(sources: LanguageSources | undefined, email: string | undefined, clientLocale: string | undefined): Promise<string | undefined> {
  // Only the language is at stake: a store that cannot say reads as no choice made, and the client's language is used.
  const chosen = email && sources?.personLanguage ? await sources.personLanguage(email).catch(() => undefined) : undefined;
  return chosen ?? clientLocale;
}

/** True when two platform locales ('de-DE', 'de', absent) speak the same catalog language; unknown ones count as English. */
export function sameLanguage(a: string | undefined, b: string | undefined): boolean {
  return normalizeLocale(a) === normalizeLocale(b);
}

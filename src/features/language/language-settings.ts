/** The language feature's own reads and writes: a conversation's language and a person's, as the store keeps them. */
import type { Conversation } from '../../core';
import { plainly } from '../../commands/plainly';
import type { Store } from '../../store/types';

/** What `language` reads and sets; a store that does not answer fails with a plain message. */
export interface LanguageSettings {
  conversation(conversation: Conversation): Promise<string | undefined>;
  setConversation(conversation: Conversation, locale: string | undefined): Promise<void>;
  person(email: string): Promise<string | undefined>;
  setPerson(email: string, locale: string | undefined): Promise<void>;
}

/** The language settings kept in `store`. */
export function languageSettings(store: Pick<Store, 'conversationLocales' | 'setConversationLocale' | 'chosenLocale' | 'setChosenLocale'>): LanguageSettings {
  return {
    conversation: (c) => plainly(async () => (await store.conversationLocales()).get(`${c.platform}:${c.id}`)),
    setConversation: (c, locale) => plainly(() => store.setConversationLocale(c.platform, c.id, locale)),
    person: (email) => plainly(() => store.chosenLocale(email)),
    setPerson: (email, locale) => plainly(() => store.setChosenLocale(email, locale)),
  };
}

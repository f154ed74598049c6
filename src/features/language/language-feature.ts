/** Languages: `language <lng>|default` for a person or a channel, and whose language each surface speaks (src/core/conversation-ports.ts conversationLanguage and personLanguage; tables in src/store: chosen_locales, locales). */
import { defineFeature } from '../types';
import { languageCommand } from './language-command';

/** The language feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const languageFeature = defineFeature({
  name: 'language',
  needs: ['store', 'locale'],
  commands: [languageCommand],
  migrations: {},
  doctor: [],
  settings: ['HELPDESK_LOCALE'],
  startup: (s) => ({ on: true, reads: [{ setting: 'HELPDESK_LOCALE', value: s.locale }, { table: 'chosen_locales' }] }),
});

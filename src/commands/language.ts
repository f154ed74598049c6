/**
 * `language [code|default]` (agents): the language of this conversation's cards and updates,
 * shown by `subscriptions`. People still get their own answers and DMs in their own language.
 */
import { confirm, errorReply, tr, byWhom } from './respond';
import { agentPorts, isReply } from './subscription-filter';
import { VERBS } from '../core';
import { isKnownLocale, LOCALES, normalizeLocale } from '../i18n';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Words that put a conversation back on HELPDESK_LOCALE. */
const DEFAULT_WORDS = new Set(['default', 'reset', 'off']);

/** Shows or sets this conversation's language. */
const language: Handler = async (ctx, input) => {
  const ports = await agentPorts(ctx, 'language');
  if (isReply(ports)) return ports;
  const t = tr(ctx);
  const name = (lng: string) => t(`common:languages.${lng}`);
  const choices = LOCALES.join(', ');
  const fallback = normalizeLocale(ports.defaultLanguage);
  if (!ports.setLanguage || !ports.language) return errorReply(t('commands:subscriptions.notSetUp'));
  const typed = (input.values?.locale ?? '').trim().toLowerCase();
  if (!typed) {
    const chosen = await ports.language(ctx.conversation);
    return confirm(chosen
      ? t('commands:language.current', { language: name(normalizeLocale(chosen)), choices })
      : t('commands:language.currentDefault', { language: name(fallback), choices }));
  }
  if (DEFAULT_WORDS.has(typed)) {
    await ports.setLanguage(ctx.conversation, undefined);
    return confirm(t('commands:language.cleared', { language: name(fallback) }), 'public');
  }
  if (!isKnownLocale(typed)) return errorReply(t('commands:language.unknown', { typed, choices }), languageCommand.usage);
  const lng = normalizeLocale(typed);
  await ports.setLanguage(ctx.conversation, lng);
  // Said in the language just chosen: that is what the conversation will read from now on.
  return confirm(tr({ locale: lng })('commands:language.set', { language: tr({ locale: lng })(`common:languages.${lng}`), by: byWhom(ctx) }), 'public');
};

/** `language [code|default]`. */
export const languageCommand: CommandDeclaration = {
  name: 'language',
  usage: `language [${LOCALES.join('|')}|default]`,
  description: 'commands:describe.language',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'text', key: 'locale', lowercase: true },
  verb: VERBS.language,
  handles: { [VERBS.language]: language },
  answers: 'confirmation',
  examples: [{ typed: 'language' }, { name: 'language de', typed: 'language de', values: { locale: 'de' } }],
};

/**
 * `language [code|default]`. In a channel or group chat (agents): the language of that
 * conversation's cards and updates, shown by `subscriptions`. In a personal chat (anyone with an
 * address): the person's own language for their replies and DMs on every platform, which wins over
 * what their client sends and over the one they last wrote in, until `language default`.
 */
import { confirm, errorReply, tr, byWhom } from '../../commands/respond';
import { agentOnly } from '../../commands/subscription-filter';
import { isPrivate, VERBS } from '../../core';
import { isKnownLocale, LOCALES, normalizeLocale } from '../../i18n';
import { EVERYWHERE } from '../../commands/declaration';
import type { CommandContext, Reply } from '../../commands/types';
import type { FeatureCommand, FeatureHandler, HostServices } from '../types';
import { languageSettings } from './language-settings';

/** What `language` is handed: the store keeping the choices, and HELPDESK_LOCALE. */
export type LanguageServices = Pick<HostServices, 'store' | 'locale'>;

/** Words that put a conversation (or a person) back on the default. */
const DEFAULT_WORDS = new Set(['default', 'reset', 'off']);

const choices = LOCALES.join(', ');
const languageName = (locale: string | undefined) => (lng: string) => tr({ locale })(`common:languages.${lng}`);

/** What the person typed after `language`: nothing (show it), back to the default, a language, or one without a catalog. */
function wanted(typed: string): { reset: true } | { locale: string } | { unknown: true } | undefined {
  if (!typed) return undefined;
  if (DEFAULT_WORDS.has(typed)) return { reset: true };
  return isKnownLocale(typed) ? { locale: normalizeLocale(typed) } : { unknown: true };
}

/** Shows or sets the language of the person themselves (a personal chat). */
async function ownLanguage(ctx: CommandContext, typed: string, services: LanguageServices): Promise<Reply> {
  const settings = languageSettings(services.store);
  const t = tr(ctx);
  const email = ctx.actor.email.trim();
  // A choice is kept per address: without one it could not follow the person anywhere.
  if (!email) return errorReply(t('language:noAddress'));
  const want = wanted(typed);
  if (want && 'unknown' in want) return errorReply(t('language:unknown', { typed, choices }), languageCommand.usage);
  if (!want) {
    const chosen = await settings.person(email);
    return confirm(chosen
      ? t('language:ownCurrent', { language: languageName(ctx.locale)(normalizeLocale(chosen)), choices })
      : t('language:ownFollowsApp', { language: languageName(ctx.locale)(normalizeLocale(ctx.clientLocale ?? ctx.locale)), choices }));
  }
  if ('reset' in want) {
    await settings.setPerson(email, undefined);
    // Said in the language their app sends (unknown: English): that is what they read from now on.
    return confirm(tr({ locale: ctx.clientLocale })('language:ownCleared'));
  }
  await settings.setPerson(email, want.locale);
  return confirm(tr({ locale: want.locale })('language:ownSet', { language: languageName(want.locale)(want.locale) }));
}

/** Shows or sets this conversation's language, or in a personal chat the person's own. */
const language: FeatureHandler<LanguageServices> = async (ctx, input, _commands, services) => {
  const typed = (input.values?.locale ?? '').trim().toLowerCase();
  if (isPrivate(ctx.conversation)) return ownLanguage(ctx, typed, services);
  const refused = await agentOnly(ctx, 'language');
  if (refused) return refused;
  const settings = languageSettings(services.store);
  const t = tr(ctx);
  const name = languageName(ctx.locale);
  const fallback = normalizeLocale(services.locale);
  const want = wanted(typed);
  if (!want) {
    const chosen = await settings.conversation(ctx.conversation);
    return confirm(chosen
      ? t('language:current', { language: name(normalizeLocale(chosen)), choices })
      : t('language:currentDefault', { language: name(fallback), choices }));
  }
  if ('unknown' in want) return errorReply(t('language:unknown', { typed, choices }), languageCommand.usage);
  if ('reset' in want) {
    await settings.setConversation(ctx.conversation, undefined);
    return confirm(t('language:cleared', { language: name(fallback) }), 'public');
  }
  await settings.setConversation(ctx.conversation, want.locale);
  // Said in the language just chosen: that is what the conversation will read from now on.
  return confirm(tr({ locale: want.locale })('language:set', { language: languageName(want.locale)(want.locale), by: byWhom(ctx) }), 'public');
};

/** `language [code|default]`: everyone in a personal chat (it is about themselves), agents elsewhere. */
export const languageCommand: FeatureCommand<LanguageServices> = {
  name: 'language',
  usage: `language [${LOCALES.join('|')}|default]`,
  description: 'language:describe',
  who: 'everyone',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'text', key: 'locale', lowercase: true },
  verb: VERBS.language,
  handles: { [VERBS.language]: language },
  answers: 'confirmation',
  // In a personal chat it is about oneself (anyone with an address); in shared conversations agents only.
  examples: [{ typed: 'language', access: 'self-or-agents' }, { name: 'language de', typed: 'language de', values: { locale: 'de' }, access: 'self-or-agents' }],
  helpGroup: 'yours',
};

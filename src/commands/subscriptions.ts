/** `subscriptions` (agents): what this conversation is subscribed to, and the language of its cards. Private. */
import { confirmAboutHere, tr } from './respond';
import { agentPorts, describeFilter, isReply } from './subscription-filter';
import { VERBS } from '../core';
import { normalizeLocale } from '../i18n';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';
import { boundSpace } from './space-scope';
import { extensionsOf } from './extensions';

/** Lists this conversation's subscriptions and says which language its cards use. */
const subscriptions: Handler = async (ctx) => {
  const ports = await agentPorts(ctx, 'subscriptions');
  if (isReply(ports)) return ports;
  const t = tr(ctx);
  const [filters, chosen, space, featureLines] = await Promise.all([ports.subscriptions(ctx.conversation), ports.language(ctx.conversation), boundSpace(ctx), extensionsOf(ctx).conversationLines(ctx, t)]);
  const lng = normalizeLocale(chosen ?? ports.defaultLanguage);
  const languageLine = t(chosen ? 'commands:subscriptions.languageLine' : 'commands:subscriptions.languageDefault', { language: t(`common:languages.${lng}`) });
  const spaceLine = space ? [t('commands:subscriptions.spaceLine', { space })] : [];
  // What the features say of this conversation (its digest schedule) follows.
  const language = [languageLine, ...spaceLine, ...featureLines].join('\n');
  if (filters.length === 0) return confirmAboutHere(ctx, 'commands:subscriptions.none', {}, `\n${language}`);
  const lines = filters.map((f) => `• ${describeFilter(f, t)}`).join('\n');
  return confirmAboutHere(ctx, 'commands:subscriptions.list', { lines }, `\n${language}`);
};

/** `subscriptions`. */
export const subscriptionsCommand: CommandDeclaration = {
  name: 'subscriptions',
  usage: 'subscriptions',
  description: 'commands:describe.subscriptions',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: ['channel'],
  args: { kind: 'none' },
  verb: VERBS.subscriptions,
  handles: { [VERBS.subscriptions]: subscriptions },
  answers: 'confirmation',
  examples: [{ typed: 'subscriptions' }],
  helpGroup: 'channel',
};

/** `notifications off|on` (everyone): mute or unmute my direct messages about tickets. Private. */
import { confirm, errorReply, tr } from './respond';
import { isReply, notificationPorts } from './subscription-filter';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Sets my mute preference. */
const notifications: Handler = async (ctx, input) => {
  const ports = notificationPorts(ctx);
  if (isReply(ports)) return ports;
  const t = tr(ctx);
  // Direct messages are kept per address: without one there is nothing to mute, and '' is nobody's setting.
  if (!ctx.actor.email.trim()) return errorReply(t('commands:notifications.noAddress'));
  const choice = (input.values?.state ?? '').trim().toLowerCase();
  if (choice !== 'on' && choice !== 'off') {
    return errorReply(choice ? t('commands:notifications.notOnOff', { choice }) : t('commands:notifications.say'), notificationsCommand.usage);
  }
  await ports.setMuted(ctx.actor.email, choice === 'off');
  return confirm(t(choice === 'off' ? 'commands:notifications.muted' : 'commands:notifications.unmuted'));
};

/** `notifications off|on`. */
export const notificationsCommand: CommandDeclaration = {
  name: 'notifications',
  usage: 'notifications off|on',
  description: 'commands:describe.notifications',
  who: 'everyone',
  scopes: EVERYWHERE,
  menus: ['personal'],
  args: { kind: 'choice', key: 'state', choices: ['off', 'on'], noun: 'commands:notifications.noun', missing: 'commands:notifications.say' },
  verb: VERBS.notifications,
  handles: { [VERBS.notifications]: notifications },
  answers: 'confirmation',
  examples: [
    { name: 'notifications off', typed: 'notifications off', values: { state: 'off' }, access: 'email' },
    { name: 'notifications on', typed: 'notifications on', values: { state: 'on' }, access: 'email' },
  ],
  helpGroup: 'yours',
};

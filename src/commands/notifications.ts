/** `notifications off|on` (everyone): mute or unmute my direct messages about tickets. Private. */
import { confirm, errorReply } from './respond';
import { isReply, notificationPorts } from './subscription-filter';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Sets my mute preference. */
const notifications: Handler = async (ctx, input) => {
  const ports = notificationPorts(ctx);
  if (isReply(ports)) return ports;
  // Direct messages are kept per address: without one there is nothing to mute, and '' is nobody's setting.
  if (!ctx.actor.email.trim()) return errorReply('Your email address is not known, so I send you no direct messages to mute or unmute.');
  const choice = (input.values?.state ?? '').trim().toLowerCase();
  if (choice !== 'on' && choice !== 'off') {
    return errorReply(choice ? `“${choice}” is not on or off.` : 'Say `notifications off` or `notifications on`.', notificationsCommand.usage);
  }
  await ports.setMuted(ctx.actor.email, choice === 'off');
  return confirm(choice === 'off'
    ? 'Muted: I will not send you direct messages about ticket changes. Type `notifications on` to resume.'
    : 'Unmuted: I will send you direct messages when your tickets change.');
};

/** `notifications off|on`. */
export const notificationsCommand: CommandDeclaration = {
  name: 'notifications',
  usage: 'notifications off|on',
  description: 'Mute or unmute my direct messages about tickets',
  who: 'everyone',
  scopes: EVERYWHERE,
  menus: ['personal'],
  args: { kind: 'choice', key: 'state', choices: ['off', 'on'], noun: 'on or off', missing: 'Say `notifications off` or `notifications on`.' },
  verb: VERBS.notifications,
  handles: { [VERBS.notifications]: notifications },
};

/** `notifications off|on` (everyone): mute or unmute my direct messages about tickets. Private. */
import { confirm, errorReply } from './respond';
import { isReply, notificationPorts } from './subscription-filter';
import type { Handler } from './types';

/** Sets my mute preference. */
export const notifications: Handler = async (ctx, input) => {
  const ports = notificationPorts(ctx);
  if (isReply(ports)) return ports;
  const choice = (input.values?.state ?? input.text ?? '').trim().toLowerCase();
  if (choice !== 'on' && choice !== 'off') {
    return errorReply(choice ? `“${choice}” is not on or off.` : 'Say `notifications off` or `notifications on`.', 'notifications');
  }
  await ports.setMuted(ctx.actor.email, choice === 'off');
  return confirm(choice === 'off'
    ? 'Muted: I will not send you direct messages about ticket changes. Type `notifications on` to resume.'
    : 'Unmuted: I will send you direct messages when your tickets change.');
};

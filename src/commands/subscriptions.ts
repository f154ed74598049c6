/** `subscriptions` (agents): what this conversation is subscribed to. Private. */
import { confirm } from './respond';
import { agentOnly, describeFilter, isReply, notificationPorts } from './subscription-filter';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Lists this conversation's subscriptions. */
const subscriptions: Handler = async (ctx) => {
  const ports = notificationPorts(ctx);
  if (isReply(ports)) return ports;
  const refused = await agentOnly(ctx, 'subscriptions');
  if (refused) return refused;
  const filters = await ports.subscriptions(ctx.conversation);
  if (filters.length === 0) return confirm('This conversation has no subscriptions. Type `subscribe` to get ticket updates here.');
  const lines = filters.map((f) => `• ${describeFilter(f)}`).join('\n');
  return confirm(`This conversation gets updates about:\n${lines}`);
};

/** `subscriptions`. */
export const subscriptionsCommand: CommandDeclaration = {
  name: 'subscriptions',
  usage: 'subscriptions',
  description: 'What this channel is subscribed to',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: ['channel'],
  args: { kind: 'none' },
  verb: VERBS.subscriptions,
  handles: { [VERBS.subscriptions]: subscriptions },
};

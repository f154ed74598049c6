/** `subscriptions` (agents): what this conversation is subscribed to. Private. */
import { confirm } from './respond';
import { agentOnly, describeFilter, isReply, notificationPorts } from './subscription-filter';
import type { Handler } from './types';

/** Lists this conversation's subscriptions. */
export const subscriptions: Handler = async (ctx) => {
  const ports = notificationPorts(ctx);
  if (isReply(ports)) return ports;
  const refused = await agentOnly(ctx, 'subscriptions');
  if (refused) return refused;
  const filters = await ports.subscriptions(ctx.conversation);
  if (filters.length === 0) return confirm('This conversation has no subscriptions. Type `subscribe` to get ticket updates here.');
  const lines = filters.map((f) => `• ${describeFilter(f)}`).join('\n');
  return confirm(`This conversation gets updates about:\n${lines}`);
};

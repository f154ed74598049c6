/** `unsubscribe [filter]` (agents): stop updates here; no filter removes them all. Public confirmation. */
import { confirm } from './respond';
import { agentOnly, describeFilter, filterFrom, isReply, notificationPorts, sharedOnly } from './subscription-filter';
import type { Handler } from './types';

/** Removes one subscription, or every subscription of this conversation. */
export const unsubscribe: Handler = async (ctx, input) => {
  const ports = notificationPorts(ctx);
  if (isReply(ports)) return ports;
  const refused = sharedOnly(ctx, 'unsubscribe') ?? (await agentOnly(ctx, 'unsubscribe'));
  if (refused) return refused;
  const filter = filterFrom(input.values, ctx.helpdesk.vocabulary, 'unsubscribe');
  if (isReply(filter)) return filter;
  const removed = await ports.unsubscribe(ctx.conversation, filter);
  if (removed === 0) {
    return confirm(filter
      ? `This conversation was not subscribed to ${describeFilter(filter)}. Type \`subscriptions\` to see what it gets.`
      : 'This conversation had no subscriptions.');
  }
  const what = filter ? `updates about ${describeFilter(filter)}` : `all ticket updates (${removed} subscription${removed === 1 ? '' : 's'})`;
  return confirm(`This conversation no longer gets ${what}.`, 'public');
};

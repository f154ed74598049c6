/** `unsubscribe [filter]` (agents): stop updates here; no filter removes them all. Public confirmation. */
import { confirm } from './respond';
import { agentOnly, describeFilter, FILTER_USAGE, filterFrom, isReply, notificationPorts, sharedOnlyMessage } from './subscription-filter';
import { VERBS } from '../core';
import type { CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Removes one subscription, or every subscription of this conversation. */
const unsubscribe: Handler = async (ctx, input) => {
  const ports = notificationPorts(ctx);
  if (isReply(ports)) return ports;
  const refused = await agentOnly(ctx, 'unsubscribe');
  if (refused) return refused;
  const filter = filterFrom(input.values, ctx.helpdesk.vocabulary, unsubscribeCommand.usage);
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

/** `unsubscribe [filter]`. */
export const unsubscribeCommand: CommandDeclaration = {
  name: 'unsubscribe',
  usage: `unsubscribe ${FILTER_USAGE}`,
  description: 'Stop updates in this channel (no filter: all of them)',
  who: 'agents',
  scopes: ['channel', 'group'],
  elsewhere: sharedOnlyMessage('unsubscribe'),
  menus: [],
  args: { kind: 'filter' },
  verb: VERBS.unsubscribe,
  handles: { [VERBS.unsubscribe]: unsubscribe },
};

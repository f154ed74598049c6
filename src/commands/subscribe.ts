/** `subscribe [filter]` (agents, shared conversations): post ticket updates here. Public confirmation. */
import { confirm } from './respond';
import { agentOnly, describeFilter, FILTER_USAGE, filterFrom, isReply, notificationPorts, sharedOnlyMessage } from './subscription-filter';
import { VERBS } from '../core';
import type { CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Subscribes this conversation; no filter means all tickets. */
const subscribe: Handler = async (ctx, input) => {
  const ports = notificationPorts(ctx);
  if (isReply(ports)) return ports;
  const refused = await agentOnly(ctx, 'subscribe');
  if (refused) return refused;
  const filter = filterFrom(input.values, ctx.helpdesk.vocabulary, subscribeCommand.usage) ?? { kind: 'all' as const };
  if (isReply(filter)) return filter;
  await ports.subscribe(ctx.conversation, filter, ctx.actor);
  return confirm(`This conversation now gets updates about ${describeFilter(filter)} (set up by ${ctx.actor.name || ctx.actor.email}).`, 'public');
};

/** `subscribe [filter]`. */
export const subscribeCommand: CommandDeclaration = {
  name: 'subscribe',
  usage: `subscribe ${FILTER_USAGE}`,
  description: 'Post ticket updates in this channel',
  who: 'agents',
  scopes: ['channel', 'group'],
  elsewhere: sharedOnlyMessage('subscribe'),
  menus: ['channel'],
  args: { kind: 'filter', fallback: 'all' },
  verb: VERBS.subscribe,
  handles: { [VERBS.subscribe]: subscribe },
};

/** `subscribe [filter]` (agents, shared conversations): post ticket updates here. Public confirmation. */
import { confirm } from './respond';
import { agentOnly, describeFilter, filterFrom, isReply, notificationPorts, sharedOnly } from './subscription-filter';
import type { Handler } from './types';

/** Subscribes this conversation; no filter means all tickets. */
export const subscribe: Handler = async (ctx, input) => {
  const ports = notificationPorts(ctx);
  if (isReply(ports)) return ports;
  const refused = sharedOnly(ctx, 'subscribe') ?? (await agentOnly(ctx, 'subscribe'));
  if (refused) return refused;
  const filter = filterFrom(input.values, ctx.helpdesk.vocabulary, 'subscribe') ?? { kind: 'all' as const };
  if (isReply(filter)) return filter;
  await ports.subscribe(ctx.conversation, filter, ctx.actor);
  return confirm(`This conversation now gets updates about ${describeFilter(filter)} (set up by ${ctx.actor.name || ctx.actor.email}).`, 'public');
};

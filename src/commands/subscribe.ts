/** `subscribe [filter]` (agents, shared conversations): post ticket updates here. Public confirmation. */
import { byWhom, confirm, tr } from './respond';
import { agentPorts, describeFilter, FILTER_USAGE, filterFromSite, isReply } from './subscription-filter';
import { VERBS, type SubscriptionFilter } from '../core';
import type { CommandDeclaration } from './declaration';
import type { Handler } from './types';
import { boundSpace } from './space-scope';

/** Subscribes this conversation; no filter means the channel's space when it has one, else all tickets. */
const subscribe: Handler = async (ctx, input) => {
  const ports = await agentPorts(ctx, 'subscribe');
  if (isReply(ports)) return ports;
  const t = tr(ctx);
  const typed = await filterFromSite(ctx, input.values, subscribeCommand.usage, t);
  if (isReply(typed)) return typed;
  const space = typed ? undefined : await boundSpace(ctx);
  const filter: SubscriptionFilter = typed ?? (space ? { kind: 'space', value: space } : { kind: 'all' });
  await ports.subscribe(ctx.conversation, filter, ctx.actor);
  return confirm(t('commands:subscriptions.subscribed', { what: describeFilter(filter, t), by: byWhom(ctx) }), 'public');
};

/** `subscribe [filter]`. */
export const subscribeCommand: CommandDeclaration = {
  name: 'subscribe',
  usage: `subscribe ${FILTER_USAGE}`,
  description: 'commands:describe.subscribe',
  who: 'agents',
  scopes: ['channel', 'group'],
  elsewhere: 'commands:subscriptions.sharedOnly',
  menus: ['channel'],
  // No fallback: an untyped filter means the channel's space (when bound), which only the handler knows.
  args: { kind: 'filter' },
  verb: VERBS.subscribe,
  handles: { [VERBS.subscribe]: subscribe },
  answers: 'confirmation',
  examples: [
    { typed: 'subscribe' },
    ...(['all', 'high'] as const).map((kind) => ({ name: `subscribe ${kind}`, typed: `subscribe ${kind}`, values: { kind } })),
    { name: 'subscribe space', typed: 'subscribe space it', values: { kind: 'space', value: 'it' } },
    { name: 'subscribe category', typed: 'subscribe category Network', values: { kind: 'category', value: 'Network' } },
    { name: 'subscribe status', typed: 'subscribe status New', values: { kind: 'status', value: 'New' } },
  ],
  helpGroup: 'channel',
};

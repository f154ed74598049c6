/** `subscribe [filter]` (agents, shared conversations): post ticket updates here. Public confirmation. */
import { byWhom, confirm, tr } from './respond';
import { agentPorts, describeFilter, FILTER_USAGE, filterFrom, isReply } from './subscription-filter';
import { VERBS } from '../core';
import type { CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Subscribes this conversation; no filter means all tickets. */
const subscribe: Handler = async (ctx, input) => {
  const ports = await agentPorts(ctx, 'subscribe');
  if (isReply(ports)) return ports;
  const t = tr(ctx);
  const filter = filterFrom(input.values, ctx.helpdesk.vocabulary, subscribeCommand.usage, t) ?? { kind: 'all' as const };
  if (isReply(filter)) return filter;
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
  args: { kind: 'filter', fallback: 'all' },
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

/** `unsubscribe [filter]` (agents): stop updates here; no filter removes them all. Public confirmation. */
import { confirm, tr } from './respond';
import { agentPorts, describeFilter, FILTER_USAGE, filterFromSite, isReply } from './subscription-filter';
import { VERBS } from '../core';
import type { CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Removes one subscription, or every subscription of this conversation. */
const unsubscribe: Handler = async (ctx, input) => {
  const ports = await agentPorts(ctx, 'unsubscribe');
  if (isReply(ports)) return ports;
  const t = tr(ctx);
  const filter = await filterFromSite(ctx, input.values, unsubscribeCommand.usage, t);
  if (isReply(filter)) return filter;
  const removed = await ports.unsubscribe(ctx.conversation, filter);
  if (removed === 0) {
    return confirm(filter
      ? t('commands:subscriptions.notSubscribedTo', { what: describeFilter(filter, t) })
      : t('commands:subscriptions.hadNone'));
  }
  const text = filter ? t('commands:subscriptions.noLongerAbout', { what: describeFilter(filter, t) }) : t('commands:subscriptions.noLongerAll', { count: removed });
  return confirm(text, 'public');
};

/** `unsubscribe [filter]`. */
export const unsubscribeCommand: CommandDeclaration = {
  name: 'unsubscribe',
  usage: `unsubscribe ${FILTER_USAGE}`,
  description: 'commands:describe.unsubscribe',
  who: 'agents',
  scopes: ['channel', 'group'],
  elsewhere: 'commands:subscriptions.sharedOnly',
  menus: [],
  args: { kind: 'filter' },
  verb: VERBS.unsubscribe,
  handles: { [VERBS.unsubscribe]: unsubscribe },
  answers: 'confirmation',
  examples: [{ name: 'unsubscribe one', typed: 'unsubscribe high', values: { kind: 'high' } }, { typed: 'unsubscribe' }],
  helpGroup: 'channel',
};

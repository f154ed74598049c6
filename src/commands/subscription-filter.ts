/** Shared by subscribe/unsubscribe/subscriptions: filter checking and wording. */
import { slaFilter, slaInner, type ConversationPorts, type SubscriptionFilter } from '../core';
import type { Vocabulary } from '../helpdesk/types';
import { matchValue } from '../views/format';
import { errorReply, tr } from './respond';
import { english, type Translate } from '../i18n';
import { valueLabel } from '../views/format';
import type { CommandContext, Reply } from './types';

/** How help writes the filter argument of subscribe and unsubscribe. */
export const FILTER_USAGE = '[all|high|space <id>|category <name>|status <status>] [sla]';

/**
 * `filterFrom` against the site's current values: a category or status the bot does not know yet
 * makes it read the site's columns once more first, so a value added on the site is accepted at once.
 */
export async function filterFromSite(ctx: CommandContext, values: Record<string, string> | undefined, usage: string, t: Translate): Promise<SubscriptionFilter | Reply | undefined> {
  const kind = values?.kind?.trim().toLowerCase();
  if (kind === 'category' || kind === 'status') await ctx.helpdesk.valuesFor(kind, values?.value?.trim());
  return filterFrom(values, ctx.helpdesk.vocabulary, usage, t);
}

/** Builds a filter from parsed or card values; statuses and categories are checked against the vocabulary. */
export function filterFrom(
  values: Record<string, string> | undefined,
  vocabulary: Vocabulary,
  usage: string,
  t: Translate = english,
): SubscriptionFilter | Reply | undefined {
  const kind = values?.kind?.trim().toLowerCase();
  if (!kind) return undefined;
  if (values?.sla) {
    const inner = filterFrom({ ...values, sla: '' }, vocabulary, usage, t);
    return inner && !isReply(inner) ? slaFilter(inner) : inner;
  }
  const value = values?.value?.trim() ?? '';
  switch (kind) {
    case 'all':
    case 'high':
      return { kind };
    case 'space':
      return value ? { kind, value } : errorReply(t('commands:filter.sayWhichSpace'), usage);
    case 'category': {
      const match = matchValue(vocabulary.categories, value);
      if (!match) return errorReply(t('commands:filter.notACategory', { value, choices: vocabulary.categories.join(', ') }), usage);
      return { kind, value: match };
    }
    case 'status': {
      const match = matchValue(vocabulary.statuses, value);
      if (!match) return errorReply(t('commands:filter.notAStatus', { value, choices: vocabulary.statuses.join(', ') }), usage);
      return { kind, value: match };
    }
    default:
      return errorReply(t('commands:filter.notAFilter', { kind }), usage);
  }
}

/** Human wording of a filter, e.g. "high-priority tickets". */
export function describeFilter(filter: SubscriptionFilter, t: Translate = english): string {
  switch (filter.kind) {
    case 'all':
    case 'high':
      return t(`commands:filter.${filter.kind}`);
    case 'space':
      return t('commands:filter.space', { value: filter.value });
    case 'category':
      return t('commands:filter.category', { value: valueLabel(t, 'category', filter.value ?? '') });
    case 'status':
      return t('commands:filter.status', { value: valueLabel(t, 'status', filter.value ?? '') });
    case 'sla':
      return t('commands:filter.sla', { what: describeFilter(slaInner(filter), t) });
  }
}

/** The conversation ports, or an error reply when this deployment has none. */
export function notificationPorts(ctx: CommandContext): ConversationPorts | Reply {
  return ctx.notifications ?? errorReply(tr(ctx)('commands:subscriptions.notSetUp'));
}

/** The refusal of a command only agents may run in a conversation (its language, its space), or undefined for an agent. */
export async function agentOnly(ctx: CommandContext, command: string): Promise<Reply | undefined> {
  if (await ctx.helpdesk.isAgent(ctx.actor.email)) return undefined;
  return errorReply(tr(ctx)('commands:subscriptions.agentsOnly', { command }));
}

/**
 * The notification ports for a command only agents may run (subscriptions, a conversation's
 * language), or the reply that refuses it. The ticket service cannot decide this (a subscription
 * is not a ticket operation), so the handler asks the service who is an agent.
 */
export async function agentPorts(ctx: CommandContext, command: string): Promise<ConversationPorts | Reply> {
  const ports = notificationPorts(ctx);
  if (isReply(ports)) return ports;
  return (await agentOnly(ctx, command)) ?? ports;
}

/** Type guard: a Reply rather than a value. */
export function isReply(value: unknown): value is Reply {
  return !!value && typeof value === 'object' && 'view' in value && 'visibility' in value;
}

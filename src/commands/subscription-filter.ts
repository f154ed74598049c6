/** Shared by subscribe/unsubscribe/subscriptions: filter checking and wording. */
import type { NotificationPorts, SubscriptionFilter } from '../core';
import type { Vocabulary } from '../helpdesk/types';
import { matchValue } from '../views/format';
import { errorReply } from './respond';
import type { CommandContext, Reply } from './types';

/** How help writes the filter argument of subscribe and unsubscribe. */
export const FILTER_USAGE = '[all|high|space <id>|category <name>|status <status>]';

/** Builds a filter from parsed or card values; statuses and categories are checked against the vocabulary. */
export function filterFrom(
  values: Record<string, string> | undefined,
  vocabulary: Vocabulary,
  usage: string,
): SubscriptionFilter | Reply | undefined {
  const kind = values?.kind?.trim().toLowerCase();
  if (!kind) return undefined;
  const value = values?.value?.trim() ?? '';
  switch (kind) {
    case 'all':
    case 'high':
      return { kind };
    case 'space':
      return value ? { kind, value } : errorReply('Say which space, e.g. `space main`.', usage);
    case 'category': {
      const match = matchValue(vocabulary.categories, value);
      if (!match) return errorReply(`“${value}” is not a category. Categories: ${vocabulary.categories.join(', ')}.`, usage);
      return { kind, value: match };
    }
    case 'status': {
      const match = matchValue(vocabulary.statuses, value);
      if (!match) return errorReply(`“${value}” is not a status. Statuses: ${vocabulary.statuses.join(', ')}.`, usage);
      return { kind, value: match };
    }
    default:
      return errorReply(`“${kind}” is not a filter. Use all, high, space <id>, category <name> or status <status>.`, usage);
  }
}

/** Human wording of a filter, e.g. "high-priority tickets". */
export function describeFilter(filter: SubscriptionFilter): string {
  switch (filter.kind) {
    case 'all':
      return 'all tickets';
    case 'high':
      return 'high-priority tickets';
    case 'space':
      return `tickets in space ${filter.value}`;
    case 'category':
      return `${filter.value} tickets`;
    case 'status':
      return `tickets with status ${filter.value}`;
  }
}

/** The notification ports, or an error reply when this deployment has none. */
export function notificationPorts(ctx: CommandContext): NotificationPorts | Reply {
  return ctx.notifications ?? errorReply('Notifications are not set up here, so there is nothing to subscribe to or mute.');
}

/**
 * Only agents manage channel subscriptions. The ticket service cannot decide this (a
 * subscription is not a ticket operation), so the handler asks the service who is an agent.
 */
export async function agentOnly(ctx: CommandContext, command: string): Promise<Reply | undefined> {
  if (await ctx.helpdesk.isAgent(ctx.actor.email)) return undefined;
  return errorReply(`Only help-desk agents can use \`${command}\`. Type \`help\` to see what you can do.`);
}

/** Channel subscriptions need a shared conversation; in a personal chat, say where to use them. */
export function sharedOnlyMessage(command: string): string {
  return `\`${command}\` works in a channel or group chat: it sends that conversation ticket updates. ` +
    'Use it there. Here, `notifications off|on` mutes or unmutes your direct messages.';
}

/** Type guard: a Reply rather than a value. */
export function isReply(value: unknown): value is Reply {
  return !!value && typeof value === 'object' && 'view' in value && 'visibility' in value;
}

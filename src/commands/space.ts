/**
 * `space [<id>|none]` (agents, channels and group chats; product 1.5+): binds a channel to one space of the help
 * desk. Tickets filed in a bound channel go to that space, `queue` and `search` show its tickets
 * (a button shows every space), and `subscribe` without a filter follows it. The binding is in the
 * store, so every replica sees it at once. Public confirmation when it changes.
 */
import { isPrivate, sameText, VERBS } from '../core';
import type { Translate } from '../i18n';
import type { ActionView, TicketListView } from '../views/types';
import type { CommandDeclaration } from './declaration';
import { byWhom, confirm, errorReply, tr } from './respond';
import { agentPorts, isReply } from './subscription-filter';
import type { CommandContext, Handler } from './types';

/** Words that remove a channel's binding. */
const NONE_WORDS = new Set(['none', 'off', 'clear', 'remove']);

/** The value a list button sends to show every space in a bound channel. */
export const ALL_SPACES = 'all';

/**
 * The space this conversation is bound to: channels and group chats can be; personal chats
 * follow HELPDESK_SPACE_ID alone. A binding to another space than the one the deployment serves
 * (HELPDESK_SPACE_ID changed since) is ignored, as the service would ignore it.
 */
export async function boundSpace(ctx: CommandContext): Promise<string | undefined> {
  if (isPrivate(ctx.conversation) || !ctx.notifications?.space) return undefined;
  const bound = await ctx.notifications.space(ctx.conversation);
  if (!bound) return undefined;
  const served = ctx.helpdesk.servedSpace;
  return served && !sameText(served, bound) ? undefined : bound;
}

/**
 * A list in a bound channel: its title says which space it shows, and a button switches between
 * that space and every space (`values` are the list's own, e.g. the queue's name or the search words).
 */
export function scopedList(ctx: CommandContext, list: TicketListView, scope: { bound?: string; shown?: string }, verb: ActionView['verb'], values: Record<string, string>): void {
  if (scope.bound) scopeList(tr(ctx), list, { ...scope, served: ctx.helpdesk.servedSpace }, verb, values);
}

/** scopedList in `t`'s language, given the space the deployment serves (HELPDESK_SPACE_ID), if any. */
export function scopeList(t: Translate, list: TicketListView, scope: { bound?: string; shown?: string; served?: string }, verb: ActionView['verb'], values: Record<string, string>): void {
  if (!scope.bound) return;
  if (scope.shown) {
    list.title = t('commands:space.listTitle', { title: list.title, space: scope.shown });
    // A deployment that serves one space (HELPDESK_SPACE_ID) has no other spaces to show.
    if (!scope.served) list.actions = [...(list.actions ?? []), { verb, title: t('commands:space.showAll'), data: { ...values, spaces: ALL_SPACES } }];
  } else {
    list.title = t('commands:space.allSpacesTitle', { title: list.title });
    list.actions = [...(list.actions ?? []), { verb, title: t('commands:space.showOnly', { space: scope.bound }), data: values }];
  }
}

/** The space a list shows: the bound one, unless the list's button asked for every space. */
export async function listScope(ctx: CommandContext, values: Record<string, string> | undefined): Promise<{ bound?: string; shown?: string }> {
  const bound = await boundSpace(ctx);
  return { bound, shown: bound && values?.spaces === ALL_SPACES && !ctx.helpdesk.servedSpace ? undefined : bound };
}

/** Shows, sets or removes this channel's space. */
const space: Handler = async (ctx, input) => {
  const ports = await agentPorts(ctx, 'space');
  if (isReply(ports)) return ports;
  const t = tr(ctx);
  if (!ports.space || !ports.setSpace) return errorReply(t('commands:subscriptions.notSetUp'));
  const typed = (input.values?.space ?? '').trim();
  const current = await ports.space(ctx.conversation);
  if (!typed) {
    if ((await ctx.helpdesk.hasSpaces()) === false) return errorReply(t('commands:space.noSpaces'));
    return confirm(current ? t('commands:space.current', { space: current }) : t('commands:space.unbound'));
  }
  if (NONE_WORDS.has(typed.toLowerCase())) {
    if (!current) return confirm(t('commands:space.wasNone'));
    await ports.setSpace(ctx.conversation, undefined, ctx.actor);
    return confirm(t('commands:space.removed', { space: current, by: byWhom(ctx) }), 'public');
  }
  const found = await ctx.helpdesk.findSpace(typed);
  switch (found.kind) {
    case 'no-spaces':
      return errorReply(t('commands:space.noSpaces'));
    case 'not-served':
      return errorReply(t('commands:space.notServed', { typed, served: found.served }), spaceCommand.usage);
    case 'unseen':
      return errorReply(t('commands:space.unseen', { typed }), spaceCommand.usage);
  }
  await ports.setSpace(ctx.conversation, found.spaceId, ctx.actor);
  return confirm(t('commands:space.bound', { space: found.spaceId, by: byWhom(ctx) }), 'public');
};

/** `space [<id>|none]`. */
export const spaceCommand: CommandDeclaration = {
  name: 'space',
  usage: 'space [<id>|none]',
  description: 'commands:describe.space',
  who: 'agents',
  scopes: ['channel', 'group'],
  elsewhere: 'commands:space.channelsOnly',
  menus: [],
  args: { kind: 'text', key: 'space' },
  verb: VERBS.space,
  handles: { [VERBS.space]: space },
  writes: true,
  answers: 'confirmation',
  examples: [{ typed: 'space' }, { name: 'space it', typed: 'space it', values: { space: 'it' } }],
  helpGroup: 'channel',
};

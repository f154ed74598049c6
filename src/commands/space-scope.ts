/**
 * A channel's space as the ticket core reads it: tickets filed in a bound channel go to that
 * space, `queue` and `search` show its tickets (a button shows every space), and `subscribe`
 * without a filter follows it. The binding itself is set by the spaces feature (`space <id>`).
 */
import { isPrivate, sameText } from '../core';
import type { Translate } from '../i18n';
import type { ActionView, TicketListView } from '../views/types';
import { tr } from './respond';
import type { CommandContext } from './types';
import { extensionsOf } from './extensions';

/** The value a list button sends to show every space in a bound channel. */
export const ALL_SPACES = 'all';

/**
 * The space this conversation is bound to: channels and group chats can be; personal chats
 * follow HELPDESK_SPACE_ID alone. A binding to another space than the one the deployment serves
 * (HELPDESK_SPACE_ID changed since) is ignored, as the service would ignore it.
 */
export async function boundSpace(ctx: CommandContext): Promise<string | undefined> {
  if (isPrivate(ctx.conversation)) return undefined;
  const bound = await extensionsOf(ctx).boundSpace(ctx);
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


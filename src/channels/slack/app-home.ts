/** Publishes the App Home tab: my open tickets and, for agents, what is due soon and the unassigned queue. */
import { dispatch } from '../../commands';
import { VERBS } from '../../core/verbs';
import { homeActions } from '../../views/help-view';
import { homeView, type HomeContent } from './blocks/home';
import { commandContext, type SlackDeps } from './command-context';
import { noEmailMessage } from './identity';
import { readerLocale } from './locale';

/** Builds and publishes the home tab for one user; `notice` reports the last button pressed there. */
export async function publishHome(deps: SlackDeps, userId: string, notice?: string): Promise<void> {
  const ctx = await commandContext(deps, userId, { platform: 'slack', id: '', kind: 'personal' });
  let content: HomeContent;
  if (!ctx) {
    const locale = await readerLocale(deps, userId);
    content = { mine: { type: 'error', error: { message: noEmailMessage(locale) } }, actions: homeActions(locale) };
  } else {
    const [mine, isAgent] = await Promise.all([dispatch(ctx, { verb: VERBS.mine }), deps.helpdesk.isAgent(ctx.actor.email)]);
    const queue = isAgent ? await dispatch(ctx, { verb: VERBS.queue, text: 'unassigned' }) : undefined;
    // Agents see what is due soonest (`queue due` as App Home asks it); a list without rows or any other answer (no such queue) is no part.
    const asked = isAgent ? (await dispatch(ctx, { verb: VERBS.queue, values: { queue: 'due', home: 'true' } })).view : undefined;
    const due = asked?.type === 'ticket-list' && asked.list.tickets.length > 0 ? asked : undefined;
    content = { mine: mine.view, queue: queue?.view, ...(due ? { due } : {}), notice, actions: homeActions(ctx.locale) };
  }
  await deps.client.views.publish({ user_id: userId, view: homeView(content) });
}

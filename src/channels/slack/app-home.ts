/** Publishes the App Home tab: my open tickets and, for agents, the unassigned queue. */
import { dispatch } from '../../commands';
import { VERBS } from '../../core/verbs';
import type { View } from '../../views/types';
import { homeView } from './blocks/home';
import { commandContext, type SlackDeps } from './context';
import { NO_EMAIL_MESSAGE } from './identity';

/** Builds and publishes the home tab for one user; `notice` reports the last button pressed there. */
export async function publishHome(deps: SlackDeps, userId: string, notice?: string): Promise<void> {
  const ctx = await commandContext(deps, userId, { platform: 'slack', id: '', kind: 'personal' });
  let content: { mine: View; queue?: View; notice?: string };
  if (!ctx) {
    content = { mine: { type: 'error', error: { message: NO_EMAIL_MESSAGE } } };
  } else {
    const [mine, isAgent] = await Promise.all([dispatch(ctx, { verb: VERBS.mine }), deps.helpdesk.isAgent(ctx.actor.email)]);
    const queue = isAgent ? await dispatch(ctx, { verb: VERBS.queue, text: 'unassigned' }) : undefined;
    content = { mine: mine.view, queue: queue?.view, notice };
  }
  await deps.client.views.publish({ user_id: userId, view: homeView(content) });
}

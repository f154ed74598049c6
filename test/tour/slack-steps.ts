/**
 * The tour's story on Slack, step by step: what Sam (requester), Dana and Lee (agents) do, each
 * step followed by clicking everything new the bot showed (the driver's explore).
 */
import type { Driver } from './slack-driver';
import { dmOf } from './slack-driver';
import { TOUR_PEOPLE, type SlackTourStack } from './slack-stack';

const { sam, dana, lee } = TOUR_PEOPLE;
/** The help desk's channel, subscribed to its tickets. */
export const IT = 'C0TOURIT01';

export async function runTour(s: SlackTourStack, d: Driver): Promise<void> {
  // Dana sets up the channel: its tickets come here.
  await d.slash(dana, IT, 'subscribe');
  await d.explore();

  // App Home, for a requester and an agent.
  for (const who of [sam, dana]) await d.event(who, 'App Home opened', { type: 'app_home_opened', user: who.id, channel: dmOf(who), tab: 'home', event_ts: '1732290000.000100' });
  await d.explore();

  // Filing: the slash command's modal in the channel, then the poller's card.
  await d.slash(sam, IT, 'new');
  await d.explore();
  await d.poll();
  await d.explore();
  void s;
  void lee;
}

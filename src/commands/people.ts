/** Names for the addresses on cards: the active agents' display names, read through the service's cache. */
import { addressKey } from '../core/vocabulary';
import { namesOf, type PeopleNames } from '../views/ticket-view';
import type { CommandContext } from './types';

/**
 * Display names by lower-cased address: the active agents and the person asking. A failed look-up
 * is not a failed command: the card then shows addresses where no other name is known.
 */
export async function peopleNames(ctx: CommandContext): Promise<PeopleNames> {
  const own: [string, string][] = ctx.actor.name ? [[addressKey(ctx.actor.email), ctx.actor.name]] : [];
  try {
    const agents = await ctx.helpdesk.activeAgents();
    return new Map([...own, ...namesOf(agents)]);
  } catch {
    // The service logged the Graph failure; the card shows addresses where no other name is known.
    return new Map(own);
  }
}

/** Names for the addresses on cards: the active agents' display names, read through the service's cache. */
import { addressKey } from '../core/vocabulary';
import type { PeopleNames } from '../views/ticket-view';
import type { CommandContext } from './types';

/**
 * Display names by lower-cased address. A failed look-up is not a failed command: the card then
 * shows addresses, as it did before names were known.
 */
export async function peopleNames(ctx: CommandContext): Promise<PeopleNames> {
  try {
    const agents = await ctx.helpdesk.activeAgents();
    return new Map(agents.filter((a) => a.name).map((a) => [addressKey(a.email), a.name]));
  } catch {
    return new Map();
  }
}

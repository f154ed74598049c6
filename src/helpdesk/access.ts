/** Who may do what: agents everything, requesters only their own tickets and public comments. */
import type { ServiceContext } from './context';
import { HelpdeskError, type Actor, type Ticket } from './types';
import { sameAddress } from './validate';

/** Throws 'forbidden' unless the actor is an active agent; `doing` completes "Only help-desk agents can …". */
export async function requireAgent(ctx: ServiceContext, actor: Actor, doing: string): Promise<void> {
  if (!(await ctx.agents.isAgent(actor.email))) {
    throw new HelpdeskError('forbidden', `Only help-desk agents can ${doing}.`);
  }
}

/** The message for a ticket a person may not see; the same as for a missing one so ids cannot be probed. */
export function notYours(id: number): string {
  return `Ticket #${id} was not found or is not yours.`;
}

/** True when the requester submitted the ticket. */
export function isOwner(actor: Actor, ticket: Ticket): boolean {
  return sameAddress(actor.email, ticket.submittedByEmail);
}

/** True when the ticket belongs to the configured space (or no space is configured). */
export function inSpace(ctx: ServiceContext, ticket: Ticket): boolean {
  return !ctx.settings.spaceId || ticket.spaceId === ctx.settings.spaceId;
}

/** Who may do what: agents everything, requesters only their own tickets and public comments. */
import { errorOf, say, type Message } from './error-messages';
import type { ServiceContext } from './context';
import { HelpdeskError, type Actor, type Ticket } from './types';
import { sameAddress } from './validate';

/** What only agents may do: each names a `helpdesk:agentsOnly.*` message ("Only help-desk agents can …"). */
export type AgentAction = 'claim' | 'assign' | 'status' | 'priority' | 'category' | 'resolve' | 'delete' | 'lookUpAssets' | 'registerAssets' | 'internalNotes';

/** Throws 'forbidden' unless the actor is an active agent. */
export async function requireAgent(ctx: ServiceContext, actor: Actor, doing: AgentAction): Promise<void> {
  if (!(await ctx.agents.isAgent(actor.email))) throw agentsOnly(doing);
}

/** The 'forbidden' error for something only agents may do. */
export function agentsOnly(doing: AgentAction): HelpdeskError {
  return errorOf('forbidden', say(`agentsOnly.${doing}`));
}

/** The message for a ticket a person may not see; the same as for a missing one so ids cannot be probed. */
export function notYours(id: number): Message {
  return say('notYours', { id });
}

/** True when the requester submitted the ticket. */
export function isOwner(actor: Actor, ticket: Ticket): boolean {
  return sameAddress(actor.email, ticket.submittedByEmail);
}

/** True when the ticket belongs to the configured space (or no space is configured). */
export function inSpace(ctx: ServiceContext, ticket: Ticket): boolean {
  return !ctx.settings.spaceId || ticket.spaceId === ctx.settings.spaceId;
}

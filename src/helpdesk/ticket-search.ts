/**
 * Ticket search, answered from the search index (no Graph request beyond the cached agents
 * list): the same rule as every read, requesters find only their own tickets, agents all.
 */
import { errorOf, say } from './error-messages';
import type { IndexedTicket, TicketIndex } from '../core/search';
import { sameAddress } from '../core/vocabulary';
import { inSpace } from './access';
import type { ServiceContext } from './context';
import { type Actor, type Ticket } from './types';

/** How many results a search returns unless asked for fewer. */
export const SEARCH_LIMIT = 25;

/** What a search asks: the typed text (empty = recent tickets or the open queue) and how many. */
export interface SearchRequest {
  text: string;
  limit?: number;
  /** Only this space's tickets (a channel bound to it); HELPDESK_SPACE_ID, when set, wins. */
  spaceId?: string;
}

/** The index's copy of a ticket, as the rest of the service names a ticket. */
export function ticketFromIndex(t: IndexedTicket): Ticket {
  const ticket: Ticket = {
    id: t.id,
    etag: t.etag,
    created: t.created,
    modified: t.modified,
    title: t.title,
    description: t.description,
    priority: t.priority,
    status: t.status,
    category: t.category,
    submittedBy: t.requesterName,
    submittedByName: t.requesterName,
    submittedByEmail: t.requesterEmail,
    assignedTo: t.assigneeEmail,
  };
  if (t.spaceId) ticket.spaceId = t.spaceId;
  return ticket;
}

/**
 * Most relevant first. With no words: a requester's most recent tickets, an agent's open queue.
 * Without an index (none configured) search is 'unavailable', never a slow list scan.
 */
export async function searchTickets(ctx: ServiceContext, index: TicketIndex | undefined, actor: Actor, request: SearchRequest): Promise<Ticket[]> {
  if (!index) throw errorOf('unavailable', say('searchUnavailable'));
  const agent = await ctx.agents.isAgent(actor.email);
  // Someone whose address is unknown owns no ticket, not the ones filed without an address.
  if (!agent && !actor.email.trim()) return [];
  const words = request.text.split(/\s+/).filter(Boolean);
  const limit = Math.min(Math.max(1, request.limit ?? SEARCH_LIMIT), 100);
  const found = await index.searchTickets({
    words,
    requesterEmail: agent ? undefined : actor.email.trim(),
    statuses: agent && !words.length ? ctx.vocabulary.openStatuses : undefined,
    spaceId: ctx.settings.spaceId ?? (request.spaceId?.trim() || undefined),
    limit,
  });
  // The index already narrowed by requester and space; checked again here as every read is.
  return found.map(ticketFromIndex).filter((t) => inSpace(ctx, t) && (agent || sameAddress(t.submittedByEmail, actor.email)));
}

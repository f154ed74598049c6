/**
 * The ticket search index as every layer names it: what one indexed ticket holds, how it is
 * asked, and the port the help-desk service reads it through (the Store implements it).
 */

/** One ticket as the search index keeps it: what ranking, authorization and a result list need. */
export interface IndexedTicket {
  id: number;
  etag: string;
  title: string;
  description: string;
  status: string;
  priority: string;
  category: string;
  requesterEmail: string;
  requesterName: string;
  /** Empty when unassigned. */
  assigneeEmail: string;
  assigneeName: string;
  /** The space (product 1.5+) the ticket belongs to, when any. */
  spaceId?: string;
  /** ISO 8601 UTC. */
  created: string;
  /** ISO 8601 UTC. */
  modified: string;
}

/** A search: typed words (empty = the most recent), narrowed by who may see what. */
export interface TicketSearch {
  /** Words as typed; a number (or `#12`) also matches that ticket id. */
  words: readonly string[];
  /** Only tickets this address requested (requesters); undefined = every ticket (agents). */
  requesterEmail?: string;
  /** Only tickets in one of these statuses. */
  statuses?: readonly string[];
  /** Only tickets of this space. */
  spaceId?: string;
  limit: number;
}

/**
 * The search index port. Results come most relevant first: the ticket whose id was typed, then
 * tickets matching more of the words, then the most recently modified.
 */
export interface TicketIndex {
  searchTickets(search: TicketSearch): Promise<IndexedTicket[]>;
}

/** Most words a search uses; more only cost time without narrowing much. */
export const MAX_SEARCH_WORDS = 8;

/** The ticket id a typed word names (`12`, `#12`), if it is one. */
export function ticketIdIn(word: string): number | undefined {
  const m = /^#?(\d{1,9})$/.exec(word.trim());
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** A problem with a portal URL pattern, or undefined when it is usable. */
export function ticketUrlPatternProblem(pattern: string): string | undefined {
  let url: URL;
  try {
    url = new URL(pattern.replace('{id}', '1'));
  } catch {
    // new URL refused it: that is the problem to report.
    return `"${pattern}" is not a URL (expected e.g. https://helpdesk.contoso.com/tickets/{id})`;
  }
  if (pattern.split('{id}').length !== 2) return 'must contain {id} exactly once, where the ticket number goes';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `must be an http(s) URL (got "${pattern}")`;
  return undefined;
}

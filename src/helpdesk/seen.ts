/**
 * The versions of tickets this service last read or wrote, so a change can be sent straight out
 * guarded by that version's etag (If-Match) instead of reading the ticket first. A stale entry
 * costs one refused PATCH (412) and a read, never a wrong write: the etag decides, not this memory.
 */
import { LRUCache } from 'lru-cache';
import type { Ticket } from './types';

/** How many ticket versions are kept; a few hundred bytes each. */
const KEPT = 2000;

/** Last seen versions of tickets, by id. */
export interface SeenTickets {
  /** The version last seen, if any. */
  get(id: number): Ticket | undefined;
  /** Remembers a version read or written; an older answer never replaces a newer one it raced with. */
  remember(ticket: Ticket): void;
  /** Drops what is known of a ticket (deleted, or its version was refused). */
  forget(id: number): void;
}

/** A bounded, least-recently-used memory of ticket versions. */
export function createSeenTickets(max = KEPT): SeenTickets {
  const cache = new LRUCache<number, Ticket>({ max });
  return {
    get: (id) => cache.get(id),
    remember(ticket) {
      if (!ticket.etag) return;
      const had = cache.get(ticket.id);
      if (had && Date.parse(had.modified) > Date.parse(ticket.modified)) return;
      cache.set(ticket.id, ticket);
    },
    forget: (id) => void cache.delete(id),
  };
}

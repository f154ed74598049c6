/**
 * The change feed notifications poll: a system read (no person, no authorisation filter) of
 * tickets modified and comments created since a time, oldest first, in pages of 5000 following
 * @odata.nextLink. When nothing changed each read is one request, whatever the list size.
 */
import type { HelpdeskSettings } from '../config';
import { isGraphError } from '../graph/errors';
import { f, type Filter } from '../graph/odata';
import type { GraphClient } from '../graph/types';
import { COMMENT, ORDER, TICKET, toComment, toTicket } from './fields';
import type { Comment, Ticket } from './types';

const PAGE = 5000;

/** What the poller reads; see src/notify/types.ts ChangeFeed. */
export interface ChangeFeedReader {
  ticketsModifiedSince(since: Date): AsyncIterable<Ticket>;
  commentsCreatedSince(since: Date): AsyncIterable<Comment>;
  /** One ticket by id (for a comment on a ticket that did not change); undefined when gone or outside the space. */
  getTicket(id: number): Promise<Ticket | undefined>;
}

/** Creates the change feed over a Graph client; honours the deployment's space, if any. */
export function createChangeFeed(graph: GraphClient, settings: Pick<HelpdeskSettings, 'spaceId'>): ChangeFeedReader {
  const inSpace = (t: Ticket) => !settings.spaceId || t.spaceId === settings.spaceId;
  const ticketFilter = (since: Date): Filter =>
    settings.spaceId ? f.and(f.ge(TICKET.modified, since), f.eq(TICKET.spaceId, settings.spaceId)) : f.ge(TICKET.modified, since);

  return {
    async *ticketsModifiedSince(since) {
      for await (const item of graph.listAll('SD_Tickets', { filter: ticketFilter(since), orderby: ORDER.modifiedAsc, top: PAGE })) {
        yield toTicket(item);
      }
    },
    async *commentsCreatedSince(since) {
      for await (const item of graph.listAll('SD_Comments', { filter: f.ge(COMMENT.created, since), orderby: ORDER.createdAsc, top: PAGE })) {
        yield toComment(item);
      }
    },
    async getTicket(id) {
      try {
        const t = toTicket(await graph.getItem('SD_Tickets', String(id)));
        return inSpace(t) ? t : undefined;
      } catch (err) {
        if (isGraphError(err, 'not-found')) return undefined;
        throw err;
      }
    },
  };
}

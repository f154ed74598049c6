/**
 * The change feed notifications poll: a system read (no person, no authorisation filter) of
 * tickets modified and comments created since a time, oldest first, in pages of 5000 following
 * @odata.nextLink. When nothing changed each read is one request, whatever the list size.
 */
import type { HelpdeskSettings } from '../config';
import { isGraphError } from '../graph/errors';
import { f, type Filter } from '../graph/odata';
import type { GraphClient, ListItem } from '../graph/types';
import type { Comment, Ticket } from './types';

const PAGE = 5000;

/** What the poller reads; see src/notify/types.ts ChangeFeed. */
export interface ChangeFeedReader {
  ticketsModifiedSince(since: Date): AsyncIterable<Ticket>;
  commentsCreatedSince(since: Date): AsyncIterable<Comment>;
  /** One ticket by id (for a comment on a ticket that did not change); undefined when gone or outside the space. */
  getTicket(id: number): Promise<Ticket | undefined>;
}

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** List item -> Ticket (kept in step with the service's own mapping). */
function toTicket(item: ListItem): Ticket {
  const x = item.fields;
  const t: Ticket = {
    id: Number(item.id),
    etag: item.etag,
    created: str(x.Created) || item.createdDateTime,
    modified: str(x.Modified) || item.lastModifiedDateTime,
    title: str(x.Title),
    description: str(x.SD_Description),
    priority: str(x.SD_Priority),
    status: str(x.SD_Status),
    category: str(x.SD_Category),
    submittedBy: str(x.SD_SubmittedBy),
    submittedByName: str(x.SD_SubmittedByName),
    submittedByEmail: str(x.SD_SubmittedByEmail),
    assignedTo: str(x.SD_AssignedTo),
  };
  if (x.SD_SpaceId !== undefined && x.SD_SpaceId !== null) t.spaceId = str(x.SD_SpaceId);
  return t;
}

/** List item -> Comment. */
function toComment(item: ListItem): Comment {
  const x = item.fields;
  return {
    id: Number(item.id),
    etag: item.etag,
    created: str(x.Created) || item.createdDateTime,
    modified: str(x.Modified) || item.lastModifiedDateTime,
    ticketId: Number(x.SD_TicketId),
    title: str(x.Title),
    body: str(x.SD_Body),
    authorEmail: str(x.SD_AuthorEmail),
    authorName: str(x.SD_AuthorName),
    isInternal: x.SD_IsInternal === true || x.SD_IsInternal === 'true' || x.SD_IsInternal === 1,
  };
}

/** Creates the change feed over a Graph client; honours the deployment's space, if any. */
export function createChangeFeed(graph: GraphClient, settings: Pick<HelpdeskSettings, 'spaceId'>): ChangeFeedReader {
  const inSpace = (t: Ticket) => !settings.spaceId || t.spaceId === settings.spaceId;
  const ticketFilter = (since: Date): Filter =>
    settings.spaceId ? f.and(f.ge('Modified', since), f.eq('SD_SpaceId', settings.spaceId)) : f.ge('Modified', since);

  return {
    async *ticketsModifiedSince(since) {
      for await (const item of graph.listAll('SD_Tickets', { filter: ticketFilter(since), orderby: 'fields/Modified asc', top: PAGE })) {
        yield toTicket(item);
      }
    },
    async *commentsCreatedSince(since) {
      for await (const item of graph.listAll('SD_Comments', { filter: f.ge('Created', since), orderby: 'fields/Created asc', top: PAGE })) {
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

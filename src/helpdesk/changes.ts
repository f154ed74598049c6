/**
 * The change feed notifications poll: a system read (no person, no authorisation filter) of
 * tickets modified and comments created since a time, oldest first, in pages of 5000 following
 * @odata.nextLink. When nothing changed each read is one request, whatever the list size.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { isGraphError } from '../graph/errors';
import { f, type Filter } from '../graph/odata';
import type { GraphClient, ListItem } from '../graph/types';
import { COMMENT, ORDER, TICKET, toComment, toTicket as itemToTicket } from './fields';
import type { Comment, ExtraColumn, Ticket } from './types';

const PAGE = 5000;
// A read of every ticket (first start, index fill) takes smaller pages: each page is let go
// before the next, so the bot's peak memory stays flat with 100,000 tickets (issue 11.3).
/** Page size of a read of every ticket. */
export const FULL_READ_PAGE = 1000;

/** Where changes come from: a system read of what changed since a time, oldest first. Declared once, here. */
export interface ChangeFeed {
  ticketsModifiedSince(since: Date): AsyncIterable<Ticket>;
  commentsCreatedSince(since: Date): AsyncIterable<Comment>;
  /**
   * Every ticket, page by page, with no filter or order on Modified, so SharePoint serves it on a
   * large list even before that column is indexed (first start, filling the search index).
   */
  allTickets?(): AsyncIterable<Ticket>;
}

/**
 * Resource units a minute a read of every ticket may spend (first start, a policy's first enable,
 * filling the search index). SharePoint allows an app 1,250 a minute and charges 2 for a list page;
 * the rest is left for commands and the comment reads, so a million tickets (1,000 pages) take two
 * minutes and never run into 429s.
 */
export const FULL_READ_RU_PER_MINUTE = 1000;
const PAGE_RU = 2;

/**
 * Every ticket through the feed (its unfiltered read when it has one, else everything since the
 * epoch), the page requests spaced evenly within `ruPerMinute`.
 */
export async function* everyTicket(feed: ChangeFeed, ruPerMinute = FULL_READ_RU_PER_MINUTE): AsyncGenerator<Ticket> {
  const began = Date.now();
  const pageMs = (60_000 * PAGE_RU) / ruPerMinute;
  let read = 0;
  for await (const t of feed.allTickets?.() ?? feed.ticketsModifiedSince(new Date(0))) {
    // The next page is asked for only when the reader wants the item after a page's last, so
    // waiting before a page's last item spaces the requests.
    if (++read % FULL_READ_PAGE === 0) {
      const due = began + (read / FULL_READ_PAGE) * pageMs - Date.now();
      if (due > 0) await sleep(due);
    }
    yield t;
  }
}

/** True when Graph refused a query outright (400, e.g. a column not indexed on a large list): retrying as is will not help. */
export function isRefusal(err: unknown): boolean {
  return isGraphError(err, 'bad-request');
}

/** What the bot itself just wrote on someone's behalf, from the answers Graph gave (no read again). */
export interface Written {
  actorEmail: string;
  /** Ticket versions written (created or PATCHed). */
  tickets?: Ticket[];
  /** Comments posted, each with its ticket as read for the write. */
  comments?: { comment: Comment; ticket: Ticket }[];
}

/** Takes what the bot wrote straight to notifications, so a change made in chat is told at once, not at the next poll. */
export interface WriteSink {
  /** Never throws: a failure only leaves the change to the next poll. */
  wrote(written: Written): Promise<void>;
}

/** The change feed this module builds: also one ticket by id (for a comment on a ticket that did not change). */
export interface ChangeFeedReader extends ChangeFeed {
  /** Undefined when the ticket is gone or outside the space. */
  getTicket(id: number): Promise<Ticket | undefined>;
}

/** What the feed knows of the site's columns: the service's schema as last read. */
export interface FeedColumns {
  /** The site's extra columns as last read: tickets carry their values, so the cards posted show them. */
  extra(): readonly ExtraColumn[] | undefined;
  /** Each ticket read: a value the schema lacks has the columns read again (HelpdeskService.sawTicket). */
  saw?(ticket: Ticket): void;
}

/** Creates the change feed over a Graph client; honours the deployment's space, if any. */
export function createChangeFeed(graph: GraphClient, settings: { spaceId?: string }, columns?: FeedColumns): ChangeFeedReader {
  const toTicket = (item: ListItem) => {
    const ticket = itemToTicket(item, { extra: columns?.extra() ?? [] });
    columns?.saw?.(ticket);
    return ticket;
  };
  const inSpace = (t: Ticket) => !settings.spaceId || t.spaceId === settings.spaceId;
  const ticketFilter = (since: Date): Filter =>
    settings.spaceId ? f.and(f.ge(TICKET.modified, since), f.eq(TICKET.spaceId, settings.spaceId)) : f.ge(TICKET.modified, since);

  return {
    async *ticketsModifiedSince(since) {
      for await (const item of graph.listAll('SD_Tickets', { filter: ticketFilter(since), orderby: ORDER.modifiedAsc, top: PAGE })) {
        yield toTicket(item);
      }
    },
    async *allTickets() {
      const query = { filter: settings.spaceId ? f.eq(TICKET.spaceId, settings.spaceId) : undefined, top: FULL_READ_PAGE };
      for await (const item of graph.listAll('SD_Tickets', query)) yield toTicket(item);
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

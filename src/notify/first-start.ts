/**
 * The poller's first start: remember every ticket as it is now (and fill the search index from
 * the same read), so later changes have something to compare with and nothing old is announced.
 */
import { everyTicket } from '../helpdesk/changes';
import type { Ticket } from '../helpdesk/types';
import type { Logger } from '../log';
import type { Store, TicketState } from '../store/types';
import { stateOf } from './detect';
import type { TicketIndexer } from './ports';
import type { ChangeFeed } from './types';

/** The watermarks the poller keeps. */
export const WM_TICKETS = 'tickets.modified';
export const WM_COMMENTS = 'comments.created';
/** When notifications started: tickets made since then that the poller first meets resolved are announced as resolved. */
export const WM_STARTED = 'notify.started';

// Small batches: what is held between writes stays young garbage, not a heap that grows with the list.
const BATCH = 500;
const isoSecond = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Seeds states and the index, sets both watermarks to `start` and returns that mark. */
export async function firstStart(feed: ChangeFeed, store: Store, search: TicketIndexer, logger: Logger, start: Date): Promise<string> {
  let batch: TicketState[] = [];
  let seeded = 0;
  // The search index is filled from this same read, in batches, so at most one batch of whole tickets is held.
  let indexBatch: Ticket[] = [];
  for await (const t of everyTicket(feed)) {
    indexBatch.push(t);
    if (indexBatch.length >= BATCH) {
      await search.index(indexBatch);
      indexBatch = [];
    }
    // Tickets changed inside the backfill window stay unknown, so they are announced.
    if (Date.parse(t.modified) >= start.getTime()) continue;
    batch.push(stateOf(t));
    if (batch.length >= BATCH) {
      await store.putTicketStates(batch);
      seeded += batch.length;
      batch = [];
    }
  }
  await store.putTicketStates(batch);
  await search.index(indexBatch);
  seeded += batch.length;
  const mark = isoSecond(start);
  await store.commitCycle({ watermarks: { [WM_TICKETS]: mark, [WM_COMMENTS]: mark, [WM_STARTED]: mark }, states: [], processedKeys: [] });
  logger.info('notifications start from now', { since: mark, ticketsKnown: seeded });
  return mark;
}

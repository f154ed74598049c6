/**
 * Keeps the Store's ticket search index current from what the poller already reads: the first
 * full read fills it, every cycle's changed tickets update it. No Graph request of its own,
 * except one full read when a store from before search existed has states but no index yet.
 */
import type { IndexedTicket } from '../../core/search';
import { addressKey } from '../../core/vocabulary';
import { everyTicket } from '../../helpdesk/changes';
import type { Ticket } from '../../helpdesk/types';
import type { Logger } from '../../log';
import type { Store } from '../../store/types';
import type { TicketIndexer } from '../../notify/ports';

/** Who the agents are, for assignee names (the ticket holds only the address). */
export type AgentNames = () => Promise<readonly { email: string; name: string }[]>;

/** The index's copy of a ticket; the assignee's name when known, else their address. */
export function indexedTicketOf(t: Ticket, names: ReadonlyMap<string, string>): IndexedTicket {
  const assignee = t.assignedTo.trim();
  const doc: IndexedTicket = {
    id: t.id,
    etag: t.etag,
    title: t.title,
    description: t.description,
    status: t.status,
    priority: t.priority,
    category: t.category,
    requesterEmail: t.submittedByEmail,
    requesterName: t.submittedByName || t.submittedBy,
    assigneeEmail: assignee,
    assigneeName: names.get(assignee.toLowerCase()) ?? assignee,
    created: t.created,
    modified: t.modified,
  };
  if (t.spaceId) doc.spaceId = t.spaceId;
  return doc;
}

/** What the poller calls (the feature's `index` port). */
export type SearchIndexer = TicketIndexer;

/** Creates the indexer; agent names are looked up once per batch and never fail a cycle. */
export function createSearchIndexer(store: Store, logger: Logger, agentNames?: AgentNames): SearchIndexer {
  let checked = false;
  async function names(): Promise<Map<string, string>> {
    try {
      return new Map((await agentNames?.())?.map((a) => [addressKey(a.email), a.name]) ?? []);
    } catch (err) {
      logger.debug('agent names unavailable; assignees indexed by address', { error: err });
      return new Map();
    }
  }
  const index = async (tickets: Ticket[]) => {
    if (!tickets.length) return;
    const known = await names();
    await store.indexTickets(tickets.map((t) => indexedTicketOf(t, known)));
  };
  return {
    index,
    async fillIfMissing(feed) {
      if (checked) return;
      if ((await store.indexedTicketCount()) === 0 && (await store.ticketStateCount()) > 0) {
        let batch: Ticket[] = [];
        let n = 0;
        for await (const t of everyTicket(feed)) {
          batch.push(t);
          if (batch.length >= 500) {
            await index(batch);
            n += batch.length;
            batch = [];
          }
        }
        await index(batch);
        logger.info('search index filled', { tickets: n + batch.length });
      }
      checked = true;
    },
  };
}

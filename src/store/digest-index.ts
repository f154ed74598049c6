/** What a channel digest counts, read from the search index: open tickets, and those changed since the last digest. */
import type { StoreSql } from './kysely';
import { indexedOf } from './search-terms';
import type { IndexedTicket } from '../core/search';

/** The index read digests make. */
export interface DigestIndex {
  /** Indexed tickets not in `doneStatuses`, and those modified at or after `since` (epoch ms). */
  digestTickets(since: number, doneStatuses: readonly string[]): Promise<IndexedTicket[]>;
}

/** The digests' read of the index on either engine. */
export function createDigestIndex({ db }: StoreSql): DigestIndex {
  return {
    async digestTickets(since, done) {
      const rows = await db
        .selectFrom('search_docs')
        .select(['id', 'etag', 'title', 'status', 'priority', 'category', 'requester_email', 'requester_name', 'assignee_email', 'assignee_name', 'space_id', 'created', 'modified'])
        .where((eb) => (done.length ? eb.or([eb('status', 'not in', [...done]), eb('modified_at', '>=', since)]) : eb.lit(true)))
        .execute();
      return rows.map((r) => indexedOf({ ...r, description: '' }));
    },
  };
}

/**
 * What a channel digest counts, read from the search index the poller keeps (the store's table, in
 * the same database): open tickets, and those changed since the last digest. No Graph request.
 */
import type { Kysely } from 'kysely';
import type { IndexedTicket } from '../../core/search';
import { indexedOf } from '../../store/search-terms';
import type { SearchDocsTable } from '../../store/tables';

/** The part of the store's database a digest reads: the search index. */
export interface DigestIndexTables {
  search_docs: SearchDocsTable;
}

/** Indexed tickets not in `doneStatuses`, and those modified at or after `since` (epoch ms). */
export async function digestTickets(db: Kysely<DigestIndexTables>, since: number, done: readonly string[]): Promise<IndexedTicket[]> {
  const rows = await db
    .selectFrom('search_docs')
    .select(['id', 'etag', 'title', 'status', 'priority', 'category', 'requester_email', 'requester_name', 'assignee_email', 'assignee_name', 'space_id', 'created', 'modified'])
    .where((eb) => (done.length ? eb.or([eb('status', 'not in', [...done]), eb('modified_at', '>=', since)]) : eb.lit(true)))
    .execute();
  return rows.map((r) => indexedOf({ ...r, description: '' }));
}

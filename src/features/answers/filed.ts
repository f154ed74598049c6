/**
 * Tickets filed in a period, for the answers' report ("questions answered without a ticket, next
 * to tickets filed"): the search index the poller keeps holds every ticket's creation time, so
 * the count costs no Graph request.
 */
import type { Kysely } from 'kysely';
import type { SearchDocsTable } from '../../store/tables';

/** The part of the store's database the count reads: the search index. */
export interface FiledTables {
  search_docs: Pick<SearchDocsTable, 'created'>;
}

/** Tickets created at or after `since` (ISO), as the search index holds them. */
export async function ticketsFiledSince(db: Kysely<FiledTables>, since: string): Promise<number> {
  // The index keeps Graph's second-precision "…:05Z"; compared as text, a `since` with milliseconds would sort after it.
  const from = new Date(since).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const r = await db.selectFrom('search_docs').select((eb) => eb.fn.countAll<number>().as('n')).where('created', '>=', from).executeTakeFirstOrThrow();
  return Number(r.n);
}

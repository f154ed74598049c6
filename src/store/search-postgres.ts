/**
 * The ticket search index on PostgreSQL: the same rows and ranking as SQLite FTS5, with a
 * tsvector column (GIN-indexed) over the engine-neutral terms of search-terms.ts. The `simple`
 * configuration is used, not a language one: ticket text mixes names, addresses, product codes
 * and languages, where stemming guesses wrong, and both engines must find the same tickets.
 */
import { ticketIdIn, type IndexedTicket, type TicketSearch } from '../core/search';
import { addressKey } from '../core/vocabulary';
import { documentTerms, epochMs, queryTerms, toIndexed } from './search-terms';
import type { SearchIndexStore } from './types';

type Row = Record<string, unknown>;

/** Runs one statement and returns its rows (the PostgreSQL store's pooled query). */
export type PgQuery = (sql: string, params?: unknown[]) => Promise<Row[]>;

/** The schema step that creates the index (a numbered PostgreSQL migration). */
export const PG_SEARCH_SCHEMA = `
  CREATE TABLE search_docs (
    id INTEGER PRIMARY KEY, etag TEXT NOT NULL, title TEXT NOT NULL, description TEXT NOT NULL,
    status TEXT NOT NULL, priority TEXT NOT NULL, category TEXT NOT NULL,
    requester_email TEXT NOT NULL, requester_name TEXT NOT NULL,
    assignee_email TEXT NOT NULL, assignee_name TEXT NOT NULL, space_id TEXT,
    created TEXT NOT NULL, modified TEXT NOT NULL, modified_at BIGINT NOT NULL,
    terms TEXT NOT NULL,
    tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', terms)) STORED
  );
  CREATE INDEX search_docs_tsv ON search_docs USING GIN (tsv);
  CREATE INDEX search_docs_recent ON search_docs (modified_at DESC, id DESC);
  CREATE INDEX search_docs_requester ON search_docs (requester_email, modified_at DESC);
`;

const BATCH = 2000;

/** The search methods over `query`; the table comes from PG_SEARCH_SCHEMA. */
export function createPgSearch(query: PgQuery): SearchIndexStore {
  return {
    async indexTickets(docs) {
      // One row per id (the latest read), so a batch never updates the same row twice.
      const latest = new Map<number, IndexedTicket>();
      for (const d of docs) {
        const had = latest.get(d.id);
        if (!had || epochMs(had.modified) <= epochMs(d.modified)) latest.set(d.id, d);
      }
      const all = [...latest.values()];
      for (let i = 0; i < all.length; i += BATCH) {
        const chunk = all.slice(i, i + BATCH);
        const col = <T>(f: (d: IndexedTicket) => T) => chunk.map(f);
        await query(
          `INSERT INTO search_docs (id, etag, title, description, status, priority, category, requester_email, requester_name,
             assignee_email, assignee_name, space_id, created, modified, modified_at, terms)
           SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
             $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::bigint[], $16::text[])
           ON CONFLICT (id) DO UPDATE SET etag = excluded.etag, title = excluded.title, description = excluded.description,
             status = excluded.status, priority = excluded.priority, category = excluded.category,
             requester_email = excluded.requester_email, requester_name = excluded.requester_name,
             assignee_email = excluded.assignee_email, assignee_name = excluded.assignee_name, space_id = excluded.space_id,
             created = excluded.created, modified = excluded.modified, modified_at = excluded.modified_at, terms = excluded.terms
           -- A late, older read of a ticket never replaces a newer one.
           WHERE search_docs.modified_at <= excluded.modified_at`,
          [
            col((d) => d.id), col((d) => d.etag), col((d) => d.title), col((d) => d.description), col((d) => d.status),
            col((d) => d.priority), col((d) => d.category), col((d) => addressKey(d.requesterEmail)), col((d) => d.requesterName),
            col((d) => addressKey(d.assigneeEmail)), col((d) => d.assigneeName), col((d) => d.spaceId ?? null),
            col((d) => d.created), col((d) => d.modified), col((d) => epochMs(d.modified)), col(documentTerms),
          ],
        );
      }
    },
    async removeFromIndex(ids) {
      if (ids.length) await query(`DELETE FROM search_docs WHERE id = ANY($1::int[])`, [ids]);
    },
    async indexedTicketCount() {
      const [r] = await query(`SELECT count(*)::int AS n FROM search_docs`);
      return r.n as number;
    },
    async searchTickets(s: TicketSearch) {
      const words = queryTerms(s.words);
      const id = s.words.map(ticketIdIn).find((n) => n !== undefined) ?? null;
      const params: unknown[] = [id];
      const p = (v: unknown) => `$${params.push(v)}`;
      // Each word is a phrase of its terms, the last one a prefix ("print" finds "printer").
      const matches = words.map((terms) => `d.tsv @@ to_tsquery('simple', ${p(terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(' <-> '))})`);
      const where: string[] = [];
      if (matches.length || id !== null) where.push(`(${['d.id = $1::int', ...matches].join(' OR ')})`);
      if (s.requesterEmail !== undefined) where.push(`d.requester_email = ${p(addressKey(s.requesterEmail))}`);
      if (s.statuses) where.push(`d.status = ANY(${p([...s.statuses])}::text[])`);
      if (s.spaceId !== undefined) where.push(`d.space_id = ${p(s.spaceId)}`);
      const hits = matches.length ? `${matches.map((m) => `(${m})::int`).join(' + ')} DESC, ` : '';
      const rows = await query(
        `SELECT d.id, d.etag, d.title, d.description, d.status, d.priority, d.category, d.requester_email, d.requester_name,
           d.assignee_email, d.assignee_name, d.space_id, d.created, d.modified
         FROM search_docs d ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY coalesce(d.id = $1::int, false) DESC, ${hits}d.modified_at DESC, d.id DESC LIMIT ${p(Math.max(0, s.limit))}`,
        params,
      );
      return rows.map(toIndexed);
    },
  };
}

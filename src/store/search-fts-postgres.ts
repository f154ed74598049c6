/**
 * The ticket search index on PostgreSQL: the same rows and ranking as SQLite FTS5, with a
 * tsvector column (GIN-indexed) over the engine-neutral terms of search-terms.ts. The `simple`
 * configuration is used, not a language one: ticket text mixes names, addresses, product codes
 * and languages, where stemming guesses wrong, and both engines must find the same tickets.
 */
import { ticketIdIn, type IndexedTicket, type TicketSearch } from '../core/search';
import { addressKey } from '../core/vocabulary';
import { documentTerms, epochMs, hasPhrase, isPrefixTerm, queryTerms, rankCandidates, SEARCH_CANDIDATES, toIndexed } from './search-terms';
import type { SearchIndexStore } from './types';

type Row = Record<string, unknown>;

/** Runs one statement and returns its rows (the PostgreSQL store's pooled query). */
export type PgQuery = (sql: string, params?: unknown[]) => Promise<Row[]>;

/** Most terms a prefix is searched as, one by one; a prefix standing for more is left to the GIN index. */
const EXPANSIONS = 8;

const BATCH = 2000;

/** How many of the newest tickets a search checks in id order before it asks the GIN index. */
const WINDOW = 20_000;

/** What a result shows (every column but the terms and the tsvector). */
const COLUMNS = `d.id, d.etag, d.title, d.description, d.status, d.priority, d.category, d.requester_email, d.requester_name,
  d.assignee_email, d.assignee_name, d.space_id, d.created, d.modified`;

type Select = (extra: ((p: (v: unknown) => string) => string)[], order: string, n: number, columns?: string) => Promise<Row[]>;

/**
 * The tickets with every word (id, modified_at; the filters applied), found from the side of a
 * rare exact word (a number, a short word), or undefined when none is rare. The GIN index reads
 * a prefix such as "user" (user, user1, user42, ...) in full before it intersects; an exact
 * word's first SEARCH_CANDIDATES + 1 matches cost a few milliseconds, and when it has fewer its
 * tickets are read and the other words checked on their terms, as the ranking does.
 */
async function fromRareWord(query: PgQuery, select: Select, words: string[][], match: string[]): Promise<Row[] | undefined> {
  for (const [i, terms] of words.entries()) {
    if (isPrefixTerm(terms[terms.length - 1])) continue;
    // No order: the planner takes the GIN index for a rare word and stops early on a common one.
    const hits = await query(`SELECT id FROM search_docs WHERE tsv @@ to_tsquery('simple', $1) LIMIT ${SEARCH_CANDIDATES + 1}`, [match[i]]);
    if (hits.length > SEARCH_CANDIDATES) continue;
    const rows = await select([(p) => `d.id = ANY(${p(hits.map((r) => r.id))}::int[])`], 'd.id DESC', SEARCH_CANDIDATES, 'd.id, d.modified_at, d.terms');
    return rows
      .filter((r) => { const held = String(r.terms).split(' '); return words.every((w) => hasPhrase(held, w)); })
      .map((r) => ({ id: r.id, modified_at: r.modified_at }));
  }
  return undefined;
}

/** The search methods over `query`; the table comes from step 4 of v15/postgres-steps.ts. */
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
        const terms = col(documentTerms);
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
            col((d) => d.created), col((d) => d.modified), col((d) => epochMs(d.modified)), terms,
          ],
        );
        // In one order, so two replicas indexing at once never wait on each other's terms crosswise.
        await query(`INSERT INTO search_terms (term) SELECT DISTINCT t FROM unnest($1::text[]) d, unnest(string_to_array(d, ' ')) t
          WHERE t <> '' ORDER BY t ON CONFLICT DO NOTHING`, [terms]);
      }
    },
    async removeFromIndex(ids) {
      if (ids.length) await query(`DELETE FROM search_docs WHERE id = ANY($1::int[])`, [ids]);
    },
    async indexedTicketCount() {
      const [r] = await query(`SELECT count(*)::int AS n FROM search_docs`);
      return Number(r.n);
    },
    async searchTickets(s: TicketSearch) {
      const words = queryTerms(s.words);
      const id = s.words.map(ticketIdIn).find((n) => n !== undefined);
      const limit = Math.max(0, s.limit);
      // One query: its conditions are written with `p`, which numbers each value it is given.
      type Where = (p: (v: unknown) => string) => string;
      const filters: Where[] = [];
      if (s.requesterEmail !== undefined) filters.push((p) => `d.requester_email = ${p(addressKey(s.requesterEmail!))}`);
      if (s.statuses) filters.push((p) => `d.status = ANY(${p([...s.statuses!])}::text[])`);
      if (s.spaceId !== undefined) filters.push((p) => `d.space_id = ${p(s.spaceId)}`);
      const select = (extra: Where[], order: string, n: number, columns = COLUMNS, from = 'search_docs') => {
        const params: unknown[] = [];
        const p = (v: unknown) => `$${params.push(v)}`;
        const where = [...extra, ...filters].map((w) => w(p));
        return query(`SELECT ${columns} FROM ${from} d
          ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order} LIMIT ${n}`, params);
      };
      /**
       * The newest SEARCH_CANDIDATES tickets matching `match`. The planner cannot tell a common
       * word from a rare one (prefix and phrase queries get fixed estimates), so the plan is
       * chosen here: the newest WINDOW tickets are checked in id order (enough for a common
       * word), and only when they hold too few matches is the rest asked through the GIN index.
       */
      const newest = async (match: Where, columns: string): Promise<Row[]> => {
        const window = `(SELECT id, modified_at, terms, tsv, status, space_id, requester_email FROM search_docs ORDER BY id DESC LIMIT ${WINDOW})`;
        const found = await select([match], 'd.id DESC', SEARCH_CANDIDATES, columns, window);
        if (found.length >= SEARCH_CANDIDATES) return found;
        const [edge] = await query(`SELECT id FROM search_docs ORDER BY id DESC OFFSET ${WINDOW - 1} LIMIT 1`);
        if (!edge) return found;
        // `d.id + 0` keeps the planner off the id index: the matches come from the GIN index.
        const older = await select([match, (p) => `d.id < ${p(edge.id)}`], 'd.id + 0 DESC', SEARCH_CANDIDATES - found.length, columns);
        return [...found, ...older];
      };
      const recent = 'd.modified_at DESC, d.id DESC';
      if (!words.length && id === undefined) return (await select([], recent, limit)).map(toIndexed);

      // The typed id first, then at most SEARCH_CANDIDATES candidates ranked by how many words
      // they hold: a requester's own newest tickets (the requester index), or for an agent the
      // newest tickets with every word, then (for several words, fewer than `limit` with every
      // one) with any of them.
      const rows: Row[] = id === undefined ? [] : await select([(p) => `d.id = ${p(id)}`], recent, 1);
      if (words.length) {
        // Each word is a phrase of its terms, the last one a prefix ("print" finds "printer"),
        // written out as the few terms it stands for when there are few.
        const match = await Promise.all(words.map(async (terms) => {
          const last = terms[terms.length - 1];
          if (!isPrefixTerm(last)) return terms.join(' <-> ');
          const found = (await query(`SELECT term FROM search_terms WHERE term >= $1 AND term < $2 ORDER BY term LIMIT ${EXPANSIONS + 1}`,
            [last, `${last}\u{10FFFF}`])).map((r) => String(r.term));
          const tail = !found.length || found.length > EXPANSIONS ? `${last}:*` : found.length === 1 ? found[0] : `(${found.join(' | ')})`;
          return [...terms.slice(0, -1), tail].join(' <-> ');
        }));
        const tsquery = (op: string): Where => (p) => `d.tsv @@ to_tsquery('simple', ${p(match.map((m) => `(${m})`).join(op))})`;
        const cheap = 'd.id, d.modified_at';
        let found: Row[];
        // A requester's own tickets through the requester index, matched by the ranking: the plan
        // stays the same whatever the planner thinks of a word.
        if (s.requesterEmail !== undefined) found = await select([], recent, SEARCH_CANDIDATES, `${cheap}, d.terms`);
        else {
          found = (words.length > 1 && (await fromRareWord(query, select, words, match))) || (await newest(tsquery(' & '), cheap));
          // With `limit` tickets holding every word, the ones with only some rank below them all.
          if (words.length > 1 && found.length < Math.min(limit, SEARCH_CANDIDATES)) found = [...found, ...(await newest(tsquery(' | '), `${cheap}, d.terms`))];
        }
        const best = rankCandidates(found, words).slice(0, limit).map((r) => Number(r.id));
        const full = best.length ? new Map((await query(`SELECT ${COLUMNS} FROM search_docs d WHERE d.id = ANY($1::int[])`, [best])).map((r) => [r.id, r])) : new Map();
        rows.push(...best.flatMap((id) => full.get(id) ?? []));
      }
      const seen = new Set<unknown>();
      return rows.filter((r) => !seen.has(r.id) && seen.add(r.id)).slice(0, limit).map(toIndexed);
    },
  };
}

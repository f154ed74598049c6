/**
 * The ticket search index in SQLite: a plain table of what results show, and an FTS5 table of
 * terms keyed by ticket id (schema step SQLITE_SEARCH_SCHEMA, a numbered migration in schema.ts).
 */
import type Database from 'better-sqlite3';
import { ticketIdIn, type IndexedTicket, type TicketSearch } from '../core/search';
import { addressKey } from '../core/vocabulary';
import { documentTerms, epochMs, queryTerms, toIndexed } from './search-terms';
import type { SearchIndexStore } from './types';

type Row = Record<string, unknown>;

/** The schema step that creates the index. */
export const SQLITE_SEARCH_SCHEMA = `
  CREATE TABLE IF NOT EXISTS search_docs (
    id INTEGER PRIMARY KEY, etag TEXT NOT NULL, title TEXT NOT NULL, description TEXT NOT NULL,
    status TEXT NOT NULL, priority TEXT NOT NULL, category TEXT NOT NULL,
    requester_email TEXT NOT NULL, requester_name TEXT NOT NULL,
    assignee_email TEXT NOT NULL, assignee_name TEXT NOT NULL, space_id TEXT,
    created TEXT NOT NULL, modified TEXT NOT NULL, modified_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS search_docs_recent ON search_docs (modified_at DESC, id DESC);
  CREATE INDEX IF NOT EXISTS search_docs_requester ON search_docs (requester_email, modified_at DESC);
  CREATE VIRTUAL TABLE IF NOT EXISTS search_fts USING fts5 (terms, tokenize = 'unicode61 remove_diacritics 2');
`;

/** The search methods over `db` (its schema migrated). */
export function createSqliteSearch(db: Database.Database): SearchIndexStore {
  const q = {
    current: db.prepare(`SELECT modified_at FROM search_docs WHERE id = ?`),
    put: db.prepare(`INSERT OR REPLACE INTO search_docs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    unterm: db.prepare(`DELETE FROM search_fts WHERE rowid = ?`),
    term: db.prepare(`INSERT INTO search_fts (rowid, terms) VALUES (?, ?)`),
    drop: db.prepare(`DELETE FROM search_docs WHERE id = ?`),
    count: db.prepare(`SELECT count(*) AS n FROM search_docs`),
  };
  const index = db.transaction((docs: IndexedTicket[]) => {
    for (const d of docs) {
      const at = epochMs(d.modified);
      const cur = q.current.get(d.id) as { modified_at: number } | undefined;
      // A late, older read of a ticket never replaces a newer one.
      if (cur && cur.modified_at > at) continue;
      q.put.run(d.id, d.etag, d.title, d.description, d.status, d.priority, d.category, addressKey(d.requesterEmail), d.requesterName,
        addressKey(d.assigneeEmail), d.assigneeName, d.spaceId ?? null, d.created, d.modified, at);
      q.unterm.run(d.id);
      q.term.run(d.id, documentTerms(d));
    }
  });
  const remove = db.transaction((ids: number[]) => {
    for (const id of ids) {
      q.drop.run(id);
      q.unterm.run(id);
    }
  });

  return {
    async indexTickets(docs) {
      if (docs.length) index(docs);
    },
    async removeFromIndex(ids) {
      if (ids.length) remove(ids);
    },
    async indexedTicketCount() {
      return (q.count.get() as { n: number }).n;
    },
    async searchTickets(s: TicketSearch) {
      const words = queryTerms(s.words);
      const id = s.words.map(ticketIdIn).find((n) => n !== undefined);
      const limit = Math.max(0, s.limit);
      const filters: string[] = [];
      const filterParams: unknown[] = [];
      if (s.requesterEmail !== undefined) {
        filters.push('d.requester_email = ?');
        filterParams.push(addressKey(s.requesterEmail));
      }
      if (s.statuses) {
        filters.push(`d.status IN (${s.statuses.map(() => '?').join(',') || 'NULL'})`);
        filterParams.push(...s.statuses);
      }
      if (s.spaceId !== undefined) {
        filters.push('d.space_id = ?');
        filterParams.push(s.spaceId);
      }
      const select = (where: string[], params: unknown[], order: string, n: number) =>
        db.prepare(`SELECT d.* FROM search_docs d WHERE ${[...where, ...filters].join(' AND ') || '1'} ORDER BY ${order} LIMIT ?`)
          .all(...params, ...filterParams, n) as Row[];
      const recent = 'd.modified_at DESC, d.id DESC';
      if (!words.length && id === undefined) return select([], [], recent, limit).map(toIndexed);

      // Most relevant first, in steps that stop once the page is full: the typed id, then tickets
      // with every word (most recent first), then those with some of the words (most words first).
      const out: Row[] = [];
      const seen = new Set<number>();
      const add = (rows: Row[]) => {
        for (const r of rows) if (out.length < limit && !seen.has(r.id as number)) (seen.add(r.id as number), out.push(r));
      };
      if (id !== undefined) add(select(['d.id = ?'], [id], recent, 1));
      // Each word is a phrase of its terms, the last one a prefix ("print" finds "printer").
      const phrases = words.map((terms) => `"${terms.join(' ')}"*`);
      const matching = 'd.id IN (SELECT rowid FROM search_fts WHERE search_fts MATCH ?)';
      if (phrases.length && out.length < limit) add(select([matching], [phrases.join(' AND ')], recent, limit + 1));
      if (phrases.length > 1 && out.length < limit) {
        const hits = phrases.map(() => `(d.id IN (SELECT rowid FROM search_fts WHERE search_fts MATCH ?))`).join(' + ');
        const rows = db.prepare(`SELECT d.*, ${hits} AS hits FROM search_docs d WHERE ${[matching, ...filters].join(' AND ')}
          ORDER BY hits DESC, ${recent} LIMIT ?`).all(...phrases, phrases.join(' OR '), ...filterParams, limit + seen.size) as Row[];
        add(rows);
      }
      return out.map(toIndexed);
    },
  };
}

/**
 * The ticket search index in SQLite: a plain table of what results show, and an FTS5 table of
 * terms keyed by ticket id (steps 4 and 15 of v15/sqlite-steps.ts).
 */
import type Database from 'better-sqlite3';
import { ticketIdIn, type IndexedTicket, type TicketSearch } from '../core/search';
import { addressKey } from '../core/vocabulary';
import { documentTerms, epochMs, hasPhrase, isPrefixTerm, queryTerms, rankCandidates, SEARCH_CANDIDATES, toIndexed } from './search-terms';
import type { SearchIndexStore } from './types';

type Row = Record<string, unknown>;
const isRow = (r: unknown): r is Row => typeof r === 'object' && r !== null;
const rowOf = (r: unknown): Row | undefined => (isRow(r) ? r : undefined);

/** Most terms a prefix is searched as, one by one; a prefix standing for more is left to FTS5. */
const EXPANSIONS = 8;

/** The search methods over `db` (its schema migrated). */
export function createSqliteSearch(db: Database.Database): SearchIndexStore {
  const q = {
    current: db.prepare(`SELECT modified_at FROM search_docs WHERE id = ?`),
    put: db.prepare(`INSERT OR REPLACE INTO search_docs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    unterm: db.prepare(`DELETE FROM search_fts WHERE rowid = ?`),
    term: db.prepare(`INSERT INTO search_fts (rowid, terms) VALUES (?, ?)`),
    drop: db.prepare(`DELETE FROM search_docs WHERE id = ?`),
    count: db.prepare(`SELECT count(*) AS n FROM search_docs`),
    remember: db.prepare(`INSERT OR IGNORE INTO search_terms (term) VALUES (?)`),
    expand: db.prepare(`SELECT term FROM search_terms WHERE term >= ? AND term < ? ORDER BY term LIMIT ${EXPANSIONS + 1}`),
    probe: db.prepare(`SELECT rowid FROM search_fts WHERE search_fts MATCH ? ORDER BY rowid DESC LIMIT ${SEARCH_CANDIDATES + 1}`),
  };
  const index = db.transaction((docs: IndexedTicket[]) => {
    const seen = new Set<string>();
    for (const d of docs) {
      const at = epochMs(d.modified);
      const cur = rowOf(q.current.get(d.id));
      // A late, older read of a ticket never replaces a newer one.
      if (cur && Number(cur.modified_at) > at) continue;
      q.put.run(d.id, d.etag, d.title, d.description, d.status, d.priority, d.category, addressKey(d.requesterEmail), d.requesterName,
        addressKey(d.assigneeEmail), d.assigneeName, d.spaceId ?? null, d.created, d.modified, at);
      q.unterm.run(d.id);
      const terms = documentTerms(d);
      q.term.run(d.id, terms);
      for (const t of terms.split(' ')) seen.add(t);
    }
    for (const t of seen) if (t) q.remember.run(t);
  });
  const remove = db.transaction((ids: number[]) => {
    for (const id of ids) {
      q.drop.run(id);
      q.unterm.run(id);
    }
  });

  /**
   * At most SEARCH_CANDIDATES candidates (id, modified_at, terms where needed). A requester's own
   * tickets come from the requester index (newest first) and are matched by the ranking; an
   * agent's from FTS5 walking its matches newest ticket first, stopping once enough pass the
   * filters: the tickets with every word, then (for several words, when fewer than `limit` hold
   * them all) those with any of them. With `limit` tickets holding every word, the ones with only
   * some rank below them all, so looking for them would change nothing shown.
   */
  const candidates = (words: string[][], where: string, params: unknown[], own: boolean, limit: number): Row[] => {
    if (own) {
      return db.prepare(`SELECT d.id, d.modified_at, f.terms FROM (SELECT id, modified_at FROM search_docs d WHERE ${where}
        ORDER BY d.modified_at DESC, d.id DESC LIMIT ${SEARCH_CANDIDATES}) d CROSS JOIN search_fts f ON f.rowid = d.id`).all(...params).filter(isRow);
    }
    const phrases = words.map(phraseOf);
    const walk = (match: string, terms: string) => db.prepare(`SELECT d.id, d.modified_at${terms} FROM search_fts f
      CROSS JOIN search_docs d ON d.id = f.rowid WHERE search_fts MATCH ? AND ${where}
      ORDER BY f.rowid DESC LIMIT ${SEARCH_CANDIDATES}`).all(match, ...params).filter(isRow);
    const every = (phrases.length > 1 && fromRareWord(words, phrases, where, params)) || walk(phrases.join(' AND '), '');
    return phrases.length > 1 && every.length < Math.min(limit, SEARCH_CANDIDATES) ? [...every, ...walk(phrases.join(' OR '), ', f.terms')] : every;
  };

  /**
   * A word as an FTS5 phrase of its terms, the last one a prefix ("print" finds "printer"): as
   * the few terms the prefix stands for when there are few, else as FTS5's own prefix query.
   */
  const phraseOf = (terms: string[]): string => {
    const last = terms[terms.length - 1];
    const exact = (t: string) => `"${[...terms.slice(0, -1), t].join(' ')}"`;
    if (!isPrefixTerm(last)) return exact(last);
    const found = q.expand.all(last, `${last}\u{10FFFF}`).filter(isRow).map((r) => String(r.term));
    if (!found.length || found.length > EXPANSIONS) return `${exact(last)}*`;
    return found.length === 1 ? exact(found[0]) : `(${found.map(exact).join(' OR ')})`;
  };

  /**
   * The tickets with every word, found from the side of a rare one, or undefined when no word is
   * known to be rare. FTS5 intersects by reading each word's whole list, and a prefix such as
   * "user" (user, user1, user42, ...) is merged from thousands of lists first: "user 42" took
   * 400 ms on a million tickets. An exact word (a number, a short word, an address's last part)
   * costs a millisecond to count up to SEARCH_CANDIDATES; when one holds fewer, all its tickets
   * are read and the other words checked on their terms, as the ranking does.
   */
  const fromRareWord = (words: string[][], phrases: string[], where: string, params: unknown[]): Row[] | undefined => {
    for (const [i, terms] of words.entries()) {
      if (isPrefixTerm(terms[terms.length - 1]) && phrases[i].endsWith('*')) continue;
      const ids = q.probe.all(phrases[i]).filter(isRow).map((r) => r.rowid);
      if (ids.length > SEARCH_CANDIDATES) continue;
      const rows = db.prepare(`SELECT d.id, d.modified_at, f.terms FROM search_docs d CROSS JOIN search_fts f ON f.rowid = d.id
        WHERE d.id IN (SELECT value FROM json_each(?)) AND ${where} ORDER BY d.id DESC`).all(JSON.stringify(ids), ...params).filter(isRow);
      return rows
        .filter((r) => { const held = String(r.terms).split(' '); return words.every((w) => hasPhrase(held, w)); })
        .map((r) => ({ id: r.id, modified_at: r.modified_at }));
    }
    return undefined;
  };

  return {
    async indexTickets(docs) {
      if (docs.length) index(docs);
    },
    async removeFromIndex(ids) {
      if (ids.length) remove(ids);
    },
    async indexedTicketCount() {
      return Number(rowOf(q.count.get())?.n ?? 0);
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
      const where = (extra: string[]) => [...extra, ...filters].join(' AND ') || '1';
      const select = (extra: string[], params: unknown[], n: number) =>
        db.prepare(`SELECT d.* FROM search_docs d WHERE ${where(extra)} ORDER BY d.modified_at DESC, d.id DESC LIMIT ?`)
          .all(...params, ...filterParams, n).filter(isRow);
      if (!words.length && id === undefined) return select([], [], limit).map(toIndexed);

      // The typed id first, then the candidates ranked by how many words they hold.
      const out: Row[] = [];
      const seen = new Set<number>();
      const add = (rows: Row[]) => {
        for (const r of rows) if (out.length < limit && !seen.has(Number(r.id))) (seen.add(Number(r.id)), out.push(r));
      };
      if (id !== undefined) add(select(['d.id = ?'], [id], 1));
      if (words.length) {
        const best = rankCandidates(candidates(words, where([]), filterParams, s.requesterEmail !== undefined, limit), words).slice(0, limit);
        const rows = new Map<unknown, Row>((db.prepare(`SELECT * FROM search_docs WHERE id IN (${best.map(() => '?').join(',')})`)
          .all(...best.map((r) => r.id)).filter(isRow)).map((r) => [r.id, r]));
        add(best.flatMap((r): Row[] => { const row = rows.get(r.id); return row ? [row] : []; }));
      }
      return out.map(toIndexed);
    },
  };
}

/**
 * How ticket text becomes search terms, shared by both engines so SQLite FTS5 and PostgreSQL
 * full text find the same tickets: lower case, accents dropped, split at anything that is not a
 * letter or digit (so `dana@contoso.com` is the terms dana, contoso, com). No stemming: ticket
 * text mixes names, addresses, product codes and languages, where a stemmer guesses wrong.
 */
import { MAX_SEARCH_WORDS, type IndexedTicket } from '../core/search';

/** The terms of a text, in order. */
export function termsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Everything a ticket is found by, as one space-separated term string. */
export function documentTerms(t: IndexedTicket): string {
  return termsOf(
    [t.title, t.description, t.status, t.priority, t.category, t.requesterName, t.requesterEmail, t.assigneeName, t.assigneeEmail].join(' '),
  ).join(' ');
}

/**
 * Typed words -> one term list per word (a word such as an address is several terms that must
 * follow each other); words with no letters or digits are dropped, duplicates once.
 */
export function queryTerms(words: readonly string[]): string[][] {
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const w of words) {
    const terms = termsOf(w);
    const key = terms.join(' ');
    if (!terms.length || seen.has(key)) continue;
    seen.add(key);
    out.push(terms);
    if (out.length >= MAX_SEARCH_WORDS) break;
  }
  return out;
}

/** Epoch ms of an ISO time (0 when unreadable), for ordering by recency. */
export function epochMs(iso: string): number {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? t : 0;
}

/** A search_docs row (either engine; same column names) as the index's ticket. */
export function toIndexed(r: Record<string, unknown>): IndexedTicket {
  const text = (v: unknown) => String(v ?? '');
  return indexedOf({
    id: Number(r.id),
    etag: text(r.etag),
    title: text(r.title),
    description: text(r.description),
    status: text(r.status),
    priority: text(r.priority),
    category: text(r.category),
    requester_email: text(r.requester_email),
    requester_name: text(r.requester_name),
    assignee_email: text(r.assignee_email),
    assignee_name: text(r.assignee_name),
    space_id: typeof r.space_id === 'string' ? r.space_id : null,
    created: text(r.created),
    modified: text(r.modified),
  });
}

/** A search_docs row as Kysely reads it (modified_at aside). */
export type DocRow = Omit<import('kysely').Selectable<import('./tables').SearchDocsTable>, 'modified_at'>;

/** A typed search_docs row as the ticket it indexes. */
export function indexedOf(r: DocRow): IndexedTicket {
  const t: IndexedTicket = {
    id: r.id,
    etag: r.etag,
    title: r.title,
    description: r.description,
    status: r.status,
    priority: r.priority,
    category: r.category,
    requesterEmail: r.requester_email,
    requesterName: r.requester_name,
    assigneeEmail: r.assignee_email,
    assigneeName: r.assignee_name,
    created: r.created,
    modified: r.modified,
  };
  if (r.space_id) t.spaceId = r.space_id;
  return t;
}

/** Most rows one search ranks: the newest matches by the index's own cheap order (ticket id or recency). */
export const SEARCH_CANDIDATES = 1000;

/**
 * Whether a typed word's last term also finds longer terms ("print" finds "printer"). Numbers and
 * one- or two-letter terms match exactly: "3" is not "30" or "3000", and a prefix that short
 * would make every search walk most of the index.
 */
export function isPrefixTerm(term: string): boolean {
  return term.length >= 3 && !/^\p{N}+$/u.test(term);
}

/** True when `terms` holds `phrase` as consecutive terms, its last term as the engines match it. */
export function hasPhrase(terms: readonly string[], phrase: readonly string[]): boolean {
  const last = phrase.length - 1;
  const lastMatches = isPrefixTerm(phrase[last]) ? (t: string) => t.startsWith(phrase[last]) : (t: string) => t === phrase[last];
  for (let i = 0; i + last < terms.length; i++) {
    let k = 0;
    while (k < last && terms[i + k] === phrase[k]) k++;
    if (k === last && lastMatches(terms[i + last])) return true;
  }
  return false;
}

/**
 * Candidate rows (`id`, `modified_at`, and `terms` unless the row is known to hold every word) in
 * relevance order: most of the typed words first, then the most recently modified; rows matching
 * none of them are dropped. Both engines rank with this one function over a bounded candidate
 * set, so they agree and a common word costs no more than a rare one.
 */
export function rankCandidates(rows: readonly Record<string, unknown>[], words: readonly string[][]): Record<string, unknown>[] {
  const seen = new Set<unknown>();
  const scored: { row: Record<string, unknown>; hits: number; at: number }[] = [];
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    const terms = row.terms === undefined ? undefined : String(row.terms).split(' ');
    const hits = terms ? words.reduce((n, phrase) => n + (hasPhrase(terms, phrase) ? 1 : 0), 0) : words.length;
    if (hits) scored.push({ row, hits, at: Number(row.modified_at) });
  }
  scored.sort((a, b) => b.hits - a.hits || b.at - a.at || Number(b.row.id) - Number(a.row.id));
  return scored.map((s) => s.row);
}

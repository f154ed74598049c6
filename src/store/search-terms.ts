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
  const t: IndexedTicket = {
    id: r.id as number,
    etag: r.etag as string,
    title: r.title as string,
    description: r.description as string,
    status: r.status as string,
    priority: r.priority as string,
    category: r.category as string,
    requesterEmail: r.requester_email as string,
    requesterName: r.requester_name as string,
    assigneeEmail: r.assignee_email as string,
    assigneeName: r.assignee_name as string,
    created: r.created as string,
    modified: r.modified as string,
  };
  if (r.space_id) t.spaceId = r.space_id as string;
  return t;
}

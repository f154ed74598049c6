/**
 * The search index contract of the Store: every engine (SQLite FTS5, PostgreSQL full text) must
 * pass these cases, so a search finds the same tickets in the same order whichever is configured.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IndexedTicket } from '../../src/core';
import type { Store } from '../../src/store';

/** Opens a fresh, empty store; `close` also removes what it created. */
export type OpenStore = () => Promise<{ store: Store; close(): Promise<void> }>;

/** A ticket as the index keeps it, with the fields a test does not care about filled in. */
export function indexed(id: number, over: Partial<IndexedTicket> = {}): IndexedTicket {
  return {
    id,
    etag: `"e${id},1"`,
    title: `Ticket ${id}`,
    description: '',
    status: 'New',
    priority: 'Normal',
    category: 'General',
    requesterEmail: 'lynner@example.com',
    requesterName: 'Lynne Robbins',
    assigneeEmail: '',
    assigneeName: '',
    created: '2026-11-01T09:00:00Z',
    modified: `2026-11-${String(1 + (id % 28)).padStart(2, '0')}T09:00:00Z`,
    ...over,
  };
}

const ids = (tickets: IndexedTicket[]) => tickets.map((t) => t.id);

/** Registers the contract cases against `open`. */
export function searchIndexContract(engine: string, open: OpenStore): void {
  describe(`search index contract (${engine})`, () => {
    let store: Store;
    let close: () => Promise<void>;
    beforeEach(async () => {
      ({ store, close } = await open());
      await store.indexTickets([
        indexed(1, { title: 'VPN drops every hour', description: 'The Cisco client disconnects.', category: 'Network', modified: '2026-11-10T08:00:00Z' }),
        indexed(2, { title: 'Printer jammed', description: 'Third floor printer shows error 50.4', category: 'Hardware', modified: '2026-11-12T08:00:00Z' }),
        indexed(3, { title: 'VPN password reset', description: 'Locked out of the VPN', category: 'Access', status: 'Resolved', modified: '2026-11-11T08:00:00Z',
          requesterEmail: 'gradya@example.com', requesterName: 'Grady Archie', assigneeEmail: 'dana@example.com', assigneeName: 'Dana Agent' }),
        indexed(12, { title: 'New laptop for Zoë', description: 'Ticket about hardware, mentions 3', modified: '2026-11-05T08:00:00Z' }),
        indexed(30, { title: 'Outlook crashes', description: 'Outlook crashes when opening the VPN guide attachment', modified: '2026-11-13T08:00:00Z' }),
      ]);
    });
    afterEach(async () => close());

    it('finds tickets by words of the title and description, all words before some, then the most recent', async () => {
      expect(ids(await store.searchTickets({ words: ['vpn'], limit: 10 }))).toEqual([30, 3, 1]);
      // 1 and 3 have both words; 30 has only "vpn".
      expect(ids(await store.searchTickets({ words: ['VPN', 'password'], limit: 10 }))).toEqual([3, 30, 1]);
      expect(ids(await store.searchTickets({ words: ['printer', 'jammed'], limit: 10 }))).toEqual([2]);
    });

    it('matches a word as a prefix, ignores case and accents, and finds nothing for unknown words', async () => {
      expect(ids(await store.searchTickets({ words: ['print'], limit: 10 }))).toEqual([2]);
      expect(ids(await store.searchTickets({ words: ['zoe'], limit: 10 }))).toEqual([12]);
      expect(ids(await store.searchTickets({ words: ['ZOË'], limit: 10 }))).toEqual([12]);
      expect(await store.searchTickets({ words: ['kubernetes'], limit: 10 })).toEqual([]);
      // A number or a two-letter word is exact: "50" does not find "50.4"'s neighbours such as "500".
      await store.indexTickets([indexed(60, { title: 'Error 500 on the portal', modified: '2026-11-20T08:00:00Z' })]);
      expect(ids(await store.searchTickets({ words: ['500'], limit: 10 }))).toEqual([60]);
      expect(ids(await store.searchTickets({ words: ['50'], limit: 10 }))).toEqual([2]);
      // Quotes and operators are text, never query syntax.
      expect(await store.searchTickets({ words: ['"', 'OR', '*', 'NEAR('], limit: 10 })).toEqual([]);
    });

    it('puts the ticket whose id was typed first (12 or #12), then text matches', async () => {
      expect(ids(await store.searchTickets({ words: ['#12'], limit: 10 }))).toEqual([12]);
      expect(ids(await store.searchTickets({ words: ['3'], limit: 10 }))).toEqual([3, 12]);
    });

    it('finds by requester or assignee name or address, category and status', async () => {
      expect(ids(await store.searchTickets({ words: ['gradya@example.com'], limit: 10 }))).toEqual([3]);
      expect(ids(await store.searchTickets({ words: ['dana', 'agent'], limit: 10 }))).toEqual([3]);
      expect(ids(await store.searchTickets({ words: ['hardware'], limit: 10 }))).toEqual([2, 12]);
      expect(ids(await store.searchTickets({ words: ['resolved'], limit: 10 }))).toEqual([3]);
    });

    it('narrows to one requester, to statuses, and honours the limit', async () => {
      expect(ids(await store.searchTickets({ words: ['vpn'], requesterEmail: 'LynneR@Example.com', limit: 10 }))).toEqual([30, 1]);
      expect(ids(await store.searchTickets({ words: ['#3'], requesterEmail: 'lynner@example.com', limit: 10 }))).toEqual([12]);
      expect(ids(await store.searchTickets({ words: ['vpn'], statuses: ['New'], limit: 10 }))).toEqual([30, 1]);
      expect(ids(await store.searchTickets({ words: ['vpn'], limit: 2 }))).toEqual([30, 3]);
    });

    it('with no words lists the most recent, narrowed the same way', async () => {
      expect(ids(await store.searchTickets({ words: [], limit: 3 }))).toEqual([30, 2, 3]);
      expect(ids(await store.searchTickets({ words: [], requesterEmail: 'gradya@example.com', limit: 10 }))).toEqual([3]);
      expect(ids(await store.searchTickets({ words: [], statuses: ['Resolved'], limit: 10 }))).toEqual([3]);
    });

    it('a re-indexed ticket is found by its new text only; an older read never replaces a newer one', async () => {
      await store.indexTickets([indexed(2, { title: 'Scanner jammed', modified: '2026-11-14T08:00:00Z' })]);
      expect(await store.searchTickets({ words: ['printer'], limit: 10 })).toEqual([]);
      expect(ids(await store.searchTickets({ words: ['scanner'], limit: 10 }))).toEqual([2]);
      await store.indexTickets([indexed(2, { title: 'Printer jammed', modified: '2026-11-12T08:00:00Z' })]);
      const [t] = await store.searchTickets({ words: ['scanner'], limit: 10 });
      expect(t).toMatchObject({ id: 2, title: 'Scanner jammed', modified: '2026-11-14T08:00:00Z' });
      expect(await store.indexedTicketCount()).toBe(5);
    });

    it('returns everything a result list and authorization need, and forgets removed tickets', async () => {
      const [t] = await store.searchTickets({ words: ['#3'], limit: 1 });
      expect(t).toEqual(indexed(3, { title: 'VPN password reset', description: 'Locked out of the VPN', category: 'Access', status: 'Resolved', modified: '2026-11-11T08:00:00Z',
        requesterEmail: 'gradya@example.com', requesterName: 'Grady Archie', assigneeEmail: 'dana@example.com', assigneeName: 'Dana Agent' }));
      await store.removeFromIndex([3]);
      expect(ids(await store.searchTickets({ words: ['vpn'], limit: 10 }))).toEqual([30, 1]);
      expect(await store.indexedTicketCount()).toBe(4);
    });

    it('keeps tickets of one space apart when asked', async () => {
      await store.indexTickets([indexed(40, { title: 'VPN in space B', spaceId: 'B', modified: '2026-11-20T08:00:00Z' })]);
      expect(ids(await store.searchTickets({ words: ['vpn'], spaceId: 'B', limit: 10 }))).toEqual([40]);
      expect(ids(await store.searchTickets({ words: ['vpn'], limit: 10 }))).toEqual([40, 30, 3, 1]);
    });

    it('on a large desk, finds a requester\'s own older ticket under a common word and ranks all words first among the newest matches', async () => {
      // 1,200 newer tickets of someone else hold the word: more than the candidates one search ranks.
      await store.indexTickets(Array.from({ length: 1200 }, (_, i) => indexed(1000 + i, {
        title: i % 2 ? 'VPN slow' : 'VPN slow on wifi', requesterEmail: 'megan@example.com', requesterName: 'Megan Bowen',
        modified: new Date(Date.parse('2026-11-14T00:00:00Z') + i * 60_000).toISOString(),
      })));
      const own = await store.searchTickets({ words: ['vpn'], requesterEmail: 'lynner@example.com', limit: 10 });
      expect(ids(own)).toEqual([30, 1]);
      const agent = await store.searchTickets({ words: ['vpn', 'wifi'], limit: 3 });
      expect(ids(agent)).toEqual([2198, 2196, 2194]);
      expect(agent.every((t) => t.title === 'VPN slow on wifi')).toBe(true);
    });

    it('finds a rare word beside a word every ticket holds the same way: all words first, newest first, then any of them', async () => {
      // "user 42" on a desk where every ticket's requester is "User n" (user0 ... user299 as prefixes of "user").
      await store.indexTickets(Array.from({ length: 1500 }, (_, i) => indexed(1000 + i, {
        title: `Printer ${i % 7}`, requesterEmail: `user${i % 300}@example.com`, requesterName: `User ${i % 300}`,
        modified: new Date(Date.parse('2026-11-14T00:00:00Z') + i * 60_000).toISOString(),
      })));
      const both = await store.searchTickets({ words: ['user', '42'], limit: 3 });
      expect(ids(both)).toEqual([2242, 1942, 1642]);
      const all = await store.searchTickets({ words: ['user', '42'], limit: 8 });
      expect(ids(all).slice(0, 5)).toEqual([2242, 1942, 1642, 1342, 1042]);
      // Fewer than asked hold both, so the newest with one of them follow.
      expect(ids(all).slice(5)).toEqual([2499, 2498, 2497]);
      const theirs = await store.searchTickets({ words: ['user', '42'], requesterEmail: 'user42@example.com', limit: 8 });
      expect(ids(theirs)).toEqual([2242, 1942, 1642, 1342, 1042]);
      const none = await store.searchTickets({ words: ['user', '42', 'zzz'], limit: 3 });
      expect(ids(none)).toEqual([2242, 1942, 1642]);
    });
  });
}

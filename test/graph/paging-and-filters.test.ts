import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../src/emulator';
import { f } from '../../src/graph/odata';
import type { GraphClient } from '../../src/graph/types';
import { clientFor, emptyEmulator, failureOf, ticket } from './support';

describe('paging over more than 5000 items', () => {
  let emu: Emulator;
  let client: GraphClient;
  const TOTAL = 5237;

  beforeAll(async () => {
    emu = await emptyEmulator();
    emu.data.bulkInsert('SD_Tickets', Array.from({ length: TOTAL }, (_, i) => ticket(`bulk ${i}`, { SD_Status: i % 2 ? 'New' : 'Resolved' })));
    client = clientFor(emu);
  }, 30_000);
  afterAll(() => emu.close());

  it('listAll returns every item exactly once, 5000 per page', { timeout: 30_000 }, async () => {
    emu.counters.reset();
    const ids: string[] = [];
    for await (const item of client.listAll('SD_Tickets', { top: 5000 })) ids.push(item.id);
    expect(ids).toHaveLength(TOTAL);
    expect(new Set(ids).size).toBe(TOTAL);
    expect(emu.counters.get('GET SD_Tickets/items')).toBe(2);
  });

  it('honours $top on each page and follows nextLink as given', async () => {
    const first = await client.listPage('SD_Tickets', { top: 7, orderby: 'fields/Created asc' });
    expect(first.items).toHaveLength(7);
    expect(first.nextLink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\.0\/sites\//);
    const second = await client.listPage('SD_Tickets', { top: 7 }, first.nextLink);
    expect(second.items).toHaveLength(7);
    expect(second.items.map((i) => i.id)).not.toContain(first.items[0].id);
    expect(first.items[0]).toMatchObject({ etag: expect.stringMatching(/^".+"$/), fields: { Title: expect.any(String) } });
    expect(first.items[0].createdDateTime).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('streams only the filtered items across pages', async () => {
    let n = 0;
    for await (const item of client.listAll('SD_Tickets', { top: 1000, filter: f.eq('SD_Status', 'New') })) {
      expect(item.fields.SD_Status).toBe('New');
      n++;
    }
    expect(n).toBe(Math.floor(TOTAL / 2));
  });

  it('refuses a page size Graph would not accept, naming it', async () => {
    await expect(client.listPage('SD_Tickets', { top: 5001 })).rejects.toThrow('top must be a whole number from 1 to 5000 (got 5001)');
    await expect(client.listPage('SD_Tickets', { top: 0 })).rejects.toThrow(/got 0/);
  });

  it('never sends the token to a nextLink on another host', async () => {
    emu.counters.reset();
    const err = await failureOf(() => client.listPage('SD_Tickets', {}, 'https://evil.example.com/v1.0/sites/x/lists/SD_Tickets/items?$skiptoken=1'));
    expect(err.message).toMatch(/refusing to follow nextLink.*evil\.example\.com/);
    expect(emu.counters.all()).toEqual({});
  });
});

describe('filters carry user text as data, never as syntax', () => {
  let emu: Emulator;
  let client: GraphClient;

  beforeAll(async () => {
    emu = await emptyEmulator();
    emu.data.bulkInsert('SD_Tickets', [
      ticket("O'Brien's laptop", { SD_Status: 'Assigned' }),
      ticket('O Briens laptop', { SD_Status: 'New' }),
      ticket('Printer jam', { SD_Status: 'New' }),
      ticket('x', { SD_Status: 'y' }),
    ]);
    client = clientFor(emu);
  });
  afterAll(() => emu.close());

  it("finds a title with apostrophes by eq", async () => {
    const page = await client.listPage('SD_Tickets', { filter: f.eq('Title', "O'Brien's laptop") });
    expect(page.items.map((i) => i.fields.Title)).toEqual(["O'Brien's laptop"]);
  });

  it('an injection attempt as a value matches nothing extra', async () => {
    const hostile = "x' or fields/SD_Status ne 'y";
    const page = await client.listPage('SD_Tickets', { filter: f.eq('Title', hostile) });
    expect(page.items).toEqual([]);
    // Had the quote escaped, every ticket whose status is not 'y' would have come back.
    const combined = await client.listPage('SD_Tickets', { filter: f.or(f.eq('Title', hostile), f.eq('Title', 'Printer jam')) });
    expect(combined.items.map((i) => i.fields.Title)).toEqual(['Printer jam']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { graph, json, q, token } from './helpers';

describe('emulator paging', () => {
  let emu: Emulator;
  let bearer: string;
  const total = 12_345;

  beforeAll(async () => {
    emu = await startEmulator({ seed: 'none' });
    bearer = await token(emu);
    const base = Date.UTC(2026, 0, 1);
    emu.data.bulkInsert('SD_Tickets', Array.from({ length: total }, (_, i) => ({
      Title: `Ticket ${i}`,
      SD_Status: i % 3 === 0 ? 'New' : 'Resolved',
      // Few distinct values so ties must be broken by id for pages to be stable.
      SD_Priority: ['Low', 'Normal', 'High'][i % 3],
      Created: new Date(base + (i % 97) * 60_000).toISOString(),
    })));
  });
  afterAll(() => emu.close());

  it('pages 200 by default and offers an absolute nextLink that keeps the query', async () => {
    const res = await graph(emu, bearer, `SD_Tickets/items?$expand=fields&$filter=${q("fields/SD_Status eq 'New'")}`);
    const body = await json(res);
    expect(body.value).toHaveLength(200);
    const next = new URL(body['@odata.nextLink']);
    expect(`${next.protocol}//${next.host}`).toBe(emu.url);
    expect(next.pathname).toBe(`/v1.0/sites/${emu.siteId}/lists/SD_Tickets/items`);
    expect(next.searchParams.get('$filter')).toBe("fields/SD_Status eq 'New'");
    expect(next.searchParams.get('$expand')).toBe('fields');
    expect(next.searchParams.get('$skiptoken')).toBeTruthy();
  });

  it('refuses $top above 5000 and accepts 5000', async () => {
    const tooBig = await graph(emu, bearer, 'SD_Tickets/items?$top=5001');
    expect(tooBig.status).toBe(400);
    expect((await json(tooBig)).error.message).toMatch(/5000/);
    expect((await graph(emu, bearer, 'SD_Tickets/items?$top=0')).status).toBe(400);
    expect((await json(await graph(emu, bearer, 'SD_Tickets/items?$top=5000'))).value).toHaveLength(5000);
  });

  for (const orderby of ['', 'fields/Created desc', 'fields/SD_Priority asc, fields/Created desc']) {
    it(`walks every item exactly once with $top=5000 ${orderby ? `ordered by ${orderby}` : 'in id order'}`, async () => {
      let url: string | undefined = `${emu.url}/v1.0/sites/${emu.siteId}/lists/SD_Tickets/items?$expand=fields&$top=5000${orderby ? `&$orderby=${q(orderby)}` : ''}`;
      const seen: string[] = [];
      let pages = 0;
      while (url) {
        const res: Response = await fetch(url, { headers: { authorization: `Bearer ${bearer}` } });
        expect(res.status).toBe(200);
        const body = await json(res);
        seen.push(...body.value.map((i: { id: string }) => i.id));
        url = body['@odata.nextLink'];
        pages++;
      }
      expect(pages).toBe(3);
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
    });
  }

  it('neither repeats nor skips an unchanged item when another item is added between pages', async () => {
    const first = await json(await graph(emu, bearer, `SD_Tickets/items?$top=100&$orderby=${q('fields/Created asc')}`));
    emu.data.insert('SD_Tickets', { Title: 'Late arrival', Created: '2025-12-31T00:00:00Z' });
    const second = await json(await fetch(first['@odata.nextLink'], { headers: { authorization: `Bearer ${bearer}` } }));
    const ids = [...first.value, ...second.value].map((i: { id: string }) => i.id);
    expect(new Set(ids).size).toBe(200);
  });
});

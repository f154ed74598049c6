import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { graph, json, q, token } from './helpers';

describe('emulator list reads', () => {
  let emu: Emulator;
  let bearer: string;
  const titles = async (query: string, list = 'SD_Tickets') => {
    const res = await graph(emu, bearer, `${list}/items?$expand=fields&${query}`);
    expect(res.status).toBe(200);
    return ((await json(res)).value as { fields: Record<string, unknown> }[]).map((i) => i.fields.Title);
  };

  beforeAll(async () => {
    emu = await startEmulator({ seed: 'none' });
    bearer = await token(emu);
    const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9, 0, 0));
    emu.data.insert('SD_Tickets', { Title: 'A', SD_Status: 'New', SD_Priority: 'High', SD_SubmittedByEmail: "o'brien@example.com", SD_Score: 3 }, { created: day(1), modified: day(1) });
    emu.data.insert('SD_Tickets', { Title: 'B', SD_Status: 'Assigned', SD_Priority: 'Low', SD_SubmittedByEmail: 'b@example.com', SD_Score: 10 }, { created: day(2), modified: day(5) });
    emu.data.insert('SD_Tickets', { Title: 'C', SD_Status: 'Resolved', SD_Priority: 'Urgent', SD_SubmittedByEmail: 'c@example.com', SD_Score: 7 }, { created: day(3), modified: day(3) });
    emu.data.insert('SD_Tickets', { Title: 'D', SD_Status: 'In Progress', SD_Priority: 'Normal', SD_SubmittedByEmail: 'b@example.com', SD_Score: 7 }, { created: day(4), modified: day(4) });
    emu.data.insert('SD_Comments', { Title: 'x', SD_TicketId: 1, SD_IsInternal: true });
    emu.data.insert('SD_Comments', { Title: 'y', SD_TicketId: 1, SD_IsInternal: false });
    emu.data.insert('SD_Comments', { Title: 'z', SD_TicketId: 12, SD_IsInternal: false });
  });
  afterAll(() => emu.close());

  it('returns only the envelope without $expand=fields, and fields with it', async () => {
    const bare = await json(await graph(emu, bearer, 'SD_Tickets/items'));
    expect(bare.value).toHaveLength(4);
    expect(bare.value[0].fields).toBeUndefined();
    expect(bare.value[0]).toMatchObject({ id: '1', createdDateTime: '2026-11-01T09:00:00Z', lastModifiedDateTime: '2026-11-01T09:00:00Z' });
    expect(bare.value[0]['@odata.etag']).toMatch(/^"[0-9a-f-]{36},1"$/);
    const full = await json(await graph(emu, bearer, 'SD_Tickets/items?$expand=fields'));
    expect(full.value[1].fields).toMatchObject({ id: '2', Title: 'B', SD_Status: 'Assigned', Created: '2026-11-02T09:00:00Z', Modified: '2026-11-05T09:00:00Z' });
    expect(full.value[1].fields['@odata.etag']).toBe(full.value[1]['@odata.etag']);
  });

  it('shows an item the same in a list page, on its own and as a field set', async () => {
    const page = await json(await graph(emu, bearer, `SD_Tickets/items?$expand=fields&$filter=${q('fields/SD_Score eq 10')}`));
    const { '@odata.context': _ctx, ...single } = await json(await graph(emu, bearer, 'SD_Tickets/items/2?$expand=fields'));
    expect(JSON.stringify(page.value[0])).toBe(JSON.stringify(single));
    const { '@odata.context': _c2, ...fields } = await json(await graph(emu, bearer, 'SD_Tickets/items/2/fields'));
    expect(fields).toEqual(single.fields);
  });

  it('gets one item, and 404s an unknown item or list', async () => {
    const one = await graph(emu, bearer, 'SD_Tickets/items/3?$expand=fields');
    expect((await json(one)).fields.Title).toBe('C');
    const missing = await graph(emu, bearer, 'SD_Tickets/items/999?$expand=fields');
    expect(missing.status).toBe(404);
    const body = await json(missing);
    expect(body.error.code).toBe('itemNotFound');
    expect(body.error.innerError['request-id']).toBe(missing.headers.get('request-id'));
    const list = await graph(emu, bearer, 'Tickets/items?$expand=fields');
    expect(list.status).toBe(404);
    expect((await json(list)).error.message).toMatch(/'Tickets'/);
  });

  it('refuses another site with 403 accessDenied naming Sites.Selected', async () => {
    const other = await fetch(`${emu.url}/v1.0/sites/contoso.sharepoint.com,00000000-0000-0000-0000-000000000000,11111111-1111-1111-1111-111111111111/lists/SD_Tickets/items`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(other.status).toBe(403);
    const body = await json(other);
    expect(body.error.code).toBe('accessDenied');
    expect(body.error.message).toMatch(/Sites\.Selected/);
    expect((await fetch(`${emu.url}/v1.0/users`, { headers: { authorization: `Bearer ${bearer}` } })).status).toBe(403);
    // The same site with its commas percent-encoded is still the granted site.
    const encoded = await fetch(`${emu.url}/v1.0/sites/${encodeURIComponent(emu.siteId)}/lists/SD_Tickets/items`, { headers: { authorization: `Bearer ${bearer}` } });
    expect(encoded.status).toBe(200);
  });

  it('filters with eq/ne/gt/ge/lt/le, and/or, not and parentheses', async () => {
    expect(await titles(`$filter=${q("fields/SD_Status eq 'New' or fields/SD_Status eq 'Assigned' or fields/SD_Status eq 'In Progress'")}`)).toEqual(['A', 'B', 'D']);
    expect(await titles(`$filter=${q("fields/SD_Status ne 'Resolved' and (fields/SD_Priority eq 'High' or fields/SD_Priority eq 'Normal')")}`)).toEqual(['A', 'D']);
    expect(await titles(`$filter=${q('fields/SD_Score gt 7')}`)).toEqual(['B']);
    expect(await titles(`$filter=${q('fields/SD_Score ge 7')}`)).toEqual(['B', 'C', 'D']);
    expect(await titles(`$filter=${q('fields/SD_Score lt 7')}`)).toEqual(['A']);
    expect(await titles(`$filter=${q('fields/SD_Score le 7 and not (fields/SD_Score eq 3)')}`)).toEqual(['C', 'D']);
  });

  it('matches a value with a doubled quote, booleans and bare numbers', async () => {
    expect(await titles(`$filter=${q("fields/SD_SubmittedByEmail eq 'o''brien@example.com'")}`)).toEqual(['A']);
    expect(await titles(`$filter=${q('fields/SD_TicketId eq 1 and fields/SD_IsInternal eq false')}`, 'SD_Comments')).toEqual(['y']);
    expect(await titles(`$filter=${q('fields/SD_IsInternal eq true')}`, 'SD_Comments')).toEqual(['x']);
    // A number sent as text is a client bug; it must not match a number column.
    expect(await titles(`$filter=${q("fields/SD_TicketId eq '12'")}`, 'SD_Comments')).toEqual([]);
  });

  it('compares timestamps on Created and Modified', async () => {
    expect(await titles(`$filter=${q("fields/Modified ge '2026-11-04T09:00:00Z'")}`)).toEqual(['B', 'D']);
    expect(await titles(`$filter=${q("fields/Created lt '2026-11-02T09:00:00.000Z'")}`)).toEqual(['A']);
    expect(await titles(`$filter=${q("fields/Created gt '2026-11-02T09:00:00Z' and fields/Created le '2026-11-04T09:00:00Z'")}`)).toEqual(['C', 'D']);
  });

  it('lets an unknown field simply not match', async () => {
    expect(await titles(`$filter=${q("fields/NoSuchField eq 'x'")}`)).toEqual([]);
  });

  it('answers a malformed filter with 400 invalidRequest saying where', async () => {
    for (const bad of ["fields/SD_Status eq", "fields/SD_Status = 'New'", "(fields/SD_Status eq 'New'", "fields/SD_Status eq 'New", "SD_Status eq 'New'"]) {
      const res = await graph(emu, bearer, `SD_Tickets/items?$filter=${q(bad)}`);
      expect(res.status, bad).toBe(400);
      const body = await json(res);
      expect(body.error.code).toBe('invalidRequest');
      expect(body.error.message).toMatch(/position|end of the filter|fields\//);
    }
  });

  it('orders ascending and descending, several keys, ties by id', async () => {
    expect(await titles(`$orderby=${q('fields/Created desc')}`)).toEqual(['D', 'C', 'B', 'A']);
    expect(await titles(`$orderby=${q('fields/Modified asc')}`)).toEqual(['A', 'C', 'D', 'B']);
    expect(await titles(`$orderby=${q('fields/SD_Score desc, fields/Title desc')}`)).toEqual(['B', 'D', 'C', 'A']);
    expect(await titles(`$orderby=${q('fields/SD_Score asc')}`)).toEqual(['A', 'C', 'D', 'B']);
    expect((await graph(emu, bearer, `SD_Tickets/items?$orderby=${q('Created sideways')}`)).status).toBe(400);
  });

  it('selects fields inside $expand', async () => {
    const body = await json(await graph(emu, bearer, `SD_Tickets/items/1?$expand=${q('fields($select=Title,SD_Status)')}`));
    expect(body.fields).toMatchObject({ Title: 'A', SD_Status: 'New' });
    expect(body.fields.SD_Priority).toBeUndefined();
  });
});

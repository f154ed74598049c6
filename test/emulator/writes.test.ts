import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { graph, json, token } from './helpers';

describe('emulator writes', () => {
  let emu: Emulator;
  let bearer: string;
  beforeAll(async () => {
    emu = await startEmulator({ seed: 'none' });
    bearer = await token(emu);
  });
  afterAll(() => emu.close());

  const post = (list: string, body: unknown) => graph(emu, bearer, `${list}/items`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });
  const patch = (id: string, body: unknown, ifMatch?: string) =>
    graph(emu, bearer, `SD_Tickets/items/${id}/fields`, { method: 'PATCH', body: JSON.stringify(body), headers: ifMatch ? { 'if-match': ifMatch } : {} });

  it('creates an item with 201, a new numeric id and expanded fields', async () => {
    const res = await post('SD_Tickets', { fields: { Title: 'Printer on fire', SD_Status: 'New', SD_Priority: 'Urgent' } });
    expect(res.status).toBe(201);
    const item = await json(res);
    expect(item.id).toMatch(/^\d+$/);
    expect(item.fields).toMatchObject({ id: item.id, Title: 'Printer on fire', SD_Status: 'New' });
    expect(item.fields.Created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const second = await json(await post('SD_Tickets', { fields: { Title: 'Second' } }));
    expect(Number(second.id)).toBe(Number(item.id) + 1);
    expect(emu.data.get('SD_Tickets', item.id)?.fields.Title).toBe('Printer on fire');
  });

  it('rejects a body that is not JSON or has no fields object', async () => {
    const notJson = await post('SD_Tickets', '{oops');
    expect(notJson.status).toBe(400);
    expect((await json(notJson)).error.code).toBe('invalidRequest');
    expect((await post('SD_Tickets', { Title: 'flat' })).status).toBe(400);
    expect((await post('SD_Tickets', { fields: { Created: '2020-01-01T00:00:00Z' } })).status).toBe(400);
  });

  it('refuses a column the list does not have, naming it, like SharePoint', async () => {
    const res = await post('SD_Tickets', { fields: { Title: 'Typo', SD_Priorty: 'High' } });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe("Field 'SD_Priorty' is not recognized");
    const { id } = emu.data.insert('SD_Tickets', { Title: 'Has a custom column', SD_Custom: 'x' });
    expect((await patch(id, { SD_Custom: 'y' })).status).toBe(200);
    expect((await patch(id, { SD_Custm: 'y' })).status).toBe(400);
  });

  it('refuses writes to SD_Agents with 403 accessDenied', async () => {
    const res = await post('SD_Agents', { fields: { Title: 'Mallory', SD_Email: 'm@example.com', SD_IsActive: true } });
    expect(res.status).toBe(403);
    const body = await json(res);
    expect(body.error.code).toBe('accessDenied');
    expect(body.error.message).toMatch(/read-only/);
    expect(emu.data.count('SD_Agents')).toBe(0);
  });

  it('patches flat fields, bumps the etag version and Modified', async () => {
    const { id, etag } = emu.data.insert('SD_Tickets', { Title: 'Old', SD_Status: 'New' }, { created: new Date('2026-01-01T00:00:00Z'), modified: new Date('2026-01-01T00:00:00Z') });
    const res = await patch(id, { SD_Status: 'Assigned', SD_AssignedTo: 'alexw@example.com' }, '*');
    expect(res.status).toBe(200);
    const fields = await json(res);
    expect(fields).toMatchObject({ id, Title: 'Old', SD_Status: 'Assigned', SD_AssignedTo: 'alexw@example.com' });
    expect(fields['@odata.etag']).not.toBe(etag);
    expect(fields['@odata.etag']).toMatch(/,2"$/);
    expect(fields.Modified > '2026-01-01T00:00:00Z').toBe(true);
    expect(fields.Created).toBe('2026-01-01T00:00:00Z');
  });

  it('clears a field set to empty text or null, as SharePoint does, and still finds it with eq null', async () => {
    const { id } = emu.data.insert('SD_Tickets', { Title: 'Unassign me', SD_AssignedTo: 'alexw@example.com', SD_Category: 'Other' });
    const fields = await json(await patch(id, { SD_AssignedTo: '', SD_Category: null }));
    expect(fields.Title).toBe('Unassign me');
    expect('SD_AssignedTo' in fields).toBe(false);
    expect('SD_Category' in fields).toBe(false);
    const found = await json(await graph(emu, bearer, `SD_Tickets/items?$expand=fields&$filter=${encodeURIComponent("fields/SD_AssignedTo eq null and fields/Title eq 'Unassign me'")}`));
    expect(found.value.map((i: { id: string }) => i.id)).toEqual([id]);
  });

  it('rejects a fields wrapper on PATCH so the client bug shows', async () => {
    const { id } = emu.data.insert('SD_Tickets', { Title: 'Wrapped' });
    const res = await patch(id, { fields: { SD_Status: 'Resolved' } });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toMatch(/flat/);
    expect(emu.data.get('SD_Tickets', id)?.fields.SD_Status).toBeUndefined();
  });

  it('answers 412 preconditionFailed when If-Match is stale, and applies it when current', async () => {
    const { id, etag } = emu.data.insert('SD_Tickets', { Title: 'Claim me', SD_Status: 'New' });
    emu.data.update('SD_Tickets', id, { SD_AssignedTo: 'meganb@example.com' });
    const stale = await patch(id, { SD_AssignedTo: 'alexw@example.com' }, etag);
    expect(stale.status).toBe(412);
    expect((await json(stale)).error.code).toBe('preconditionFailed');
    expect(emu.data.get('SD_Tickets', id)?.fields.SD_AssignedTo).toBe('meganb@example.com');
    const current = emu.data.get('SD_Tickets', id)!.etag;
    expect((await patch(id, { SD_AssignedTo: 'alexw@example.com' }, current)).status).toBe(200);
  });

  it('deletes with 204, honours If-Match, and the item is gone', async () => {
    const { id, etag } = emu.data.insert('SD_Tickets', { Title: 'Delete me' });
    emu.data.update('SD_Tickets', id, { Title: 'Changed' });
    const stale = await graph(emu, bearer, `SD_Tickets/items/${id}`, { method: 'DELETE', headers: { 'if-match': etag } });
    expect(stale.status).toBe(412);
    const res = await graph(emu, bearer, `SD_Tickets/items/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect((await graph(emu, bearer, `SD_Tickets/items/${id}`)).status).toBe(404);
    expect((await graph(emu, bearer, `SD_Tickets/items/${id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../src/emulator';
import type { GraphClient, ListName } from '../../src/graph/types';
import { clientFor, emptyEmulator, failureOf, ticket } from './support';

describe('list items through the client', () => {
  let emu: Emulator;
  let client: GraphClient;

  beforeAll(async () => {
    emu = await emptyEmulator();
    client = clientFor(emu);
  });
  afterAll(() => emu.close());

  it('creates, reads, updates with the etag and deletes a ticket', async () => {
    const created = await client.createItem('SD_Tickets', ticket('Monitor flickers'));
    expect(created.id).toMatch(/^\d+$/);
    expect(created.fields.Title).toBe('Monitor flickers');
    const read = await client.getItem('SD_Tickets', created.id);
    expect(read.etag).toBe(created.etag);

    const fields = await client.updateFields('SD_Tickets', created.id, { SD_Status: 'Assigned', SD_AssignedTo: 'meganb@example.com' }, read.etag);
    expect(fields).toMatchObject({ SD_Status: 'Assigned', SD_AssignedTo: 'meganb@example.com' });
    expect(emu.data.get('SD_Tickets', created.id)?.fields.SD_Status).toBe('Assigned');

    // The etag we read is now stale: someone (we) changed the ticket since.
    const stale = await failureOf(() => client.updateFields('SD_Tickets', created.id, { SD_Status: 'Resolved' }, read.etag));
    expect(stale).toMatchObject({ kind: 'conflict', status: 412 });
    expect(emu.data.get('SD_Tickets', created.id)?.fields.SD_Status).toBe('Assigned');

    // No etag means If-Match: * — an unconditional change.
    await client.updateFields('SD_Tickets', created.id, { SD_Status: 'Resolved' });
    expect(emu.data.get('SD_Tickets', created.id)?.fields.SD_Status).toBe('Resolved');

    await client.deleteItem('SD_Tickets', created.id);
    const gone = await failureOf(() => client.getItem('SD_Tickets', created.id));
    expect(gone).toMatchObject({ kind: 'not-found', status: 404 });
    expect(gone.message).toContain(`item ${created.id} not found in SD_Tickets`);
  });

  it('says which list name is wrong on 404', async () => {
    const err = await failureOf(() => client.listPage('Tickets' as ListName, {}));
    expect(err).toMatchObject({ kind: 'not-found', code: 'itemNotFound' });
    expect(err.message).toContain('list Tickets not found — check the list name');
    expect(err.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says the site is not the granted one on 403', async () => {
    const other = 'contoso.sharepoint.com,00000000-0000-0000-0000-000000000001,00000000-0000-0000-0000-000000000002';
    const elsewhere = clientFor(emu, { siteId: other });
    const err = await failureOf(() => elsewhere.listPage('SD_Tickets', {}));
    expect(err).toMatchObject({ kind: 'forbidden', status: 403, code: 'accessDenied' });
    expect(err.message).toContain(`no Sites.Selected grant on site ${other}`);
  });

  it('refuses an item id that is not numeric before anything is sent', async () => {
    emu.counters.reset();
    await expect(client.getItem('SD_Tickets', '1/../../other')).rejects.toThrow('item id must be numeric text (got "1/../../other")');
    expect(emu.counters.all()).toEqual({});
  });
});

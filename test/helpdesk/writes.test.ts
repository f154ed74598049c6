import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { megan, patti } from './people';

// Field names the public spec documents per list; writing anything else could be refused by a real list.
const SPEC_FIELDS = {
  SD_Tickets: ['Title', 'SD_Description', 'SD_Priority', 'SD_Status', 'SD_Category', 'SD_SubmittedBy', 'SD_SubmittedByName', 'SD_SubmittedByEmail', 'SD_AssignedTo', 'SD_SpaceId'],
  SD_Comments: ['Title', 'SD_TicketId', 'SD_Body', 'SD_AuthorEmail', 'SD_AuthorName', 'SD_IsInternal'],
  SD_Assets: ['Title', 'SD_AssetTag', 'SD_Type', 'SD_Status', 'SD_AssignedTo', 'SD_SerialNumber', 'SD_Manufacturer', 'SD_Model', 'SD_PurchaseDate', 'SD_WarrantyExpires'],
};
const written = (fields: Record<string, unknown>) => Object.keys(fields).filter((k) => k !== 'Created' && k !== 'Modified');

describe('what the help-desk service writes', () => {
  let stack: HelpdeskStack;
  beforeAll(async () => {
    stack = await startHelpdeskStack();
  });
  afterAll(() => stack.close());

  it('tickets, comments and assets carry only fields the spec documents, with the comment ticket id as a number', async () => {
    const t = await stack.helpdesk.createTicket(patti, { title: 'Headset crackles', description: 'Left ear only.', priority: 'High', category: 'Hardware' });
    await stack.helpdesk.claim(megan, t.id, t.etag);
    await stack.helpdesk.resolve(megan, t.id, 'New headset handed over.');
    const ticket = stack.emulator.data.get('SD_Tickets', String(t.id))!;
    expect(SPEC_FIELDS.SD_Tickets).toEqual(expect.arrayContaining(written(ticket.fields)));

    const c = await stack.helpdesk.addComment(megan, t.id, 'Old headset goes to recycling.', { internal: true });
    const comment = stack.emulator.data.get('SD_Comments', String(c.id))!;
    expect(SPEC_FIELDS.SD_Comments).toEqual(expect.arrayContaining(written(comment.fields)));
    expect(comment.fields.SD_TicketId).toBe(t.id);
    expect(comment.fields.SD_IsInternal).toBe(true);

    const a = await stack.helpdesk.createAsset(megan, {
      title: 'Jabra headset (Patti)', assetTag: 'HDS-0099', type: 'Headset', status: 'In Use', assignedTo: patti.email,
      serialNumber: 'JB65-99', manufacturer: 'Jabra', model: 'Evolve2 65', purchaseDate: '2026-11-01T00:00:00Z',
    });
    const asset = stack.emulator.data.get('SD_Assets', String(a.id))!;
    expect(SPEC_FIELDS.SD_Assets).toEqual(expect.arrayContaining(written(asset.fields)));
    expect((await stack.helpdesk.listAssets(patti, {})).map((x) => x.assetTag)).toContain('HDS-0099');
    await expect(stack.helpdesk.createAsset(megan, { ...a, assetTag: ' ' })).rejects.toMatchObject({ kind: 'invalid', details: { field: 'assetTag' } });
    await expect(stack.helpdesk.createAsset(patti, { ...a, assetTag: 'HDS-0100' })).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('a long thread is read to the end across pages, oldest first', async () => {
    const t = await stack.helpdesk.createTicket(patti, { title: 'Chatty ticket' });
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 230; i++) {
      stack.emulator.data.insert('SD_Comments', {
        Title: `c${i}`, SD_TicketId: t.id, SD_Body: `comment ${i}`, SD_AuthorEmail: patti.email, SD_AuthorName: patti.name, SD_IsInternal: i % 10 === 0,
      }, { created: new Date(start + i * 60_000) });
    }
    stack.emulator.counters.reset();
    const agentView = await stack.helpdesk.listComments(megan, t.id);
    expect(agentView.map((c) => c.body)).toEqual(Array.from({ length: 230 }, (_, i) => `comment ${i}`));
    expect(stack.emulator.counters.get('GET SD_Comments/items')).toBeGreaterThan(1);
    const requesterView = await stack.helpdesk.listComments(patti, t.id);
    expect(requesterView).toHaveLength(230 - 23);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HelpdeskError } from '../../src/helpdesk/types';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { adele, allTicketFields, diego, lynne, megan, patti } from './people';

describe('help-desk authorization', () => {
  let stack: HelpdeskStack;
  let pattisTicket: number;
  let lynnesTicket: number;

  beforeAll(async () => {
    stack = await startHelpdeskStack();
    const rows = await allTicketFields(stack.graph);
    // A ticket with both public and internal comments, so hiding internal notes is observable.
    const withNotes = rows.find((r) => r.fields.SD_SubmittedByEmail === 'pattif@example.com' && r.fields.Title === 'VPN drops every 10 minutes');
    pattisTicket = withNotes!.id;
    lynnesTicket = rows.find((r) => r.fields.SD_SubmittedByEmail === 'lynner@example.com')!.id;
  });
  afterAll(() => stack.close());

  it('a requester reads their own ticket but gets "not found or not yours" for another person’s', async () => {
    expect((await stack.helpdesk.getTicket(patti, pattisTicket)).submittedByEmail).toBe('pattif@example.com');
    const err = await stack.helpdesk.getTicket(patti, lynnesTicket).catch((e) => e);
    expect(err).toBeInstanceOf(HelpdeskError);
    expect(err.kind).toBe('not-found');
    const notYours = err.details.text;
    // Same answer as an id that does not exist, so ids cannot be probed.
    const missing = await stack.helpdesk.getTicket(patti, 99_999).catch((e) => e);
    expect(missing.kind).toBe('not-found');
    expect(missing.details.text).toEqual({ ...notYours, vars: { ...notYours.vars, id: 99_999 } });
  });

  it('a requester cannot list or comment on another person’s ticket', async () => {
    const listed = await stack.helpdesk.listTickets(patti, { submittedBy: 'lynner@example.com', limit: 100 });
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((t) => t.submittedByEmail === 'pattif@example.com')).toBe(true);
    await expect(stack.helpdesk.addComment(patti, lynnesTicket, 'Me too')).rejects.toMatchObject({ kind: 'not-found' });
    await expect(stack.helpdesk.listComments(patti, lynnesTicket)).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('a requester sees only public comments; an agent also sees internal notes', async () => {
    const theirs = await stack.helpdesk.listComments(patti, pattisTicket);
    const agents = await stack.helpdesk.listComments(megan, pattisTicket);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((c) => c.isInternal)).toBe(false);
    expect(agents.filter((c) => c.isInternal).map((c) => c.body)).toContain(
      'Gateway logs show idle timeouts from her IP every 600 s. Suspect the home router NAT timeout; checking the keep-alive setting.',
    );
    expect(agents.filter((c) => !c.isInternal).map((c) => c.id)).toEqual(theirs.map((c) => c.id));
    const times = agents.map((c) => Date.parse(c.created));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('a requester cannot post an internal note; a public reply is kept word for word', async () => {
    const before = stack.emulator.data.count('SD_Comments');
    await expect(stack.helpdesk.addComment(patti, pattisTicket, 'secret', { internal: true })).rejects.toMatchObject({
      kind: 'forbidden',
      details: { text: { key: expect.stringMatching(/^helpdesk:agentsOnly\./) } },
    });
    expect(stack.emulator.data.count('SD_Comments')).toBe(before);
    const body = 'Tried a cable: still drops. It\'s the "home" router, I think.';
    const c = await stack.helpdesk.addComment(patti, pattisTicket, body);
    expect(c).toMatchObject({ body, isInternal: false, authorEmail: patti.email, authorName: patti.name, ticketId: pattisTicket });
  });

  it('agent-only actions are refused to requesters and to inactive agents, changing nothing', async () => {
    const before = stack.emulator.data.get('SD_Tickets', String(lynnesTicket))!;
    for (const who of [lynne, adele]) {
      await expect(stack.helpdesk.claim(who, lynnesTicket)).rejects.toMatchObject({ kind: 'forbidden', details: { text: { key: 'helpdesk:agentsOnly.claim' } } });
      await expect(stack.helpdesk.resolve(who, lynnesTicket, 'done')).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(stack.helpdesk.setStatus(who, lynnesTicket, 'Resolved')).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(stack.helpdesk.assign(who, lynnesTicket, diego.email)).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(stack.helpdesk.deleteTicket(who, lynnesTicket)).rejects.toMatchObject({ kind: 'forbidden' });
    }
    expect(stack.emulator.data.get('SD_Tickets', String(lynnesTicket))!.etag).toBe(before.etag);
  });

  it('addresses match whatever their case', async () => {
    const shouting = { email: 'PattiF@Example.COM', name: 'Patti Fernandez' };
    expect((await stack.helpdesk.getTicket(shouting, pattisTicket)).id).toBe(pattisTicket);
    expect(await stack.helpdesk.isAgent('MeganB@EXAMPLE.com')).toBe(true);
    const rows = await allTicketFields(stack.graph);
    const open = rows.find((r) => r.fields.SD_SubmittedByEmail === 'lynner@example.com' && !r.fields.SD_AssignedTo)!.id;
    const { ticket: t } = await stack.helpdesk.claim({ email: 'DiegoS@Example.com', name: 'Diego' }, open);
    // Stored with the agent list's spelling, so later case-sensitive readers still match it.
    expect(t.assignedTo).toBe('diegos@example.com');
    expect((await stack.helpdesk.listTickets(megan, { assignedTo: 'DIEGOS@example.com', limit: 100 })).map((x) => x.id)).toContain(open);
  });

  it('requesters see the assets they hold and are refused other holders’ assets; agents look assets up', async () => {
    const mine = await stack.helpdesk.listAssets(patti, {});
    expect(mine.map((a) => a.assetTag)).toEqual(['LAP-0029']);
    await expect(stack.helpdesk.listAssets(patti, { holder: 'alexw@example.com' })).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(stack.helpdesk.findAsset(patti, 'LAP-0017')).rejects.toMatchObject({ kind: 'forbidden' });
    expect((await stack.helpdesk.findAsset(megan, 'PF3KX21A'))?.assetTag).toBe('LAP-0017');
    expect(await stack.helpdesk.findAsset(megan, 'NOPE-1')).toBeUndefined();
  });
});

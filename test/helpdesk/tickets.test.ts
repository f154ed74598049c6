import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HelpdeskError, LIMITS } from '../../src/helpdesk/types';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { diego, megan, patti } from './people';

describe('help-desk ticket changes', () => {
  let stack: HelpdeskStack;
  beforeAll(async () => {
    stack = await startHelpdeskStack();
  });
  afterAll(() => stack.close());

  const fileOne = (title = 'Docking station flickers') =>
    stack.helpdesk.createTicket(patti, { title, description: 'Both screens go dark for a second.', category: 'hardware' });

  it('a new ticket is New, carries the submitter and the default priority, and is stored that way', async () => {
    const t = await fileOne();
    expect(t).toMatchObject({
      status: 'New',
      priority: 'Normal',
      category: 'Hardware',
      submittedBy: patti.email,
      submittedByEmail: patti.email,
      submittedByName: patti.name,
      assignedTo: '',
      title: 'Docking station flickers',
    });
    const stored = stack.emulator.data.get('SD_Tickets', String(t.id))!;
    expect(stored.fields).toMatchObject({ SD_Status: 'New', SD_SubmittedByEmail: patti.email, SD_Category: 'Hardware' });
    expect(stored.fields.SD_SpaceId).toBeUndefined();
  });

  it('rejects bad input with a message naming the field and what is allowed, writing nothing', async () => {
    const before = stack.emulator.data.count('SD_Tickets');
    const cases: [Parameters<HelpdeskStack['helpdesk']['createTicket']>[1], string, RegExp][] = [
      [{ title: '   ' }, 'title', /Title is required/],
      [{ title: 'x'.repeat(LIMITS.title + 1) }, 'title', /Title is too long: 256 characters, the limit is 255/],
      [{ title: 'ok', description: 'd'.repeat(LIMITS.description + 1) }, 'description', /Description is too long/],
      [{ title: 'ok', priority: 'Hgh' }, 'priority', /Priority "Hgh" is not allowed; choose one of: Low, Normal, High, Urgent/],
      [{ title: 'ok', category: 'Coffee' }, 'category', /Category "Coffee" is not allowed; choose one of: Hardware, Software/],
    ];
    for (const [input, field, message] of cases) {
      const err = await stack.helpdesk.createTicket(patti, input).catch((e) => e);
      expect(err).toBeInstanceOf(HelpdeskError);
      expect(err).toMatchObject({ kind: 'invalid', details: { field } });
      expect(err.message).toMatch(message);
    }
    const t = await fileOne();
    await expect(stack.helpdesk.setStatus(megan, t.id, 'Done')).rejects.toThrow(/Status "Done" is not allowed; choose one of: New, Assigned/);
    await expect(stack.helpdesk.addComment(patti, t.id, '  ')).rejects.toMatchObject({ kind: 'invalid', details: { field: 'comment' } });
    expect(stack.emulator.data.count('SD_Tickets')).toBe(before + 1);
  });

  it('claim with the etag the agent saw; a second claim on the stale etag names who holds it', async () => {
    const seen = await fileOne('Claim race');
    const { ticket: won } = await stack.helpdesk.claim(megan, seen.id, seen.etag);
    expect(won).toMatchObject({ assignedTo: megan.email, status: 'Assigned' });
    expect(won.etag).not.toBe(seen.etag);
    const err = await stack.helpdesk.claim(diego, seen.id, seen.etag).catch((e) => e);
    expect(err).toMatchObject({ kind: 'conflict', message: `Ticket #${seen.id} was already claimed by Megan Bowen.` });
    expect(err.details.current).toMatchObject({ id: seen.id, assignedTo: megan.email, etag: won.etag });
    expect(stack.emulator.data.get('SD_Tickets', String(seen.id))!.fields.SD_AssignedTo).toBe(megan.email);
  });

  it('claiming twice from the same card (same etag) is not a conflict for the agent who holds it', async () => {
    const seen = await fileOne('Double click');
    const { ticket: first } = await stack.helpdesk.claim(diego, seen.id, seen.etag);
    const { ticket: again } = await stack.helpdesk.claim(diego, seen.id, seen.etag);
    expect(again).toMatchObject({ id: seen.id, assignedTo: diego.email, etag: first.etag });
  });

  it('claim without an etag does not take over a ticket someone else holds, and names who does', async () => {
    const t = await fileOne('Held elsewhere');
    await stack.helpdesk.claim(megan, t.id);
    await expect(stack.helpdesk.claim(diego, t.id)).rejects.toMatchObject({
      kind: 'conflict',
      message: `Ticket #${t.id} was already claimed by Megan Bowen.`,
      details: { holder: { email: megan.email, name: 'Megan Bowen' } },
    });
  });

  it('claim without an etag of a ticket I already hold writes nothing and says so', async () => {
    const t = await fileOne('Mine already');
    const { ticket: held } = await stack.helpdesk.claim(megan, t.id);
    const again = await stack.helpdesk.claim(megan, t.id);
    expect(again.outcome).toBe('unchanged');
    expect(again.ticket.etag).toBe(held.etag);
  });

  it('a status change on a stale etag is a conflict carrying the ticket as it is now', async () => {
    const seen = await fileOne('Stale status');
    await stack.helpdesk.setPriority(megan, seen.id, 'urgent');
    const err = await stack.helpdesk.setStatus(diego, seen.id, 'In Progress', seen.etag).catch((e) => e);
    expect(err).toMatchObject({ kind: 'conflict', message: `Ticket #${seen.id} was changed by someone else; look at it again and retry.` });
    expect(err.details.current.priority).toBe('Urgent');
    expect(stack.emulator.data.get('SD_Tickets', String(seen.id))!.fields.SD_Status).toBe('New');
  });

  it('assign only to active agents; a New ticket becomes Assigned', async () => {
    const t = await fileOne('Assign me');
    await expect(stack.helpdesk.assign(megan, t.id, 'adelev@example.com')).rejects.toMatchObject({
      kind: 'invalid',
      details: { field: 'assignee', text: { key: 'helpdesk:notAnAgent', vars: { address: 'adelev@example.com' } } },
    });
    await expect(stack.helpdesk.assign(megan, t.id, 'pattif@example.com')).rejects.toMatchObject({ kind: 'invalid' });
    expect(stack.emulator.data.get('SD_Tickets', String(t.id))!.etag).toBe(t.etag);
    const done = await stack.helpdesk.assign(megan, t.id, 'DiegoS@example.com');
    expect(done).toMatchObject({ assignedTo: 'diegos@example.com', status: 'Assigned' });
  });

  it('resolve with a note sets Resolved and adds a public "Resolution" comment the requester can read', async () => {
    const t = await fileOne('Resolve me');
    const note = 'Replaced the dock firmware; both screens stay on now.';
    const { ticket: done, outcome, note: written } = await stack.helpdesk.resolve(megan, t.id, note);
    expect(outcome).toBe('saved');
    expect(done.status).toBe('Resolved');
    expect(written).toMatchObject({ title: 'Resolution', body: note });
    const seenByRequester = await stack.helpdesk.listComments(patti, t.id);
    expect(seenByRequester).toHaveLength(1);
    expect(seenByRequester[0]).toMatchObject({ title: 'Resolution', body: note, isInternal: false, authorEmail: megan.email });
  });

  it('a change that changes nothing writes nothing: same priority, same status, resolving a resolved ticket, same title', async () => {
    const t = await fileOne('Already as asked');
    const etagOf = () => stack.emulator.data.get('SD_Tickets', String(t.id))!.etag;
    const before = etagOf();
    expect((await stack.helpdesk.setPriority(megan, t.id, 'Normal')).outcome).toBe('unchanged');
    expect((await stack.helpdesk.setStatus(megan, t.id, 'New')).outcome).toBe('unchanged');
    expect((await stack.helpdesk.updateTicket(patti, t.id, { title: 'Already as asked' })).outcome).toBe('unchanged');
    expect(etagOf()).toBe(before);
    expect((await stack.helpdesk.resolve(megan, t.id, 'Fixed.')).outcome).toBe('saved');
    const resolved = etagOf();
    const again = await stack.helpdesk.resolve(megan, t.id, 'Fixed again.');
    expect(again).toMatchObject({ outcome: 'unchanged', ticket: { status: 'Resolved' } });
    expect(etagOf()).toBe(resolved);
    expect((await stack.helpdesk.listComments(megan, t.id)).map((c) => c.body)).toEqual(['Fixed.']);
  });

  it('a requester edits their own ticket; an agent deletes it and then it is not found', async () => {
    const t = await fileOne('Typo in titel');
    const { ticket: edited } = await stack.helpdesk.updateTicket(patti, t.id, { title: 'Typo in title' }, t.etag);
    expect(edited.title).toBe('Typo in title');
    await expect(stack.helpdesk.updateTicket(patti, t.id, { priority: 'Urgent' })).rejects.toMatchObject({ kind: 'forbidden' });
    expect(stack.emulator.data.get('SD_Tickets', String(t.id))!.fields.SD_Priority).toBe('Normal');
    await stack.helpdesk.deleteTicket(megan, t.id);
    expect(stack.emulator.data.get('SD_Tickets', String(t.id))).toBeUndefined();
    await expect(stack.helpdesk.getTicket(megan, t.id)).rejects.toMatchObject({ kind: 'not-found', message: `Ticket #${t.id} was not found.` });
  });

  it('internal notes from agents are kept and titled from their first words', async () => {
    const t = await fileOne('Long note');
    const body = `${'Checked the cable, the dock and the monitor firmware; '.repeat(3)}\nsecond line`;
    const c = await stack.helpdesk.addComment(megan, t.id, body, { internal: true });
    expect(c.isInternal).toBe(true);
    expect(c.body).toBe(body.trim());
    expect(c.title.length).toBeLessThanOrEqual(60);
    expect(body.startsWith(c.title.replace(/…$/, ''))).toBe(true);
  });
});

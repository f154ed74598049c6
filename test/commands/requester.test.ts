import { describe, expect, it } from 'vitest';
import { dispatch, handleText } from '../../src/commands';
import type { Reply } from '../../src/commands/types';
import { VERBS } from '../../src/core/verbs';
import { LIMITS } from '../../src/helpdesk/types';
import type { View } from '../../src/views/types';
import { DANA, OTTO, RIA, context, helpdesk } from './context';

function as<T extends View['type']>(reply: Reply, type: T): Extract<View, { type: T }> {
  expect(reply.view.type, JSON.stringify(reply.view)).toBe(type);
  return reply.view as Extract<View, { type: T }>;
}

async function scene() {
  const desk = await helpdesk();
  const mineTicket = desk.seedTicket({ title: 'Laptop will not boot', submittedByEmail: RIA.email, submittedByName: RIA.name });
  const othersTicket = desk.seedTicket({ title: 'Salary question', submittedByEmail: OTTO.email, submittedByName: OTTO.name });
  desk.seedComment({ ticketId: mineTicket.id, body: 'Have you tried the power button?', authorEmail: DANA.email, authorName: DANA.name });
  desk.seedComment({ ticketId: mineTicket.id, body: 'User sounds annoyed', authorEmail: DANA.email, isInternal: true });
  return { desk, mineTicket, othersTicket };
}

describe('show', () => {
  it('shows a requester their ticket with public comments only, privately, without agent buttons', async () => {
    const { desk, mineTicket } = await scene();
    const reply = await handleText(context(desk, RIA), `show #${mineTicket.id}`);
    const { ticket } = as(reply, 'ticket');
    expect(reply).toMatchObject({ visibility: 'private', ticketId: mineTicket.id });
    expect(ticket.comments.map((c) => c.body)).toEqual(['Have you tried the power button?']);
    expect(ticket.actions.map((a) => a.title)).toEqual(['Comment', 'Edit', 'Refresh']);
  });

  it("refuses a requester another person's ticket and reveals nothing of it", async () => {
    const { desk, othersTicket } = await scene();
    const reply = await handleText(context(desk, RIA), `show ${othersTicket.id}`);
    const { error } = as(reply, 'error');
    expect(error.message).toContain(`#${othersTicket.id}`);
    expect(JSON.stringify(reply)).not.toContain('Salary');
    expect(reply.visibility).toBe('private');
  });

  it('says when a ticket does not exist', async () => {
    const { desk } = await scene();
    expect(as(await handleText(context(desk, RIA), 'show 999'), 'error').error.message).toBe('Ticket #999 was not found or is not yours.');
  });
});

describe('mine', () => {
  it('lists my open tickets first, then recently resolved, and nobody else’s', async () => {
    const { desk, mineTicket } = await scene();
    const done = desk.seedTicket({ title: 'Old VPN issue', submittedByEmail: RIA.email, status: 'Resolved' });
    const newer = desk.seedTicket({ title: 'Monitor flickers', submittedByEmail: RIA.email });
    const { list } = as(await handleText(context(desk, RIA), 'mine'), 'ticket-list');
    expect(list.tickets.map((t) => t.id)).toEqual([newer.id, mineTicket.id, done.id]);
    expect(list.footer).toBe('2 open, 1 recently resolved.');
  });

  it('says how to file one when there are none', async () => {
    const desk = await helpdesk();
    const { list } = as(await handleText(context(desk, RIA), 'mine'), 'ticket-list');
    expect(list.tickets).toEqual([]);
    expect(list.emptyText).toContain('`new`');
  });
});

describe('new and create', () => {
  it('opens the form with the typed title', async () => {
    const { form } = as(await handleText(context(await helpdesk(), RIA), 'new Wifi drops every hour'), 'form');
    expect(form).toMatchObject({ form: 'new-ticket', submitVerb: VERBS.create, errors: [] });
    expect(form.values.title).toBe('Wifi drops every hour');
  });

  it('keeps a too-long typed title in the form and says the limit and length', async () => {
    const title = 'x'.repeat(LIMITS.title + 5);
    const { form } = as(await handleText(context(await helpdesk(), RIA), `new ${title}`), 'form');
    expect(form.values.title).toBe(title);
    expect(form.errors).toEqual([{ field: 'title', message: `A title can be at most 255 characters; this one is 260.` }]);
  });

  it('returns the form with an error and every other value kept when the title is missing', async () => {
    const desk = await helpdesk();
    const values = { title: '  ', description: 'It beeps three times', priority: 'high', category: 'Hardware' };
    const reply = await dispatch(context(desk, RIA), { verb: VERBS.create, values });
    const { form } = as(reply, 'form');
    expect(form.errors.map((e) => e.field)).toEqual(['title']);
    expect(form.values).toMatchObject({ description: 'It beeps three times', priority: 'high', category: 'Hardware' });
    expect(await desk.listTickets(RIA, { submittedBy: RIA.email })).toEqual([]);
  });

  it('names an unknown priority and category with the allowed values', async () => {
    const reply = await dispatch(context(await helpdesk(), RIA), { verb: VERBS.create, values: { title: 'Mouse', priority: 'asap', category: 'Snacks' } });
    const { form } = as(reply, 'form');
    expect(form.errors).toEqual([
      { field: 'priority', message: '“asap” is not a priority. Choose one of: Low, Normal, High, Urgent.' },
      { field: 'category', message: '“Snacks” is not a category. Choose one of: Hardware, Software, Access, Network, Facilities, Other.' },
    ]);
    expect(form.values.title).toBe('Mouse');
  });

  it('files the ticket with canonical values and shows it', async () => {
    const desk = await helpdesk();
    const reply = await dispatch(context(desk, RIA), {
      verb: VERBS.create, values: { title: ' Mouse broken ', description: 'Left click', priority: 'HIGH', category: 'hardware' },
    });
    const { ticket } = as(reply, 'ticket');
    expect(ticket).toMatchObject({ title: 'Mouse broken', priority: 'High', category: 'Hardware', status: 'New', requesterEmail: RIA.email });
    expect(ticket.notice?.text).toContain(`#${ticket.id}`);
    expect(desk.ticket(ticket.id)?.submittedByEmail).toBe(RIA.email);
  });
});

describe('create from a chat message', () => {
  it('keeps the link to the message in the ticket', async () => {
    const desk = await helpdesk();
    const link = 'https://teams.microsoft.com/l/message/19:abc/123';
    const opened = as(await dispatch(context(desk, RIA), { verb: VERBS.newForm, values: { title: 'VPN', description: 'It drops', sourceLink: link } }), 'form');
    expect(opened.form.sourceLink).toBe(link);
    const reply = await dispatch(context(desk, RIA), { verb: VERBS.create, values: { ...opened.form.values, sourceLink: link } });
    expect(as(reply, 'ticket').ticket.description).toBe(`It drops\n\nFrom chat: ${link}`);
  });
});

describe('comment', () => {
  it('adds a public comment to my ticket and shows it', async () => {
    const { desk, mineTicket } = await scene();
    const reply = await handleText(context(desk, RIA), `comment ${mineTicket.id} Tried it, still dead`);
    const { ticket } = as(reply, 'ticket');
    expect(ticket.comments.at(-1)).toMatchObject({ body: 'Tried it, still dead', authorEmail: RIA.email, internal: false });
    expect(ticket.notice?.text).toBe('Comment added.');
  });

  it("refuses a comment on someone else's ticket", async () => {
    const { desk, othersTicket } = await scene();
    const reply = await handleText(context(desk, RIA), `comment ${othersTicket.id} hello`);
    as(reply, 'error');
    expect(desk.comments(othersTicket.id)).toEqual([]);
  });

  it('refuses an internal note from a requester', async () => {
    const { desk, mineTicket } = await scene();
    as(await handleText(context(desk, RIA), `note ${mineTicket.id} sneaky`), 'error');
    expect(desk.comments(mineTicket.id).map((c) => c.body)).not.toContain('sneaky');
  });

  it('hands back an over-long comment in the form instead of cutting or losing it', async () => {
    const { desk, mineTicket } = await scene();
    const body = 'y'.repeat(LIMITS.comment + 1);
    const { form } = as(await handleText(context(desk, RIA), `comment ${mineTicket.id} ${body}`), 'form');
    expect(form.values.comment).toBe(body);
    expect(form.errors[0].message).toBe('A comment can be at most 10,000 characters; this one is 10,001.');
    expect(desk.comments(mineTicket.id)).toHaveLength(2);
  });

  it('returns an empty form submit as the form with an error, not an empty comment', async () => {
    const { desk, mineTicket } = await scene();
    const reply = await dispatch(context(desk, RIA), { verb: VERBS.comment, ticketId: mineTicket.id, etag: mineTicket.etag, values: { comment: '   ', internal: 'false' } });
    expect(as(reply, 'form').form.errors[0].field).toBe('comment');
    expect(desk.comments(mineTicket.id)).toHaveLength(2);
  });

  it('opens the comment form from the button without the internal choice for requesters', async () => {
    const { desk, mineTicket } = await scene();
    const reply = await dispatch(context(desk, RIA), { verb: VERBS.commentForm, ticketId: mineTicket.id, etag: mineTicket.etag, values: { internal: 'true' } });
    expect(as(reply, 'form').form).toMatchObject({ form: 'comment', allowInternal: false, values: { internal: 'false' } });
  });
});

describe('assets and help', () => {
  it('lists the assets I hold and only those', async () => {
    const desk = await helpdesk();
    desk.seedAsset({ assetTag: 'LT-1', assignedTo: RIA.email });
    desk.seedAsset({ assetTag: 'LT-2', assignedTo: OTTO.email });
    const { list } = as(await handleText(context(desk, RIA), 'assets'), 'asset-list');
    expect(list.assets.map((a) => a.assetTag)).toEqual(['LT-1']);
  });

  it('refuses a requester the agent asset look-up', async () => {
    const desk = await helpdesk();
    desk.seedAsset({ assetTag: 'LT-2', assignedTo: OTTO.email });
    expect(as(await handleText(context(desk, RIA), 'asset LT-2'), 'error').error.message).toContain('agents');
  });

  it('shows requesters help without agent commands', async () => {
    const reply = await handleText(context(await helpdesk(), RIA), 'help');
    const { help } = as(reply, 'help');
    expect(reply.visibility).toBe('private');
    expect(help.isAgent).toBe(false);
    expect(help.commands.map((c) => c.usage).join(' ')).not.toContain('claim');
  });
});

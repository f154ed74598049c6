import { describe, expect, it } from 'vitest';
import { dispatch, handleText } from '../../src/commands';
import type { Reply } from '../../src/commands/types';
import { VERBS } from '../../src/core/verbs';
import type { View } from '../../src/views/types';
import { DANA, RIA, SAM, context, helpdesk } from './context';

function as<T extends View['type']>(reply: Reply, type: T): Extract<View, { type: T }> {
  expect(reply.view.type, JSON.stringify(reply.view)).toBe(type);
  return reply.view as Extract<View, { type: T }>;
}

async function scene() {
  const desk = await helpdesk();
  const t = desk.seedTicket({ title: 'Printer jammed', submittedByEmail: RIA.email, submittedByName: RIA.name });
  desk.seedComment({ ticketId: t.id, body: 'Called facilities', authorEmail: DANA.email, isInternal: true });
  return { desk, t };
}

describe('queue', () => {
  it('defaults to unassigned open tickets with Claim buttons', async () => {
    const { desk, t } = await scene();
    desk.seedTicket({ title: 'Taken', submittedByEmail: RIA.email, assignedTo: SAM.email });
    desk.seedTicket({ title: 'Done', submittedByEmail: RIA.email, status: 'Resolved' });
    const { list } = as(await handleText(context(desk, DANA), 'queue'), 'ticket-list');
    expect(list.tickets.map((x) => x.id)).toEqual([t.id]);
    expect(list.tickets[0].actions.map((a) => a.title)).toEqual(['Show', 'Claim']);
  });

  it('filters mine, high and all', async () => {
    const { desk, t } = await scene();
    const held = desk.seedTicket({ title: 'Mine', submittedByEmail: RIA.email, assignedTo: DANA.email });
    const urgent = desk.seedTicket({ title: 'Urgent', submittedByEmail: RIA.email, priority: 'Urgent' });
    const ids = async (q: string) => as(await handleText(context(desk, DANA), `queue ${q}`), 'ticket-list').list.tickets.map((x) => x.id);
    expect(await ids('mine')).toEqual([held.id]);
    expect(await ids('high')).toEqual([urgent.id]);
    expect((await ids('all')).sort()).toEqual([t.id, held.id, urgent.id].sort());
  });

  it('says "N of M" when the queue is longer than a page, and pages with Next and Previous', async () => {
    const desk = await helpdesk();
    for (let i = 0; i < 23; i++) desk.seedTicket({ title: `T${i}`, submittedByEmail: RIA.email });
    const { list } = as(await handleText(context(desk, DANA), 'queue'), 'ticket-list');
    expect(list.tickets).toHaveLength(20);
    expect(list.footer).toBe('1–20 of 23');
    expect(list.actions?.map((a) => a.title)).toEqual(['Next']);
    const next = list.actions![0];
    const second = as(await dispatch(context(desk, DANA), { verb: next.verb, values: next.data }), 'ticket-list').list;
    expect(second.footer).toBe('21–23 of 23');
    expect(second.tickets).toHaveLength(3);
    expect(second.actions?.map((a) => a.title)).toEqual(['Previous']);
    const seen = [...list.tickets, ...second.tickets].map((t) => t.id);
    expect(new Set(seen).size).toBe(23);
  });

  it('puts the most urgent first, then the one waiting longest', async () => {
    const desk = await helpdesk();
    const oldNormal = desk.seedTicket({ title: 'old normal', submittedByEmail: RIA.email, priority: 'Normal', created: '2026-11-01T09:00:00Z' });
    const newUrgent = desk.seedTicket({ title: 'new urgent', submittedByEmail: RIA.email, priority: 'Urgent', created: '2026-11-20T09:00:00Z' });
    const newNormal = desk.seedTicket({ title: 'new normal', submittedByEmail: RIA.email, priority: 'Normal', created: '2026-11-19T09:00:00Z' });
    const oldHigh = desk.seedTicket({ title: 'old high', submittedByEmail: RIA.email, priority: 'High', created: '2026-11-02T09:00:00Z' });
    desk.touch(oldNormal.id, { title: 'old normal, touched last' });
    const { list } = as(await handleText(context(desk, DANA), 'queue'), 'ticket-list');
    expect(list.tickets.map((t) => t.id)).toEqual([newUrgent.id, oldHigh.id, oldNormal.id, newNormal.id]);
    expect(list.footer).toBeUndefined();
    expect(list.actions).toBeUndefined();
  });

  it('is refused for requesters', async () => {
    const { desk } = await scene();
    const { error } = as(await handleText(context(desk, RIA), 'queue'), 'error');
    expect(error.message).toContain('`mine`');
  });
});

describe('claim', () => {
  it('assigns the ticket to me and shows the card publicly without internal notes', async () => {
    const { desk, t } = await scene();
    const reply = await handleText(context(desk, DANA), `claim #${t.id}`);
    const { ticket } = as(reply, 'ticket');
    expect(reply).toMatchObject({ visibility: 'public', ticketId: t.id });
    expect(ticket.assignee).toBe(DANA.email);
    expect(reply.outcome).toBe('saved');
    expect(ticket.notice).toMatchObject({ tone: 'success', text: expect.stringContaining(DANA.name) });
    expect(ticket.comments).toEqual([]);
    expect(desk.ticket(t.id)?.assignedTo).toBe(DANA.email);
  });

  it('keeps internal notes on the card in the agent’s personal chat', async () => {
    const { desk, t } = await scene();
    const reply = await handleText(context(desk, DANA, { kind: 'personal' }), `claim ${t.id}`);
    expect(as(reply, 'ticket').ticket.comments.map((c) => c.body)).toEqual(['Called facilities']);
  });

  it('from a stale card shows the current ticket with "Already claimed by" and keeps the other claim', async () => {
    const { desk, t } = await scene();
    const seen = t.etag;
    await dispatch(context(desk, SAM), { verb: VERBS.claim, ticketId: t.id, etag: seen });
    const reply = await dispatch(context(desk, DANA), { verb: VERBS.claim, ticketId: t.id, etag: seen });
    const { ticket } = as(reply, 'ticket');
    expect(ticket.notice).toEqual({ text: 'Already claimed by Sam Agent. Take it over from Sam Agent? Nothing changes until you confirm.', tone: 'warning' });
    expect(reply.outcome).toBe('conflict');
    expect(ticket.assignee).toBe(SAM.email);
    expect(ticket.etag).toBe(desk.ticket(t.id)?.etag);
    expect(reply.visibility).toBe('private');
    expect(desk.ticket(t.id)?.assignedTo).toBe(SAM.email);
  });

  it('typed claim of a ticket someone holds asks to take it over, the same question a click gets', async () => {
    const { desk, t } = await scene();
    const held = desk.touch(t.id, { assignedTo: SAM.email });
    const typed = as(await handleText(context(desk, DANA), `claim ${t.id}`), 'ticket').ticket;
    const clicked = as(await dispatch(context(desk, DANA), { verb: VERBS.claim, ticketId: t.id, etag: held.etag }), 'ticket').ticket;
    expect(typed.notice).toEqual(clicked.notice);
    // Each answer's Take over carries a decision of its own (src/commands/once.ts); the rest is the same.
    const undecided = (actions: typeof typed.actions) => actions.map((a) => ({ ...a, data: a.data && Object.fromEntries(Object.entries(a.data).filter(([k]) => k !== 'decision')) }));
    expect(undecided(typed.actions)).toEqual(undecided(clicked.actions));
    expect(typed.actions.map((a) => a.title)).toEqual(['Take over from Sam Agent', 'Leave it with Sam Agent']);
    expect(desk.ticket(t.id)?.assignedTo).toBe(SAM.email);
  });

  it('a card offers Take over (not Claim) on a ticket someone else holds; confirming takes it, publicly', async () => {
    const { desk, t } = await scene();
    desk.touch(t.id, { assignedTo: SAM.email });
    const card = as(await handleText(context(desk, DANA), `show ${t.id}`), 'ticket').ticket;
    expect(card.actions.map((a) => a.title)).not.toContain('Claim');
    const takeOver = card.actions.find((a) => a.title === 'Take over')!;
    const question = await dispatch(context(desk, DANA), { verb: takeOver.verb, ticketId: takeOver.ticketId, etag: takeOver.etag, values: takeOver.data });
    expect(desk.ticket(t.id)?.assignedTo).toBe(SAM.email);
    const confirm = as(question, 'ticket').ticket.actions[0];
    const done = await dispatch(context(desk, DANA), { verb: confirm.verb, ticketId: confirm.ticketId, etag: confirm.etag, values: confirm.data });
    expect(done.visibility).toBe('public');
    expect(as(done, 'ticket').ticket.notice).toMatchObject({ tone: 'success', text: expect.stringContaining(DANA.name) });
    expect(desk.ticket(t.id)?.assignedTo).toBe(DANA.email);
  });

  it('a confirmation made on a ticket that changed meanwhile asks again, naming the new holder', async () => {
    const { desk, t } = await scene();
    const held = desk.touch(t.id, { assignedTo: SAM.email });
    desk.touch(t.id, { assignedTo: 'lee.agent@contoso.test' });
    const reply = await dispatch(context(desk, DANA), { verb: VERBS.claim, ticketId: t.id, etag: held.etag, values: { takeOver: 'true' } });
    expect(reply.outcome).toBe('conflict');
    expect(desk.ticket(t.id)?.assignedTo).toBe('lee.agent@contoso.test');
  });

  it('is refused for requesters', async () => {
    const { desk, t } = await scene();
    const reply = await handleText(context(desk, RIA), `claim ${t.id}`);
    expect(reply).toMatchObject({ visibility: 'private', view: { type: 'error' } });
    expect(desk.ticket(t.id)?.assignedTo).toBe('');
  });
});

describe('assign', () => {
  it('resolves a mention through the channel', async () => {
    const { desk, t } = await scene();
    const ctx = context(desk, DANA, { users: { '<at>Sam Agent</at>': { email: SAM.email, name: SAM.name } } });
    const { ticket } = as(await handleText(ctx, `assign ${t.id} <at>Sam Agent</at>`), 'ticket');
    expect(ticket.assignee).toBe(SAM.email);
    expect(ticket.notice).toMatchObject({ tone: 'success', text: expect.stringMatching(/Sam Agent.*Dana Agent/) });
  });

  it('takes a typed address and rejects what is neither address nor known mention', async () => {
    const { desk, t } = await scene();
    as(await handleText(context(desk, DANA), `assign ${t.id} SAM.agent@contoso.test`), 'ticket');
    expect(desk.ticket(t.id)?.assignedTo).toBe(SAM.email);
    const bad = as(await handleText(context(desk, DANA, { users: {} }), `assign ${t.id} @nobody`), 'error');
    expect(bad.error).toEqual({ message: 'I can\'t tell who “@nobody” is. Use their email address or @mention them.', usage: 'assign <ticket id> <email or @mention>', usageLabel: 'Usage:' });
  });

  it('unwraps a Slack mailto link', async () => {
    const { desk, t } = await scene();
    await handleText(context(desk, DANA), `assign ${t.id} <mailto:${SAM.email}|${SAM.email}>`);
    expect(desk.ticket(t.id)?.assignedTo).toBe(SAM.email);
  });

  it('passes the service’s refusal of a non-agent assignee', async () => {
    const { desk, t } = await scene();
    const reply = await handleText(context(desk, DANA), `assign ${t.id} ria.requester@contoso.test`);
    expect(as(reply, 'error').error.message).toContain('is not an active help-desk agent');
  });

  it('opens the assign form with the active agents and accepts its submit', async () => {
    const { desk, t } = await scene();
    const { form } = as(await dispatch(context(desk, DANA), { verb: VERBS.assignForm, ticketId: t.id, etag: t.etag }), 'form');
    expect(form.assignees?.map((a) => a.value)).toEqual([DANA.email, SAM.email]);
    const reply = await dispatch(context(desk, DANA), { verb: VERBS.assign, ticketId: t.id, etag: form.etag, values: { assignee: SAM.email } });
    expect(as(reply, 'ticket').ticket.assignee).toBe(SAM.email);
  });
});

describe('status, priority, resolve', () => {
  it('matches a multi-word status case-insensitively', async () => {
    const { desk, t } = await scene();
    const reply = await handleText(context(desk, DANA), `status ${t.id} in   PROGRESS`);
    expect(as(reply, 'ticket').ticket.status).toBe('In Progress');
    expect(reply.visibility).toBe('public');
  });

  it('names an unknown status and lists the statuses', async () => {
    const { desk, t } = await scene();
    const { error } = as(await handleText(context(desk, DANA), `status ${t.id} sleeping`), 'error');
    expect(error).toEqual({ message: '“sleeping” is not a status. Statuses: New, Assigned, In Progress, Waiting, Resolved, Closed.', usage: 'status <ticket id> <status>', usageLabel: 'Usage:' });
  });

  it('a Start button with a stale etag shows the ticket as it is now', async () => {
    const { desk, t } = await scene();
    desk.touch(t.id, { priority: 'High' });
    const reply = await dispatch(context(desk, DANA), { verb: VERBS.status, ticketId: t.id, etag: t.etag, values: { status: 'In Progress' } });
    const { ticket } = as(reply, 'ticket');
    expect(reply.outcome).toBe('conflict');
    expect(ticket.notice?.tone).toBe('warning');
    expect(ticket.priority).toBe('High');
    expect(desk.ticket(t.id)?.status).toBe('New');
  });

  it('changes priority and rejects an unknown one', async () => {
    const { desk, t } = await scene();
    expect(as(await handleText(context(desk, DANA), `priority ${t.id} urgent`), 'ticket').ticket.priority).toBe('Urgent');
    expect(as(await handleText(context(desk, DANA), `priority ${t.id} meh`), 'error').error.message).toContain('“meh” is not a priority');
  });

  it('resolves with a public note and offers Reopen', async () => {
    const { desk, t } = await scene();
    const { ticket } = as(await handleText(context(desk, DANA), `resolve ${t.id} Cleared the paper path`), 'ticket');
    expect(ticket.status).toBe('Resolved');
    expect(ticket.comments.map((c) => c.body)).toEqual(['Cleared the paper path']);
    expect(ticket.actions.map((a) => a.title)).toContain('Reopen');
    const reopened = await dispatch(context(desk, DANA), { verb: VERBS.status, ticketId: t.id, etag: ticket.etag, values: ticket.actions.find((a) => a.title === 'Reopen')!.data });
    expect(as(reopened, 'ticket').ticket.status).toBe('New');
  });

  it('opens the resolve form from the button', async () => {
    const { desk, t } = await scene();
    const { form } = as(await dispatch(context(desk, DANA), { verb: VERBS.resolveForm, ticketId: t.id, etag: t.etag }), 'form');
    expect(form).toMatchObject({ form: 'resolve', submitVerb: VERBS.resolve, ticketId: t.id });
  });
});

describe('note and reply', () => {
  it('adds an internal note the agent sees and the requester does not', async () => {
    const { desk, t } = await scene();
    const { ticket } = as(await handleText(context(desk, DANA), `note ${t.id} Toner on order`), 'ticket');
    expect(ticket.comments.at(-1)).toMatchObject({ body: 'Toner on order', internal: true });
    const forRequester = as(await handleText(context(desk, RIA), `show ${t.id}`), 'ticket');
    expect(forRequester.ticket.comments.map((c) => c.body)).not.toContain('Toner on order');
  });

  it('adds a public reply the requester sees', async () => {
    const { desk, t } = await scene();
    await handleText(context(desk, DANA), `reply ${t.id} On my way`);
    const forRequester = as(await handleText(context(desk, RIA), `show ${t.id}`), 'ticket');
    expect(forRequester.ticket.comments.map((c) => c.body)).toEqual(['On my way']);
  });
});

describe('asset', () => {
  it('finds by tag or serial and says when there is none', async () => {
    const desk = await helpdesk();
    desk.seedAsset({ assetTag: 'LT-0042', serialNumber: 'PF3XYZ', assignedTo: RIA.email });
    expect(as(await handleText(context(desk, DANA), 'asset pf3xyz'), 'asset-list').list.assets[0].assetTag).toBe('LT-0042');
    const { error } = as(await handleText(context(desk, DANA), 'asset LT-9999'), 'error');
    expect(error.message).toBe('No asset has the tag or serial number “LT-9999”.');
  });
});

/**
 * The commands against the real stack: the embedded help-desk site (emulator) on loopback, the
 * Graph client over HTTP and the help-desk service. Same handlers the channels call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch, handleText } from '../../src/commands';
import type { CommandContext, Reply } from '../../src/commands/types';
import { VERBS } from '../../src/core/verbs';
import type { Actor, Ticket } from '../../src/helpdesk/types';
import type { View } from '../../src/views/types';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';

const megan: Actor = { email: 'meganb@example.com', name: 'Megan Bowen' };
const diego: Actor = { email: 'diegos@example.com', name: 'Diego Siciliani' };
const patti: Actor = { email: 'pattif@example.com', name: 'Patti Fernandez' };

let stack: HelpdeskStack;
let all: Ticket[];

function ctx(actor: Actor): CommandContext {
  return { actor, helpdesk: stack.helpdesk, conversation: { platform: 'slack', id: 'C1', kind: 'channel' }, channel: {} };
}

function as<T extends View['type']>(reply: Reply, type: T): Extract<View, { type: T }> {
  expect(reply.view.type, JSON.stringify(reply.view)).toBe(type);
  return reply.view as Extract<View, { type: T }>;
}

const byTitle = (title: string) => all.find((t) => t.title === title)!;

beforeAll(async () => {
  stack = await startHelpdeskStack({ seed: 'demo' });
  all = await stack.helpdesk.listTickets(megan, { limit: 500 });
}, 30_000);
afterAll(() => stack?.close());

describe('requesters on the real stack', () => {
  it('mine lists only my tickets, open ones first', async () => {
    const { list } = as(await handleText(ctx(patti), 'mine'), 'ticket-list');
    const mine = all.filter((t) => t.submittedByEmail === patti.email);
    expect(list.tickets.length).toBeGreaterThan(0);
    expect(list.tickets.every((s) => mine.some((t) => t.id === s.id))).toBe(true);
    const open = list.tickets.map((s) => stack.helpdesk.vocabulary.openStatuses.includes(s.status));
    expect(open).toEqual([...open].sort((a, b) => Number(b) - Number(a)));
  });

  it("show of another person's ticket is an error that reveals nothing", async () => {
    const lynnes = all.find((t) => t.submittedByEmail === 'lynner@example.com')!;
    const reply = await handleText(ctx(patti), `show #${lynnes.id}`);
    expect(as(reply, 'error').error.message).toBe(`Ticket #${lynnes.id} was not found or is not yours.`);
    expect(JSON.stringify(reply)).not.toContain(lynnes.title);
  });

  it('show of my ticket hides internal notes and agent buttons; the agent sees both', async () => {
    const vpn = byTitle('VPN drops every 10 minutes');
    const forPatti = as(await handleText(ctx(patti), `show ${vpn.id}`), 'ticket').ticket;
    expect(forPatti.comments.some((c) => c.internal)).toBe(false);
    expect(forPatti.comments.map((c) => c.body)).toContain('Home Wi-Fi, 5 GHz. I have not tried a cable yet.');
    expect(forPatti.actions.map((a) => a.title)).toEqual(['Comment', 'Edit', 'Refresh']);
    const forMegan = as(await handleText(ctx(megan), `show ${vpn.id}`), 'ticket').ticket;
    expect(forMegan.comments.filter((c) => c.internal).map((c) => c.body)).toHaveLength(1);
    expect(forMegan.actions.map((a) => a.title)).toContain(vpn.assignedTo ? 'Take over' : 'Claim');
  });

  it('a create form without a title comes back with the error and the rest kept; nothing is filed', async () => {
    const before = stack.emulator.data.count('SD_Tickets');
    const reply = await dispatch(ctx(patti), { verb: VERBS.create, values: { title: '', description: 'Screen is black', priority: 'Normal', category: 'Hardware' } });
    const { form } = as(reply, 'form');
    expect(form.errors.map((e) => e.field)).toEqual(['title']);
    expect(form.values).toMatchObject({ description: 'Screen is black', priority: 'Normal', category: 'Hardware' });
    expect(stack.emulator.data.count('SD_Tickets')).toBe(before);
  });

  it('a filed ticket shows up in mine and in the unassigned queue', async () => {
    const reply = await dispatch(ctx(patti), { verb: VERBS.create, values: { title: 'Docking station dead', description: 'No power LED', priority: 'high', category: 'hardware' } });
    const { ticket } = as(reply, 'ticket');
    expect(ticket).toMatchObject({ status: 'New', priority: 'High', category: 'Hardware', requesterEmail: patti.email, assignee: '' });
    const mine = as(await handleText(ctx(patti), 'mine'), 'ticket-list').list;
    expect(mine.tickets[0].id).toBe(ticket.id);
    const queue = as(await handleText(ctx(megan), 'queue'), 'ticket-list').list;
    expect(queue.tickets.map((t) => t.id)).toContain(ticket.id);
  });
});

describe('agents on the real stack', () => {
  it('a claim from a stale card shows the current ticket with "Already claimed by"', async () => {
    const target = all.find((t) => t.status === 'New' && !t.assignedTo && t.submittedByEmail !== patti.email)!;
    const seen = as(await handleText(ctx(megan), `show ${target.id}`), 'ticket').ticket;
    const claim = seen.actions.find((a) => a.verb === VERBS.claim)!;
    const diegos = await dispatch(ctx(diego), { verb: claim.verb, ticketId: claim.ticketId, etag: claim.etag });
    expect(as(diegos, 'ticket').ticket.assignee).toBe(diego.email);
    const megans = await dispatch(ctx(megan), { verb: claim.verb, ticketId: claim.ticketId, etag: claim.etag });
    const { ticket } = as(megans, 'ticket');
    expect(ticket.notice?.text).toBe('Already claimed by Diego Siciliani. Take it over from Diego Siciliani? Nothing changes until you confirm.');
    expect(ticket.assignee).toBe(diego.email);
    expect((await stack.helpdesk.getTicket(megan, target.id)).assignedTo).toBe(diego.email);
  });

  it('status, note, resolve with a note, then reopen — the requester sees only the public parts', async () => {
    const t = all.find((x) => x.submittedByEmail === patti.email && x.status === 'New')!;
    expect(as(await handleText(ctx(megan), `status ${t.id} in progress`), 'ticket').ticket.status).toBe('In Progress');
    await handleText(ctx(megan), `note ${t.id} Needs a new bulb from facilities stock`);
    const resolved = as(await handleText(ctx(megan), `resolve ${t.id} Bulb replaced`), 'ticket').ticket;
    expect(resolved.status).toBe('Resolved');
    const forPatti = as(await handleText(ctx(patti), `show ${t.id}`), 'ticket').ticket;
    expect(forPatti.comments.map((c) => c.body)).toContain('Bulb replaced');
    expect(forPatti.comments.map((c) => c.body)).not.toContain('Needs a new bulb from facilities stock');
    const reopen = resolved.actions.find((a) => a.title === 'Reopen')!;
    const reopened = await dispatch(ctx(megan), { verb: reopen.verb, ticketId: reopen.ticketId, etag: reopen.etag, values: reopen.data });
    expect(as(reopened, 'ticket').ticket.status).toBe('New');
  });

  it('assigning to someone who is not an agent is refused with their address named', async () => {
    const t = all.find((x) => x.status === 'New' && !x.assignedTo)!;
    const reply = await handleText(ctx(megan), `assign ${t.id} ${patti.email}`);
    expect(as(reply, 'error').error.message).toBe('pattif@example.com is not an active help-desk agent.');
  });

  it('a typed claim of a ticket someone holds does not take it over', async () => {
    const held = all.find((x) => x.assignedTo === 'alexw@example.com' && stack.helpdesk.vocabulary.openStatuses.includes(x.status))!;
    const { ticket } = as(await handleText(ctx(megan), `claim ${held.id}`), 'ticket');
    expect(ticket.notice?.text).toMatch(/^Already claimed by Alex Wilber\./);
    expect((await stack.helpdesk.getTicket(megan, held.id)).assignedTo).toBe('alexw@example.com');
  });

  it('assets: my own for a requester, look-up by tag or serial for agents only', async () => {
    expect(as(await handleText(ctx(patti), 'assets'), 'asset-list').list.assets.map((a) => a.assetTag)).toContain('LAP-0029');
    expect(as(await handleText(ctx(megan), 'asset 5cd4411xyz'), 'asset-list').list.assets[0].assetTag).toBe('LAP-0042');
    expect(as(await handleText(ctx(patti), 'asset LAP-0042'), 'error').error.message).toBe('Only help-desk agents can look up assets.');
  });
});

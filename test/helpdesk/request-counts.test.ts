/**
 * Graph requests per command, counted at the embedded site: each command stays at or under the
 * "least a faithful client needs" column of issue 11, reads no item twice, and `show` runs its
 * two reads at the same time (both in flight at the site at once).
 * Status, claim and resolve send their PATCH straight out, guarded by the etag of the version the
 * bot last saw, and still write nothing when the change changes nothing (issue 17's honest no-ops),
 * also when that version is stale because the ticket was changed elsewhere.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dispatch, handleText } from '../../src/commands';
import type { CommandContext, Reply } from '../../src/commands/types';
import { VERBS } from '../../src/core/verbs';
import type { Actor, Ticket } from '../../src/helpdesk/types';
import type { View } from '../../src/views/types';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';

const megan: Actor = { email: 'meganb@example.com', name: 'Megan Bowen' };
const diego: Actor = { email: 'diegos@example.com', name: 'Diego Siciliani' };
const patti: Actor = { email: 'pattif@example.com', name: 'Patti Fernandez' };
const IDENTITY_ROUTES = new Set(['POST /token', 'GET openid-configuration', 'GET keys']);

let stack: HelpdeskStack;

function ctx(actor: Actor): CommandContext {
  return { actor, helpdesk: stack.helpdesk, conversation: { platform: 'slack', id: 'C1', kind: 'channel' }, channel: {} };
}

function as<T extends View['type']>(reply: Reply, type: T): Extract<View, { type: T }> {
  expect(reply.view.type, JSON.stringify(reply.view)).toBe(type);
  return reply.view as Extract<View, { type: T }>;
}

/** Graph requests since the last reset, by route (identity requests left out). */
function graphRequests(): Record<string, number> {
  return Object.fromEntries(Object.entries(stack.emulator.counters.all()).filter(([route]) => !IDENTITY_ROUTES.has(route)));
}

const total = (routes: Record<string, number>) => Object.values(routes).reduce((a, b) => a + b, 0);

/** Runs a command and returns its reply with the Graph requests it made. */
async function counted(run: () => Promise<Reply>): Promise<{ reply: Reply; requests: number; routes: Record<string, number> }> {
  stack.emulator.counters.reset();
  const reply = await run();
  const routes = graphRequests();
  // "Never reads the same item twice": one item read at most per command.
  expect(routes['GET SD_Tickets/items/{id}'] ?? 0, JSON.stringify(routes)).toBeLessThanOrEqual(1);
  return { reply, requests: total(routes), routes };
}

async function fileTicket(title: string, by: Actor = patti): Promise<Ticket> {
  return stack.helpdesk.createTicket(by, { title, description: 'for counting', priority: 'Normal', category: 'Hardware' });
}

beforeAll(async () => {
  stack = await startHelpdeskStack({ seed: 'demo' });
  // The agents list is cached for a minute; the table counts commands after it was read.
  await stack.helpdesk.activeAgents();
}, 30_000);
afterAll(() => stack?.close());
beforeEach(() => stack.emulator.setLatency(0));

describe('Graph requests per command (at most the least a faithful client needs)', () => {
  it('help: 0', async () => {
    const { reply, requests } = await counted(() => handleText(ctx(patti), 'help'));
    expect(reply.view.type).toBe('help');
    expect(requests).toBe(0);
  });

  it('mine (requester): 1', async () => {
    const { reply, requests } = await counted(() => handleText(ctx(patti), 'mine'));
    expect(as(reply, 'ticket-list').list.tickets.length).toBeGreaterThan(0);
    expect(requests).toBeLessThanOrEqual(1);
  });

  it('mine still shows open tickets first, then recently resolved ones, from that one request', async () => {
    const open = await fileTicket('Mine: still open');
    const done = await fileTicket('Mine: done');
    await stack.helpdesk.resolve(megan, done.id);
    const { list } = as(await handleText(ctx(patti), 'mine'), 'ticket-list');
    const ids = list.tickets.map((t) => t.id);
    expect(ids).toContain(open.id);
    expect(ids).toContain(done.id);
    expect(ids.indexOf(open.id)).toBeLessThan(ids.indexOf(done.id));
  });

  it('show own ticket: 2, both in flight at once (one round trip)', async () => {
    const t = await fileTicket('Show me');
    await stack.helpdesk.addComment(patti, t.id, 'first comment');
    stack.emulator.setLatency(100);
    const { reply, requests } = await counted(() => handleText(ctx(patti), `show ${t.id}`));
    expect(as(reply, 'ticket').ticket.comments.map((c) => c.body)).toEqual(['first comment']);
    expect(requests).toBeLessThanOrEqual(2);
    expect(stack.emulator.counters.peakInFlight()).toBe(2);
  });

  it("show of someone else's ticket still reveals nothing of it or its comments", async () => {
    const theirs = await fileTicket('Not for Patti', diego);
    await stack.helpdesk.addComment(diego, theirs.id, 'private words');
    const reply = await handleText(ctx(patti), `show ${theirs.id}`);
    expect(as(reply, 'error').error.message).toBe(`Ticket #${theirs.id} was not found or is not yours.`);
    expect(JSON.stringify(reply)).not.toContain('private words');
  });

  it('queue: 1', async () => {
    const { reply, requests } = await counted(() => handleText(ctx(megan), 'queue'));
    expect(reply.view.type).toBe('ticket-list');
    expect(requests).toBeLessThanOrEqual(1);
  });

  it('comment (requester): 3, and the reply shows the new comment', async () => {
    const t = await fileTicket('Comment on me');
    const { reply, requests } = await counted(() => handleText(ctx(patti), `comment ${t.id} It started again`));
    expect(as(reply, 'ticket').ticket.comments.map((c) => c.body)).toEqual(['It started again']);
    expect(requests).toBeLessThanOrEqual(3);
  });

  it('new ticket (form submit): 1', async () => {
    const { reply, requests } = await counted(() =>
      dispatch(ctx(patti), { verb: VERBS.create, values: { title: 'Counted ticket', description: 'x', priority: 'Normal', category: 'Hardware' } }),
    );
    expect(as(reply, 'ticket').ticket).toMatchObject({ title: 'Counted ticket', status: 'New' });
    expect(requests).toBeLessThanOrEqual(1);
  });

  it('claim (typed): 3', async () => {
    const t = await fileTicket('Claim me by typing');
    const { reply, requests } = await counted(() => handleText(ctx(megan), `claim ${t.id}`));
    expect(as(reply, 'ticket').ticket).toMatchObject({ assignee: megan.email, status: 'Assigned' });
    expect(requests).toBeLessThanOrEqual(3);
  });

  it('status (typed): 2, and the card carries the etag the PATCH answer gave', async () => {
    const t = await fileTicket('Change my status');
    const { reply, requests } = await counted(() => handleText(ctx(megan), `status ${t.id} in progress`));
    const card = as(reply, 'ticket').ticket;
    expect(card.status).toBe('In Progress');
    expect(requests).toBeLessThanOrEqual(2);
    const now = stack.emulator.data.get('SD_Tickets', String(t.id))!;
    expect(card.actions.find((a) => a.etag)?.etag).toBe(now.etag);
  });

  it('claim (card button): 2', async () => {
    const t = await fileTicket('Claim me by button');
    const { reply, requests } = await counted(() => dispatch(ctx(diego), { verb: VERBS.claim, ticketId: t.id, etag: t.etag }));
    expect(as(reply, 'ticket').ticket.assignee).toBe(diego.email);
    expect(requests).toBeLessThanOrEqual(2);
  });

  it('resolve with a note: 3, and the reply shows the note', async () => {
    const t = await fileTicket('Resolve me with a note');
    const { reply, requests } = await counted(() => handleText(ctx(megan), `resolve ${t.id} Replaced the cable`));
    const card = as(reply, 'ticket').ticket;
    expect(card.status).toBe('Resolved');
    expect(card.comments.map((c) => c.body)).toContain('Replaced the cable');
    expect(requests).toBeLessThanOrEqual(3);
  });
});

describe('Changes sent straight out stay honest when what the bot saw is stale', () => {
  const changedElsewhere = (id: number, fields: Record<string, unknown>) => stack.emulator.data.update('SD_Tickets', String(id), fields);

  it('a typed status the ticket already has (set elsewhere since) writes nothing and says so (a refused PATCH, one read and the comments)', async () => {
    const t = await fileTicket('Started elsewhere');
    changedElsewhere(t.id, { SD_Status: 'In Progress' });
    const before = stack.emulator.data.get('SD_Tickets', String(t.id))!.etag;
    const { reply, requests } = await counted(() => handleText(ctx(megan), `status ${t.id} in progress`));
    expect(reply.outcome).toBe('unchanged');
    expect(as(reply, 'ticket').ticket.notice?.text).toMatch(/^Already In Progress — nothing changed\./);
    expect(stack.emulator.data.get('SD_Tickets', String(t.id))!.etag).toBe(before);
    expect(requests).toBeLessThanOrEqual(3);
  });

  it('a typed status on a ticket changed elsewhere is written over the version it has now, not refused', async () => {
    const t = await fileTicket('Reworded elsewhere');
    changedElsewhere(t.id, { Title: 'Reworded elsewhere (edited in the portal)' });
    const reply = await handleText(ctx(megan), `status ${t.id} in progress`);
    expect(reply.outcome).toBe('saved');
    const now = stack.emulator.data.get('SD_Tickets', String(t.id))!;
    expect(now.fields.SD_Status).toBe('In Progress');
    expect(now.fields.Title).toBe('Reworded elsewhere (edited in the portal)');
    expect(as(reply, 'ticket').ticket.title).toBe('Reworded elsewhere (edited in the portal)');
  });

  it('resolving a ticket resolved elsewhere posts no second note and writes nothing', async () => {
    const t = await fileTicket('Resolved in the portal');
    changedElsewhere(t.id, { SD_Status: 'Resolved' });
    const comments = stack.emulator.data.count('SD_Comments');
    const reply = await handleText(ctx(megan), `resolve ${t.id} Replaced the cable`);
    expect(reply.outcome).toBe('unchanged');
    expect(stack.emulator.data.count('SD_Comments')).toBe(comments);
  });

  it('a claim button on a card older than the ticket is a conflict naming who took it, not a silent take-over', async () => {
    const t = await fileTicket('Taken in the portal');
    changedElsewhere(t.id, { SD_AssignedTo: diego.email, SD_Status: 'Assigned' });
    const reply = await dispatch(ctx(megan), { verb: VERBS.claim, ticketId: t.id, etag: t.etag });
    expect(reply.outcome).toBe('conflict');
    expect(as(reply, 'ticket').ticket.notice?.text).toContain('Diego Siciliani');
    expect(stack.emulator.data.get('SD_Tickets', String(t.id))!.fields.SD_AssignedTo).toBe(diego.email);
  });
});

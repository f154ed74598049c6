import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardOf, cardText, startTeamsHarness, USERS, type TeamsHarness } from './harness';

let h: TeamsHarness;
beforeAll(async () => {
  h = await startTeamsHarness();
}, 30_000);
afterAll(() => h?.close());

const CARD = 'application/vnd.microsoft.card.adaptive';
const title = `Printer jam on 3 ${Date.now()}`;
let ticketId = 0;
let etag = '';

function executeActions(card: unknown): { verb: string; data: Record<string, any> }[] {
  const found: { verb: string; data: Record<string, any> }[] = [];
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      if (n.type === 'Action.Execute') found.push({ verb: n.verb, data: n.data ?? {} });
      Object.values(n).forEach(walk);
    }
  };
  walk(card);
  return found;
}

describe('Teams card actions (Action.Execute invokes) through the real server', () => {
  it('files a ticket from the submitted form and answers with its card', async () => {
    const res = await h.execute('ticket.create', { title, description: 'Paper stuck in tray 2', priority: 'High', category: 'Hardware' });
    expect(res.status).toBe(200);
    expect(res.body.statusCode).toBe(200);
    expect(res.body.type).toBe(CARD);
    expect(cardText(res.body.value)).toContain(title);
    const mine = await h.stack.helpdesk.listTickets({ email: h.emails.lynne!, name: 'Lynne' }, { submittedBy: h.emails.lynne! });
    const created = mine.find((t) => t.title === title);
    expect(created).toBeDefined();
    expect(created!.priority).toBe('High');
    ticketId = created!.id;
    etag = created!.etag;
    // The card refreshes itself for the person who acted (Universal Actions user-specific view).
    expect(res.body.value.refresh.action.verb).toBe('ticket.refresh');
    expect(res.body.value.refresh.userIds).toEqual([USERS.lynne.id]);
  });

  it('returns the form with the reason and every typed value when the title is missing', async () => {
    const res = await h.execute('ticket.create', { title: '', description: 'Long text I typed', priority: 'Low' });
    expect(res.body.type).toBe(CARD);
    const text = cardText(res.body.value);
    expect(text).toMatch(/title is required/i);
    expect(text).toContain('Long text I typed');
  });

  it('lists the new ticket under "mine"', async () => {
    const [reply] = await h.say('mine');
    expect(cardText(cardOf(reply))).toContain(title);
  });

  it('lets an agent claim it with the etag they saw, answering with the updated card', async () => {
    const res = await h.execute('ticket.claim', { ticketId, etag }, 'dana');
    expect(res.body.type).toBe(CARD);
    const ticket = await h.stack.helpdesk.getTicket({ email: h.emails.dana!, name: 'Dana' }, ticketId);
    expect(ticket.assignedTo.toLowerCase()).toBe(h.emails.dana!.toLowerCase());
    expect(ticket.etag).not.toBe(etag);
  });

  it('shows the current card, saying who has it, when a second claim uses the stale etag', async () => {
    const res = await h.execute('ticket.claim', { ticketId, etag }, 'lee');
    expect(res.body.statusCode).toBe(200);
    expect(res.body.type).toBe(CARD);
    expect(cardText(res.body.value)).toMatch(/already claimed by/i);
    const ticket = await h.stack.helpdesk.getTicket({ email: h.emails.lee!, name: 'Lee' }, ticketId);
    expect(ticket.assignedTo.toLowerCase()).toBe(h.emails.dana!.toLowerCase());
  });

  it('answers an unknown verb with an error the card shows', async () => {
    const res = await h.execute('ticket.explode', { ticketId, etag });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, type: 'application/vnd.microsoft.error' });
    expect(res.body.value.message).toContain('ticket.explode');
  });

  it('refreshes to a per-user view: agents see internal notes, the requester does not', async () => {
    const note = `Internal: toner vendor case ${Date.now()}`;
    await h.stack.helpdesk.addComment({ email: h.emails.dana!, name: 'Dana' }, ticketId, note, { internal: true });
    // What Teams sends on its own when a card with a refresh clause comes into view.
    const refresh = async (user: 'lynne' | 'dana') => {
      const activity = h.fixture('invoke-card-action', user);
      activity.value = { action: { type: 'Action.Execute', verb: 'ticket.refresh', data: { ticketId } }, trigger: 'automatic' };
      return (await h.post(activity)).body;
    };
    const forAgent = await refresh('dana');
    const forRequester = await refresh('lynne');
    expect(forAgent.type).toBe(CARD);
    expect(forRequester.type).toBe(CARD);
    expect(cardText(forAgent.value)).toContain(note);
    expect(cardText(forRequester.value)).toContain(title);
    expect(cardText(forRequester.value)).not.toContain(note);
    const agentVerbs = executeActions(forAgent.value).map((a) => a.verb);
    const requesterVerbs = executeActions(forRequester.value).map((a) => a.verb);
    expect(agentVerbs).toContain('ticket.resolveForm');
    expect(requesterVerbs).not.toContain('ticket.resolveForm');
  });

  it('keeps internal notes off a ticket card posted into a channel, even when an agent changed it', async () => {
    const [reply] = await h.say(`priority ${ticketId} Urgent`, 'dana', 'message-channel-mention');
    const card = cardOf(reply)!;
    expect(cardText(card)).toContain(title);
    expect(cardText(card)).not.toMatch(/Internal: toner vendor case/);
    expect(card.refresh.userIds).toEqual([USERS.dana.id]);
  });
});

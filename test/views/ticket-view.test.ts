import { describe, expect, it } from 'vitest';
import { COMMAND_DECLARATIONS } from '../../src/commands';
import { VERBS } from '../../src/core/verbs';
import type { Comment, Ticket, Vocabulary } from '../../src/helpdesk/types';
import { earlierCommentsText, shareableView, ticketSummary, ticketView } from '../../src/views/ticket-view';
import { formatDate } from '../../src/views/format';
import { helpView } from '../../src/views/help-view';
import { ticketListView } from '../../src/views/list-view';

const vocabulary: Vocabulary = {
  priorities: ['Low', 'Normal', 'High', 'Urgent'],
  categories: ['Hardware', 'Other'],
  statuses: ['New', 'Assigned', 'In Progress', 'Waiting', 'Resolved', 'Closed'],
  openStatuses: ['New', 'Assigned', 'In Progress'],
  highPriorities: ['High', 'Urgent'],
};

const ticket: Ticket = {
  id: 12, etag: '"12,3"', created: '2026-11-22T14:05:09Z', modified: '2026-11-22T15:30:00Z',
  title: 'Printer jammed', description: 'Floor 3', priority: 'Normal', status: 'New', category: 'Hardware',
  submittedBy: 'Ria Requester', submittedByName: 'Ria Requester', submittedByEmail: 'ria@contoso.test', assignedTo: '',
};

function comment(id: number, internal: boolean, minute: number): Comment {
  const created = `2026-11-22T16:${String(minute).padStart(2, '0')}:00Z`;
  return {
    id, etag: `"c${id}"`, created, modified: created, ticketId: 12, title: 'x',
    body: internal ? `secret ${id}` : `public ${id}`, authorEmail: 'dana@contoso.test', authorName: 'Dana Agent', isInternal: internal,
  };
}

const requester = { email: 'RIA@contoso.test', isAgent: false };
const agent = { email: 'dana@contoso.test', isAgent: true };
const titles = (t: { actions: { title: string }[] }) => t.actions.map((a) => a.title);

describe('ticketView', () => {
  it('gives a requester Comment, Edit and Refresh on her open ticket, and never internal notes', () => {
    const view = ticketView(ticket, [comment(1, false, 1), comment(2, true, 2)], requester, vocabulary);
    expect(titles(view)).toEqual(['Comment', 'Edit', 'Refresh']);
    expect(view.actions.map((a) => a.verb)).not.toContain(VERBS.claim);
    expect(view.comments.map((c) => c.body)).toEqual(['public 1']);
    expect(view.olderComments).toBe(0);
    expect(view.agentView).toBe(false);
  });

  it('gives an agent the working buttons and internal notes', () => {
    const view = ticketView(ticket, [comment(1, false, 1), comment(2, true, 2)], agent, vocabulary);
    expect(titles(view)).toEqual(['Claim', 'Assign', 'Start', 'Resolve', 'Edit', 'Mark High', 'Reply', 'Internal note', 'Refresh']);
    expect(view.actions.find((a) => a.title === 'Start')?.data).toEqual({ status: 'In Progress' });
    expect(view.comments.map((c) => c.internal)).toEqual([false, true]);
    expect(view.agentView).toBe(true);
  });

  it('every button carries the verb, ticket id and the etag this person saw', () => {
    for (const viewer of [requester, agent]) {
      for (const a of ticketView(ticket, [], viewer, vocabulary).actions) {
        expect(a).toMatchObject({ ticketId: 12, etag: '"12,3"' });
        expect(Object.values(VERBS)).toContain(a.verb);
      }
    }
  });

  it('drops Claim for the holder and Start when already in progress', () => {
    const held = { ...ticket, assignedTo: 'Dana@Contoso.test', status: 'In Progress', priority: 'Urgent' };
    expect(titles(ticketView(held, [], agent, vocabulary))).toEqual(['Assign', 'Resolve', 'Edit', 'Reply', 'Internal note', 'Refresh']);
  });

  it('offers the requester Reopen (not Edit) on her resolved ticket, opening the reason form', () => {
    const view = ticketView({ ...ticket, status: 'Resolved' }, [], requester, vocabulary);
    expect(titles(view)).toEqual(['Comment', 'Reopen', 'Refresh']);
    expect(view.actions[1]).toMatchObject({ verb: VERBS.reopenForm, ticketId: ticket.id, etag: ticket.etag });
  });

  it('offers Reopen instead of Resolve, and Save as answer, on a resolved ticket', () => {
    const unassigned = ticketView({ ...ticket, status: 'Resolved' }, [], agent, vocabulary);
    expect(titles(unassigned)).toEqual(['Reopen', 'Save as answer', 'Reply', 'Internal note', 'Refresh']);
    expect(unassigned.actions[1]).toMatchObject({ verb: VERBS.answersFromTicket, ticketId: ticket.id });
    expect(titles(ticketView({ ...ticket, status: 'Resolved' }, [], requester, vocabulary))).not.toContain('Save as answer');
    expect(unassigned.actions[0]).toMatchObject({ verb: VERBS.status, data: { status: 'New' } });
    const assigned = ticketView({ ...ticket, status: 'Resolved', assignedTo: 'sam@contoso.test' }, [], agent, vocabulary);
    expect(assigned.actions[0].data).toEqual({ status: 'In Progress' });
  });

  it('shows the latest five visible comments oldest first and counts the rest', () => {
    const many = [8, 3, 1, 7, 5, 2, 6, 4].map((m) => comment(m, false, m)).concat(comment(9, true, 9));
    const forRequester = ticketView(ticket, many, requester, vocabulary);
    expect(forRequester.comments.map((c) => c.body)).toEqual(['public 4', 'public 5', 'public 6', 'public 7', 'public 8']);
    expect(forRequester.olderComments).toBe(3);
    const forAgent = ticketView(ticket, many, agent, vocabulary);
    expect(forAgent.comments.at(-1)?.body).toBe('secret 9');
    expect(forAgent.olderComments).toBe(4);
  });

  it('writes dates as "22 Nov 2026 14:05 UTC" and keeps the notice', () => {
    const view = ticketView(ticket, [comment(1, false, 1)], requester, vocabulary, { text: 'Already claimed by Sam Agent', tone: 'warning' });
    expect(view.createdText).toBe('22 Nov 2026 14:05 UTC');
    expect(view.modifiedText).toBe('22 Nov 2026 15:30 UTC');
    expect(view.comments[0].createdText).toBe('22 Nov 2026 16:01 UTC');
    expect(view.notice).toEqual({ text: 'Already claimed by Sam Agent', tone: 'warning' });
    expect(formatDate('2026-01-05T03:04:00Z')).toBe('5 Jan 2026 03:04 UTC');
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('ticketSummary and ticketListView', () => {
  it('offers Claim to agents only on unassigned open tickets', () => {
    expect(titles(ticketSummary(ticket, agent))).toEqual(['Show', 'Claim']);
    expect(titles(ticketSummary(ticket, requester))).toEqual(['Show']);
    expect(titles(ticketSummary({ ...ticket, assignedTo: 'sam@contoso.test' }, agent))).toEqual(['Show']);
    expect(titles(ticketSummary({ ...ticket, status: 'Resolved' }, agent))).toEqual(['Show']);
  });

  it('keeps order, empty text and footer', () => {
    const list = ticketListView('Queue', [ticket, { ...ticket, id: 13 }], agent, 'Nothing here', 'Showing 2');
    expect(list.tickets.map((t) => t.id)).toEqual([12, 13]);
    expect(list).toMatchObject({ title: 'Queue', emptyText: 'Nothing here', footer: 'Showing 2' });
    expect(ticketListView('Queue', [], agent, 'Nothing here')).not.toHaveProperty('footer');
  });
});

describe('helpView', () => {
  it('shows agent commands only to agents', () => {
    const names = (isAgent: boolean) => helpView(COMMAND_DECLARATIONS, isAgent).groups.flatMap((g) => g.commands.map((c) => c.name));
    expect(names(false)).toContain('comment');
    expect(names(false)).not.toContain('claim');
    expect(helpView(COMMAND_DECLARATIONS, false).groups.map((g) => g.title)).toEqual(['Ask for help and follow up', 'You']);
    expect(helpView(COMMAND_DECLARATIONS, false).actions.map((a) => a.verb)).not.toContain(VERBS.queue);
    expect(names(true)).toEqual(COMMAND_DECLARATIONS.map((c) => c.name).sort((a, b) => names(true).indexOf(a) - names(true).indexOf(b)));
    // `help claim` gives the syntax and one example; the overview gives none.
    expect(helpView(COMMAND_DECLARATIONS, true, 'claim').commands).toEqual([{ usage: 'claim <ticket id>', description: 'Assign a ticket to me e.g. claim 21' }]);
    expect(helpView(COMMAND_DECLARATIONS, true, 'claim').groups).toEqual([]);
  });
});

describe('display strings both channels render', () => {
  it('carries the requester line, the earlier-comments line and a shareable copy without internal notes', () => {
    const view = ticketView(ticket, [comment(1, false, 1), comment(2, true, 2)], agent, vocabulary);
    // People are shown by name, as in every other place a person appears on the card.
    expect(view.requesterText).toBe(view.requesterName);
    expect(view.earlierCommentsText).toEqual(['', '1 earlier comment not shown', '2 earlier comments not shown']);
    expect(earlierCommentsText(1)).toBe('1 earlier comment not shown');
    expect(earlierCommentsText(3)).toBe('3 earlier comments not shown');
    const shared = shareableView({ type: 'ticket', ticket: view });
    expect(shared.type === 'ticket' && shared.ticket.comments.map((c) => c.internal)).toEqual([false]);
    expect(view.comments.map((c) => c.internal)).toEqual([false, true]);
  });
});

/** Realistic views for every card template, built with the real view builders. */
import { COMMAND_DECLARATIONS } from '../../src/commands';
import type { Comment, Ticket } from '../../src/helpdesk/types';
import { loadConfig } from '../../src/config';
import { assetListView, assignForm, commentForm, editForm, errorView, helpView, keepingList, newTicketForm, noticeView, reopenForm, resolveForm, ticketListView, ticketSummary, ticketView } from '../../src/views';
import { VERBS } from '../../src/core/verbs';
import type { View } from '../../src/views/types';

export const vocabulary = loadConfig({}).helpdesk;
const agent = { email: 'meganb@example.com', isAgent: true };
const requester = { email: 'pattif@example.com', isAgent: false };

export function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 42, etag: '"6c1a7e52-1b7c-4e4e-9a11-2f8f1c3a9d01,3"', created: '2026-11-20T09:14:00Z', modified: '2026-11-22T14:05:00Z',
    title: 'VPN drops every 10 minutes when working from the "Berlin" office',
    description: 'Since Monday the VPN client disconnects roughly every ten minutes.\nReconnecting works, but calls drop.',
    priority: 'High', status: 'Assigned', category: 'Network', submittedBy: 'pattif@example.com',
    submittedByName: 'Patti Fernandez', submittedByEmail: 'pattif@example.com', assignedTo: 'diegos@example.com', spaceId: 'it',
    ...overrides,
  };
}

export function comments(n: number): Comment[] {
  return Array.from({ length: n }, (_, i) => ({
    id: 100 + i, etag: `"c${i},1"`, created: `2026-11-21T1${i % 10}:00:00Z`, modified: `2026-11-21T1${i % 10}:00:00Z`,
    ticketId: 42, title: `Comment ${i}`, body: i % 3 === 2 ? 'Checked the gateway logs: keep-alive timeouts. Do not tell the user yet.' : `Update ${i}: still happening after the client update, it's worse on Wi-Fi.`,
    authorEmail: i % 2 ? 'diegos@example.com' : 'pattif@example.com', authorName: i % 2 ? 'Diego Siciliani' : 'Patti Fernandez', isInternal: i % 3 === 2,
  }));
}

/** One sample per template, named for screenshots and failure messages. */
export function sampleViews(): Record<string, View> {
  const t = ticket();
  const list = [t, ticket({ id: 43, title: 'New starter laptop for Johanna', status: 'New', assignedTo: '', priority: 'Normal' })];
  return {
    'ticket-agent': { type: 'ticket', ticket: ticketView(t, comments(8), agent, vocabulary) },
    'ticket-requester': { type: 'ticket', ticket: ticketView(t, comments(8), requester, vocabulary) },
    'ticket-conflict': { type: 'ticket', ticket: ticketView(ticket({ description: '' }), [], agent, vocabulary, { text: 'Already claimed by Diego Siciliani. Nothing was changed.', tone: 'warning' }) },
    'ticket-long': { type: 'ticket', ticket: ticketView(ticket({ title: 'x'.repeat(255), description: 'Long text. '.repeat(800) }), comments(2), agent, vocabulary) },
    'ticket-list': { type: 'ticket-list', list: ticketListView('Queue: unassigned', list, agent, 'Nothing waiting.', 'Showing 2 of 57') },
    'ticket-list-empty': { type: 'ticket-list', list: ticketListView('My tickets', [], requester, 'You have no open tickets. Type `new` to file one.') },
    'new-ticket-form': { type: 'form', form: newTicketForm(vocabulary, { title: 'Printer jam', description: 'Tray 2' }) },
    'new-ticket-form-errors': {
      type: 'form',
      form: newTicketForm(vocabulary, { title: '', description: 'Kept text', priority: 'Hgh' }, [
        { field: 'title', message: 'Title is required.' },
        { field: 'priority', message: 'Priority "Hgh" is not allowed; choose one of: Low, Normal, High, Urgent.' },
      ], 'https://teams.microsoft.com/l/message/19:abc/123'),
    },
    'comment-form': { type: 'form', form: commentForm(t, vocabulary, true) },
    'resolve-form': { type: 'form', form: resolveForm(t, vocabulary) },
    'reopen-form': { type: 'form', form: reopenForm(t, vocabulary) },
    'edit-form-agent': { type: 'form', form: editForm({ ...t, category: '' }, vocabulary, true) },
    'edit-form-requester': { type: 'form', form: editForm(t, vocabulary, false) },
    'ticket-requester-resolved': { type: 'ticket', ticket: ticketView(ticket({ status: 'Resolved' }), comments(2), requester, vocabulary) },
    'ticket-take-over': {
      type: 'ticket',
      ticket: {
        ...ticketView(t, [], agent, vocabulary, { text: 'Already claimed by Diego Siciliani. Take it over from Diego Siciliani? Nothing changes until you confirm.', tone: 'warning' }),
        actions: [
          { verb: VERBS.claim, title: 'Take over from Diego Siciliani', style: 'positive', ticketId: t.id, etag: t.etag, data: { takeOver: 'true' } },
          { verb: VERBS.refresh, title: 'Leave it with Diego Siciliani', ticketId: t.id, etag: t.etag },
        ],
      },
    },
    'ticket-people-link': {
      type: 'ticket',
      ticket: ticketView(ticket({ webUrl: 'https://contoso.sharepoint.com/sites/helpdesk/Lists/SD_Tickets/DispForm.aspx?ID=42' }), [], requester, vocabulary, undefined, new Map([['diegos@example.com', 'Diego Siciliani']])),
    },
    'ticket-unchanged': { type: 'ticket', ticket: ticketView(t, [], agent, vocabulary, { text: 'Already High — nothing changed.', tone: 'success' }) },
    'assign-form': { type: 'form', form: assignForm(t, vocabulary, [{ name: 'Megan Bowen', email: 'meganb@example.com' }, { name: 'Diego Siciliani', email: 'diegos@example.com' }]) },
    help: { type: 'help', help: helpView(COMMAND_DECLARATIONS, true) },
    confirmation: { type: 'confirmation', confirmation: { message: 'Ticket #42 created.', ticket: ticketSummary(t, requester), actions: [] } },
    error: { type: 'error', error: errorView('“abc” is not a ticket number.', 'claim <ticket id>') },
    'asset-list': {
      type: 'asset-list',
      list: assetListView('Assets you hold', [{
        id: 1, etag: '"a,1"', created: '', modified: '', title: 'ThinkPad X1 Carbon', assetTag: 'LAP-0042', type: 'Laptop', status: 'In Use',
        assignedTo: 'alexw@example.com', serialNumber: 'PF3XK2', manufacturer: 'Lenovo', model: 'X1 Carbon Gen 11', warrantyExpires: '2027-03-01T00:00:00Z',
      }], 'You hold no assets.'),
    },
    text: { type: 'text', text: 'Notifications are off for you.' },
    'notice-requester-resolved': {
      type: 'notice',
      notice: noticeView(ticket({ status: 'Resolved', webUrl: 'https://contoso.sharepoint.com/sites/helpdesk/Lists/SD_Tickets/DispForm.aspx?ID=42' }), 'Your ticket #42 "VPN drops every 10 minutes when working from the "Berlin" office" was resolved.\nResolution: Gateway keep-alive raised to 60 s.', 'requester', 'pattif@example.com'),
    },
    'notice-agent-unassigned': {
      type: 'notice',
      notice: noticeView(ticket({ id: 43, title: 'New starter laptop for Johanna', status: 'New', assignedTo: '' }), 'Internal note on #43 "New starter laptop for Johanna" by Megan Bowen: order the 14" model', 'assignee', 'diegos@example.com'),
    },
    'ticket-list-row-updated': {
      type: 'ticket-list',
      list: (() => {
        const l = keepingList(ticketListView('Unassigned open tickets', list, agent, 'Nothing waiting.', '1–2 of 2'), { verb: VERBS.queue, values: { queue: 'unassigned', page: '1' } });
        l.tickets[1] = { ...l.tickets[1], assignee: 'meganb@example.com', assigneeName: 'Megan Bowen', actions: l.tickets[1].actions.slice(0, 1), notice: 'Claimed by Megan Bowen.' };
        return l;
      })(),
    },
    'comment-offer': {
      type: 'confirmation',
      confirmation: {
        message: 'Is this about #42 “VPN drops every 10 minutes”? I can add it there as a comment, or file it as a new ticket.',
        actions: [
          { verb: VERBS.comment, title: 'Add as comment on #42', style: 'positive', ticketId: 42, data: { comment: 'It drops at <null> when x<5', internal: 'false' } },
          { verb: VERBS.newForm, title: 'File as a new ticket', data: { title: 'It drops at <null> when x<5', description: '' } },
        ],
      },
    },
  };
}

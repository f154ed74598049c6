/** Realistic views for every card template, built with the real view builders. */
import { notificationsForm } from '../../src/features/preferences/notifications-form-view';
import { COMMAND_DECLARATIONS } from '../../src/commands';
import type { Comment, Ticket, Vocabulary } from '../../src/helpdesk/types';
import { loadConfig } from '../../src/config';
import { assetListView } from '../../src/views/asset-view';
import { assignForm, commentForm, editForm, newTicketForm, reopenForm, resolveForm } from '../../src/views/forms';
import { errorView } from '../../src/views/error-view';
import { helpView } from '../../src/views/help-view';
import { keepingList, ticketListView } from '../../src/views/list-view';
import { noticeView } from '../../src/views/notice-view';
import { ticketSummary, ticketView } from '../../src/views/ticket-view';
import { VERBS } from '../../src/core/verbs';
import { rowFromTicket } from '../../src/views/list-view';
import { scopeList } from '../../src/commands/space-scope';
import type { View } from '../../src/views/types';
import { translator } from '../../src/i18n';
import { REPLY_VARIABLES } from '../../src/views/reply-template';
import { savedReplyForm, savedReplyList, savedReplyPicker } from '../../src/features/saved-replies/saved-replies-view';
import { csatReport, surveyForm, surveyNotice, surveyThanks } from '../../src/features/surveys/survey-view';
import { withClocks } from '../../src/features/sla/clock-view';

export const vocabulary = loadConfig({}).helpdesk;

/** A site that requires a category and has its own columns, one of each type a form fills (SD_Location as the demo site has it). */
export const siteVocabulary: Vocabulary = {
  ...vocabulary,
  site: {
    required: ['category'],
    extra: [
      { name: 'SD_Location', label: 'Location', type: 'choice', required: true, choices: ['HQ', 'Branch office', 'Remote'] },
      { name: 'SD_Cost', label: 'Kosten (EUR)', type: 'number', required: false },
      { name: 'SD_Onsite', label: 'Vor Ort', type: 'boolean', required: false },
      { name: 'SD_Due', label: 'Fällig', type: 'dateTime', required: false },
      { name: 'SD_Steps', label: 'Schritte', type: 'note', required: false },
    ],
  },
};
const siteExtra = { SD_Location: 'Branch office', SD_Cost: 12.5, SD_Onsite: true, SD_Due: '2026-12-31T00:00:00Z', SD_Steps: 'Neu gestartet.' };
const SAMPLE_SURVEY = { id: '42:1763820000000', ticketId: 42, requester: 'pattif@example.com', agent: 'diegos@example.com', scale: 'five' as const, sentAt: '2026-11-22T14:05:00Z' };
const SAMPLE_REPLIES = [{ name: 'vpn', body: 'Hi {{requester.firstName}}, please reconnect.', updatedBy: 'diegos@example.com', updatedAt: '2026-11-22T14:05:00Z' }];

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

/**
 * One sample per template, named for screenshots and failure messages, built for a reader of
 * `locale` (English by default): the texts a command would say come from the catalogs.
 */
export function sampleViews(locale?: string): Record<string, View> {
  const agent = { email: 'meganb@example.com', isAgent: true, locale };
  const requester = { email: 'pattif@example.com', isAgent: false, locale };
  const tr = translator(locale);
  const t = ticket();
  // The active agents' names, as the commands pass them (commands/people.ts).
  const agents = new Map([['diegos@example.com', 'Diego Siciliani'], ['meganb@example.com', 'Megan Bowen']]);
  const list = [t, ticket({ id: 43, title: 'New starter laptop for Johanna', status: 'New', assignedTo: '', priority: 'Normal' })];
  return {
    'ticket-agent': { type: 'ticket', ticket: ticketView(t, comments(8), agent, vocabulary) },
    'ticket-requester': { type: 'ticket', ticket: ticketView(t, comments(8), requester, vocabulary) },
    'ticket-conflict': { type: 'ticket', ticket: ticketView(ticket({ description: '' }), [], agent, vocabulary, { text: tr('commands:failure.alreadyClaimedNothingChanged', { holder: 'Diego Siciliani' }), tone: 'warning' }, agents) },
    'ticket-long': { type: 'ticket', ticket: ticketView(ticket({ title: 'x'.repeat(255), description: 'Long text. '.repeat(800) }), comments(2), agent, vocabulary) },
    'ticket-list': { type: 'ticket-list', list: ticketListView(tr('commands:queue.unassigned.title'), list, agent, tr('commands:queue.unassigned.empty'), tr('commands:queue.range', { from: 1, to: 2, total: 57 })) },
    'ticket-list-empty': { type: 'ticket-list', list: ticketListView(tr('commands:mine.title'), [], requester, tr('commands:mine.empty')) },
    'ticket-list-in-space': {
      type: 'ticket-list',
      list: (() => {
        // A queue in a channel bound to a space: the header names it, a button shows every space.
        const l = ticketListView(tr('commands:queue.unassigned.title'), list, agent, tr('commands:queue.unassigned.empty'));
        scopeList(tr, l, { bound: 'it', shown: 'it' }, VERBS.queue, { queue: 'unassigned' });
        return l;
      })(),
    },
    'new-ticket-form': { type: 'form', form: newTicketForm(vocabulary, { title: 'Printer jam', description: 'Tray 2' }, [], undefined, locale) },
    'new-ticket-form-errors': {
      type: 'form',
      form: newTicketForm(vocabulary, { title: '', description: 'Kept text', priority: 'Hgh' }, [
        { field: 'title', message: tr('helpdesk:required', { label: tr('helpdesk:field.title') }) },
        { field: 'priority', message: tr('helpdesk:notAllowed', { label: tr('helpdesk:field.priority'), value: 'Hgh', choices: 'Low, Normal, High, Urgent' }) },
      ], 'https://teams.microsoft.com/l/message/19:abc/123', locale),
    },
    'comment-form': { type: 'form', form: commentForm(t, vocabulary, true, {}, [], locale) },
    'notifications-form': { type: 'form', form: notificationsForm({ status: true, comments: false, resolution: true, quietStart: '22:00', quietEnd: '07:00' }, 'Europe/Berlin', locale) },
    'resolve-form': { type: 'form', form: resolveForm(t, vocabulary, {}, [], locale) },
    'comment-form-picker': { type: 'form', form: { ...commentForm(t, vocabulary, true, {}, [], locale), picker: savedReplyPicker(VERBS.commentForm, SAMPLE_REPLIES, locale) } },
    'resolve-form-picker': { type: 'form', form: { ...resolveForm(t, vocabulary, { note: 'Hi Patti' }, [], locale), picker: savedReplyPicker(VERBS.resolveForm, SAMPLE_REPLIES, locale) } },
    'saved-reply-form': { type: 'form', form: savedReplyForm({ name: 'vpn' }, [{ field: 'body', message: tr('saved-replies:bodyEmpty') }], REPLY_VARIABLES, locale, 'vpn') },
    'survey-form': { type: 'form', form: surveyForm(SAMPLE_SURVEY, { rating: '4' }, [], locale) },
    'survey-thanks': { type: 'confirmation', confirmation: surveyThanks(SAMPLE_SURVEY, 4, 'rated', locale) },
    'survey-comment-thanks': { type: 'confirmation', confirmation: surveyThanks(SAMPLE_SURVEY, 4, 'comment', locale) },
    'survey-notice': { type: 'notice', notice: surveyNotice(ticket({ status: 'Resolved' }), SAMPLE_SURVEY, locale) },
    'csat-report': {
      type: 'confirmation',
      confirmation: csatReport({ days: 30, sent: 4, answered: [{ ...SAMPLE_SURVEY, rating: 4, comment: 'Quick and friendly', answeredAt: '2026-11-23T10:00:00Z' }], names: new Map([['diegos@example.com', 'Diego Siciliani']]) }, locale),
    },
    'saved-reply-list': { type: 'confirmation', confirmation: savedReplyList(SAMPLE_REPLIES, locale) },
    'reopen-form': { type: 'form', form: reopenForm(t, vocabulary, {}, [], locale) },
    'edit-form-agent': { type: 'form', form: editForm({ ...t, category: '' }, vocabulary, true, {}, [], locale) },
    'edit-form-requester': { type: 'form', form: editForm(t, vocabulary, false, {}, [], locale) },
    'ticket-agent-site-columns': { type: 'ticket', ticket: ticketView(ticket({ extra: siteExtra }), [], agent, siteVocabulary) },
    // An agent's card under SLA: the first response past its warning, the resolution on time, and the site's Location column.
    'ticket-agent-clocks-site-column': {
      type: 'ticket',
      ticket: withClocks(ticketView(ticket({ extra: { SD_Location: 'HQ' } }), [], agent, siteVocabulary), [
        { kind: 'firstResponse', state: 'warning', at: Date.parse('2026-11-22T15:05:00Z') },
        { kind: 'resolution', state: 'running', at: Date.parse('2026-11-24T14:05:00Z') },
      ]),
    },
    // `sla 42`: a heading and one line per clock, as the command words it.
    'sla-answer': {
      type: 'confirmation',
      confirmation: {
        message: 'SLA of #42: priority High, counted around the clock (24/7)\nFirst response (1 h): due 22 Nov 2026 15:05 UTC, in 12 min (used 48 min)\nResolution (1 d): due 24 Nov 2026 14:05 UTC, in 1 d (used 1 h)',
        tone: 'info',
        dates: [{ text: '22 Nov 2026 15:05 UTC', iso: '2026-11-22T15:05:00Z' }, { text: '24 Nov 2026 14:05 UTC', iso: '2026-11-24T14:05:00Z' }],
        actions: [],
      },
    },
    'new-ticket-form-site-columns': {
      type: 'form',
      form: newTicketForm(siteVocabulary, { title: 'Dock dead', 'extra.SD_Cost': '12.5' }, [
        { field: 'extra.SD_Location', message: tr('helpdesk:required', { label: 'Location' }) },
      ], undefined, locale),
    },
    'edit-form-site-columns': { type: 'form', form: editForm(ticket({ extra: siteExtra }), siteVocabulary, true, {}, [], locale) },
    'ticket-requester-resolved': { type: 'ticket', ticket: ticketView(ticket({ status: 'Resolved' }), comments(2), requester, vocabulary) },
    'ticket-take-over': {
      type: 'ticket',
      ticket: {
        ...ticketView(t, [], agent, vocabulary, { text: tr('commands:claim.takeOverQuestion', { holder: 'Diego Siciliani' }), tone: 'warning' }, agents),
        actions: [
          { verb: VERBS.claim, title: tr('commands:claim.takeOverButton', { holder: 'Diego Siciliani' }), style: 'positive', ticketId: t.id, etag: t.etag, data: { takeOver: 'true' } },
          { verb: VERBS.refresh, title: tr('commands:claim.leaveButton', { holder: 'Diego Siciliani' }), ticketId: t.id, etag: t.etag },
        ],
      },
    },
    'ticket-people-link': {
      type: 'ticket',
      ticket: ticketView(ticket({ webUrl: 'https://contoso.sharepoint.com/sites/helpdesk/Lists/SD_Tickets/DispForm.aspx?ID=42' }), [], requester, vocabulary, undefined, new Map([['diegos@example.com', 'Diego Siciliani']])),
    },
    'ticket-unchanged': { type: 'ticket', ticket: ticketView(t, [], agent, vocabulary, { text: tr('commands:common.alreadyNothingChanged', { value: 'High' }), tone: 'success' }) },
    'assign-form': { type: 'form', form: assignForm(t, vocabulary, [{ name: 'Megan Bowen', email: 'meganb@example.com' }, { name: 'Diego Siciliani', email: 'diegos@example.com' }], {}, [], locale) },
    help: { type: 'help', help: helpView(COMMAND_DECLARATIONS, true, undefined, locale) },
    'help-topic': { type: 'help', help: helpView(COMMAND_DECLARATIONS, true, 'claim', locale) },
    confirmation: { type: 'confirmation', confirmation: { message: tr('commands:create.filed', { id: 42 }), ticket: ticketSummary(t, requester), actions: [] } },
    error: { type: 'error', error: errorView(tr('commands:parse.notATicketNumber', { word: 'abc' }), 'claim <ticket id>', locale) },
    'asset-list': {
      type: 'asset-list',
      list: assetListView(tr('commands:asset.mine'), [{
        id: 1, etag: '"a,1"', created: '', modified: '', title: 'ThinkPad X1 Carbon', assetTag: 'LAP-0042', type: 'Laptop', status: 'In Use',
        assignedTo: 'alexw@example.com', serialNumber: 'PF3XK2', manufacturer: 'Lenovo', model: 'X1 Carbon Gen 11', warrantyExpires: '2027-03-01T00:00:00Z',
      }], tr('commands:asset.mineEmpty'), locale, new Map([['alexw@example.com', 'Alex Wilber']])),
    },
    text: { type: 'text', text: tr('preferences:muted') },
    'notice-requester-resolved': {
      type: 'notice',
      notice: noticeView(ticket({ status: 'Resolved', webUrl: 'https://contoso.sharepoint.com/sites/helpdesk/Lists/SD_Tickets/DispForm.aspx?ID=42' }), tr('notify:dm.resolvedWithNote', { ticket: '#42 "VPN drops every 10 minutes when working from the "Berlin" office"', note: 'Gateway keep-alive raised to 60 s.' }), 'requester', 'pattif@example.com', locale),
    },
    'notice-agent-unassigned': {
      type: 'notice',
      notice: noticeView(ticket({ id: 43, title: 'New starter laptop for Johanna', status: 'New', assignedTo: '' }), tr('notify:dm.internalNote', { ticket: '#43 "New starter laptop for Johanna"', author: 'Megan Bowen', text: 'order the 14" model' }), 'assignee', 'diegos@example.com', locale),
    },
    'ticket-list-row-updated': {
      type: 'ticket-list',
      list: (() => {
        const l = keepingList(ticketListView(tr('commands:queue.unassigned.title'), list, agent, tr('commands:queue.unassigned.empty'), tr('commands:queue.range', { from: 1, to: 2, total: 2 })), { verb: VERBS.queue, values: { queue: 'unassigned', page: '1' } });
        l.tickets[1] = { ...l.tickets[1], assignee: 'meganb@example.com', assigneeName: 'Megan Bowen', actions: l.tickets[1].actions.slice(0, 1), notice: tr('commands:claim.claimed', { by: 'Megan Bowen' }) };
        return l;
      })(),
    },
    'ticket-list-row-claimed': {
      type: 'ticket-list',
      list: (() => {
        // The row of a ticket claimed from the queue is made from its new ticket card (it left the list).
        const l = ticketListView(tr('commands:queue.unassigned.title'), [t], agent, tr('commands:queue.unassigned.empty'));
        const claimed = ticketView(ticket({ id: 43, title: 'New starter laptop for Johanna', status: 'Assigned', assignedTo: 'meganb@example.com', priority: 'Normal' }), [], agent, vocabulary, undefined, new Map([['meganb@example.com', 'Megan Bowen']]));
        l.tickets.push({ ...rowFromTicket(claimed), notice: tr('commands:claim.claimed', { by: 'Megan Bowen' }) });
        return l;
      })(),
    },
    'comment-offer': {
      type: 'confirmation',
      confirmation: {
        message: tr('commands:commentOffer.question', { id: 42, title: 'VPN drops every 10 minutes' }),
        actions: [
          { verb: VERBS.comment, title: tr('commands:commentOffer.asComment', { id: 42 }), style: 'positive', ticketId: 42, data: { comment: 'It drops at <null> when x<5', internal: 'false' } },
          { verb: VERBS.newForm, title: tr('commands:commentOffer.asTicket'), data: { title: 'It drops at <null> when x<5', description: '' } },
        ],
      },
    },
  };
}

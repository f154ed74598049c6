/** Ticket card and ticket summary builders: what a viewer sees and which buttons they may use. */
import { VERBS, type Notice } from '../core';
import { addressKey, DEFAULT_ROLE_VOCABULARY, roleOf, type RoleVocabulary } from '../core/vocabulary';
import type { Comment, Ticket, Vocabulary } from '../helpdesk/types';
import { normalizeLocale, translator, type Translate } from '../i18n';
import { formatDate, isDone, reopenStatus, sameEmail, valueLabel, workingStatus } from './format';
import { pickLabels, TICKET_LABELS } from './labels';
import { extraLines } from './site-fields';
import type { ActionView, CommentView, TicketSummaryView, TicketView, View } from './types';

/** Who is looking: decides agent buttons and whether internal notes are shown. */
export interface Viewer {
  email: string;
  isAgent: boolean;
  /** The reader's language as their platform gave it ('de-DE'); absent or unknown: English. */
  locale?: string;
}

/** Display names by lower-cased address (the active agents), so cards show people, not addresses. */
export type PeopleNames = ReadonlyMap<string, string>;

/** The names of the people listed with one (the active agents), by lower-cased address. */
export function namesOf(people: readonly { email: string; name: string }[]): Map<string, string> {
  return new Map(people.filter((p) => p.name).map((p) => [addressKey(p.email), p.name]));
}

/** The display name for an address, or the address when no name is known. */
export function nameFor(names: PeopleNames | undefined, email: string): string {
  return (email && names?.get(addressKey(email))) || email;
}

/**
 * The names a ticket card may use: those given, and those the ticket itself knows (its requester,
 * its comments' authors), so a person on the card is named the same way in every place.
 */
function namesOnTicket(ticket: Ticket, comments: readonly Comment[], names: PeopleNames | undefined): PeopleNames {
  const known = new Map<string, string>();
  if (ticket.submittedByEmail && ticket.submittedByName) known.set(addressKey(ticket.submittedByEmail), ticket.submittedByName);
  for (const c of comments) if (c.authorEmail && c.authorName) known.set(addressKey(c.authorEmail), c.authorName);
  for (const [k, v] of names ?? []) known.set(k, v);
  return known;
}

/** How many comments a ticket card shows; the rest are counted in `olderComments`. */
export const LATEST_COMMENTS = 5;

function commentView(c: Comment, locale: string, names: PeopleNames): CommentView {
  return {
    author: c.authorName || nameFor(names, c.authorEmail),
    authorEmail: c.authorEmail,
    body: c.body,
    created: c.created,
    createdText: formatDate(c.created, locale),
    internal: c.isInternal,
  };
}

function act(ticket: Pick<Ticket, 'id' | 'etag'>, verb: ActionView['verb'], title: string, extra: Partial<ActionView> = {}): ActionView {
  return { verb, title, ticketId: ticket.id, etag: ticket.etag, ...extra };
}

/** The buttons this viewer may use on this ticket; requesters get nothing agent-only. */
export function ticketActions(ticket: Ticket, viewer: Viewer, vocabulary: Vocabulary): ActionView[] {
  const t = translator(viewer.locale);
  const b = (key: string) => t(`views:button.${key}`);
  if (!viewer.isAgent) {
    // Her resolved ticket can be reopened (with a reason); her open one can be reworded.
    const own = isDone(vocabulary, ticket.status) ? act(ticket, VERBS.reopenForm, b('reopen')) : act(ticket, VERBS.editForm, b('edit'));
    return [act(ticket, VERBS.commentForm, b('comment'), { data: { internal: 'false' } }), own, act(ticket, VERBS.refresh, b('refresh'))];
  }
  const actions: ActionView[] = [];
  const done = isDone(vocabulary, ticket.status);
  if (done) {
    const status = reopenStatus(vocabulary, ticket.assignedTo !== '');
    actions.push(act(ticket, VERBS.status, b('reopen'), { data: { status } }));
    actions.push(act(ticket, VERBS.answersFromTicket, b('saveAsAnswer')));
  } else {
    // Someone else's ticket is offered as Take over, which asks before it takes (never a plain Claim).
    if (!ticket.assignedTo) actions.push(act(ticket, VERBS.claim, b('claim'), { style: 'positive' }));
    else if (!sameEmail(ticket.assignedTo, viewer.email)) actions.push(act(ticket, VERBS.claim, b('takeOver')));
    actions.push(act(ticket, VERBS.assignForm, b('assign')));
    const working = workingStatus(vocabulary);
    if (working && ticket.status !== working) actions.push(act(ticket, VERBS.status, b('start'), { data: { status: working } }));
    actions.push(act(ticket, VERBS.resolveForm, b('resolve'), { style: 'positive' }));
    actions.push(act(ticket, VERBS.editForm, b('edit')));
    const high = vocabulary.highPriorities[0];
    if (high && !vocabulary.highPriorities.includes(ticket.priority)) {
      actions.push(act(ticket, VERBS.priority, t('views:button.markPriority', { priority: valueLabel(t, 'priority', high) }), { data: { priority: high } }));
    }
  }
  actions.push(act(ticket, VERBS.commentForm, b('reply'), { data: { internal: 'false' } }));
  actions.push(act(ticket, VERBS.commentForm, b('internalNote'), { data: { internal: 'true' } }));
  actions.push(act(ticket, VERBS.refresh, b('refresh')));
  return actions;
}

/** "3 earlier comments not shown": the line both channels put above the comments they show. */
export function earlierCommentsText(count: number, locale?: string): string {
  return translator(locale)('views:ticket.earlierComments', { count });
}

/** The earlier-comments line for `older` left out, then for each of `shown` comments left out as well. */
export function earlierTexts(older: number, shown: number, locale?: string): string[] {
  return Array.from({ length: shown + 1 }, (_, n) => (older + n > 0 ? earlierCommentsText(older + n, locale) : ''));
}

/**
 * A summary line around its date, in the reader's language: the date itself goes in as the
 * platform's own date token, so the text is cut where the catalog puts `{{updated}}`.
 */
function summaryLine(t: Translate, status: string, priority: string, assigneeName: string, requester: string): { before: string; after: string } {
  const who = assigneeName ? t('views:ticket.assignedTo', { name: assigneeName }) : t('views:ticket.nobody');
  const mark = '\u0000';
  const [before, after = ''] = t('views:ticket.summary', { status, priority, who, requester, updated: mark }).split(mark);
  return { before, after };
}

/**
 * A view as posted where others can read it: internal notes are left out, because everyone in a
 * shared conversation sees the message whoever asked for it.
 */
export function shareableView(view: View): View {
  if (view.type !== 'ticket' || !view.ticket.comments.some((c) => c.internal)) return view;
  return { type: 'ticket', ticket: { ...view.ticket, comments: view.ticket.comments.filter((c) => !c.internal) } };
}

/** The full ticket card: latest visible comments (internal notes only for agents) and this viewer's buttons. */
export function ticketView(
  ticket: Ticket,
  comments: readonly Comment[],
  viewer: Viewer,
  vocabulary: Vocabulary,
  notice?: Notice,
  names?: PeopleNames,
): TicketView {
  const visible = comments
    .filter((c) => viewer.isAgent || !c.isInternal)
    .slice()
    .sort((a, b) => a.created.localeCompare(b.created));
  const latest = visible.slice(-LATEST_COMMENTS);
  names = namesOnTicket(ticket, comments, names);
  const locale = normalizeLocale(viewer.locale);
  const t = translator(locale);
  const requesterName = ticket.submittedByName || ticket.submittedBy || ticket.submittedByEmail;
  const view: TicketView = {
    locale,
    id: ticket.id,
    etag: ticket.etag,
    title: ticket.title,
    description: ticket.description,
    status: ticket.status,
    priority: ticket.priority,
    category: ticket.category,
    statusLabel: valueLabel(t, 'status', ticket.status),
    statusRole: roleOf(vocabulary, ticket.status),
    priorityLabel: valueLabel(t, 'priority', ticket.priority),
    categoryLabel: valueLabel(t, 'category', ticket.category),
    requesterName,
    requesterEmail: ticket.submittedByEmail,
    requesterText: requesterName,
    assignee: ticket.assignedTo,
    assigneeName: nameFor(names, ticket.assignedTo),
    assigneeText: nameFor(names, ticket.assignedTo),
    created: ticket.created,
    modified: ticket.modified,
    createdText: formatDate(ticket.created, locale),
    modifiedText: formatDate(ticket.modified, locale),
    comments: latest.map((c) => commentView(c, locale, names)),
    olderComments: visible.length - latest.length,
    earlierCommentsText: earlierTexts(visible.length - latest.length, latest.length, locale),
    labels: pickLabels(locale, TICKET_LABELS),
    actions: ticketActions(ticket, viewer, vocabulary),
    agentView: viewer.isAgent,
  };
  if (notice) view.notice = notice;
  if (ticket.webUrl) view.link = ticket.webUrl;
  // The site's own columns are the agents' working data; a requester's card stays as it was.
  const lines = viewer.isAgent ? extraLines(vocabulary, ticket.extra, locale) : [];
  if (lines.length) view.extraLines = lines;
  return view;
}

/** One line of a ticket list: a Show button and, for agents on unassigned open tickets, Claim. */
export function ticketSummary(ticket: Ticket, viewer: Viewer, names?: PeopleNames, vocabulary: RoleVocabulary = DEFAULT_ROLE_VOCABULARY): TicketSummaryView {
  const t: Translate = translator(viewer.locale);
  const actions: ActionView[] = [act(ticket, VERBS.show, t('views:button.show'))];
  if (viewer.isAgent && !ticket.assignedTo && !isDone(vocabulary, ticket.status)) {
    actions.push(act(ticket, VERBS.claim, t('views:button.claim'), { style: 'positive' }));
  }
  const statusLabel = valueLabel(t, 'status', ticket.status);
  const priorityLabel = valueLabel(t, 'priority', ticket.priority);
  const assigneeName = nameFor(names, ticket.assignedTo);
  const requesterName = ticket.submittedByName || ticket.submittedBy || ticket.submittedByEmail;
  return {
    id: ticket.id,
    etag: ticket.etag,
    title: ticket.title,
    status: ticket.status,
    priority: ticket.priority,
    statusLabel,
    priorityLabel,
    assignee: ticket.assignedTo,
    assigneeName,
    requesterName,
    modified: ticket.modified,
    modifiedText: formatDate(ticket.modified, viewer.locale),
    line: summaryLine(t, statusLabel, priorityLabel, assigneeName, requesterName),
    actions,
  };
}

/**
 * A list row made from a full ticket card, in the card's language: a ticket that left the list
 * since it was shown (claimed from the queue) stays where it was, dated like the rows around it.
 */
export function summaryOfView(v: TicketView): TicketSummaryView {
  const t = translator(v.locale);
  return {
    id: v.id,
    etag: v.etag,
    title: v.title,
    status: v.status,
    priority: v.priority,
    statusLabel: v.statusLabel,
    priorityLabel: v.priorityLabel,
    assignee: v.assignee,
    assigneeName: v.assigneeName,
    requesterName: v.requesterName,
    modified: v.modified,
    modifiedText: v.modifiedText,
    line: summaryLine(t, v.statusLabel, v.priorityLabel, v.assigneeName, v.requesterName),
    actions: [act(v, VERBS.show, t('views:button.show'))],
  };
}

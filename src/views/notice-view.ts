/**
 * Actionable notification DMs: what changed on a ticket and the buttons that fit the reader.
 * Built when the notification is planned and kept in the outbox as it is, so the card can be sent
 * (and sent again) after a restart; Teams renders cards/notice.json, Slack notice blocks.
 */
import { DEFAULT_ROLE_VOCABULARY, VERBS, type RoleVocabulary } from '../core';
import type { Ticket } from '../helpdesk/types';
import { translator } from '../i18n';
import { isDone, sameEmail, valueLabel } from './format';
import { pickLabels, type Labels } from './labels';
import type { ActionView } from './types';

/** Who a notification DM is for: the person who filed the ticket, or the agent who holds it. */
export type NoticeReader = 'requester' | 'assignee';

/** A compact ticket notification with the reader's buttons. */
export interface NoticeView {
  ticketId: number;
  title: string;
  status: string;
  priority: string;
  /** The reader's language: the buttons and labels are in it. */
  locale?: string;
  /** What happened, one line per change (also the plain notification text). */
  text: string;
  reader: NoticeReader;
  /** The ticket's page in the help desk, when known. */
  link?: string;
  actions: ActionView[];
  /** The link's words, in the reader's language. */
  labels: Pick<Labels, 'openInHelpdesk'>;
}

/**
 * The reader's buttons. Requester: Comment and View, plus Reopen when resolved. Assignee: View,
 * with Claim when nobody holds the ticket and Take over (which asks first) when someone else does.
 */
export function noticeActions(ticket: Ticket, reader: NoticeReader, readerEmail: string, locale?: string, vocabulary: RoleVocabulary = DEFAULT_ROLE_VOCABULARY): ActionView[] {
  const t = translator(locale);
  const b = (key: string) => t(`views:button.${key}`);
  const on = { ticketId: ticket.id, etag: ticket.etag };
  const view: ActionView = { verb: VERBS.show, title: b('view'), ...on };
  if (reader === 'requester') {
    const actions: ActionView[] = [{ verb: VERBS.commentForm, title: b('comment'), style: 'positive', ...on, data: { internal: 'false' } }, view];
    if (isDone(vocabulary, ticket.status)) actions.push({ verb: VERBS.reopenForm, title: b('reopen'), ...on });
    return actions;
  }
  if (isDone(vocabulary, ticket.status)) return [view];
  if (!ticket.assignedTo) return [{ verb: VERBS.claim, title: b('claim'), style: 'positive', ...on }, view];
  if (!sameEmail(ticket.assignedTo, readerEmail)) return [{ verb: VERBS.claim, title: b('takeOver'), ...on }, view];
  return [view];
}

/** The notification DM about `ticket` for one reader, with `text` saying what changed; `vocabulary` (absent: the default desk's) says which statuses are done. */
export function noticeView(ticket: Ticket, text: string, reader: NoticeReader, readerEmail: string, locale?: string, vocabulary?: RoleVocabulary): NoticeView {
  return noticeWith(ticket, text, reader, noticeActions(ticket, reader, readerEmail, locale, vocabulary), locale);
}

/** A DM about `ticket` (its status, priority and link) saying `text`, with `actions` under it. */
export function noticeWith(ticket: Ticket, text: string, reader: NoticeReader, actions: NoticeView['actions'], locale?: string): NoticeView {
  const t = translator(locale);
  const notice: NoticeView = {
    ticketId: ticket.id,
    title: ticket.title,
    status: valueLabel(t, 'status', ticket.status),
    priority: valueLabel(t, 'priority', ticket.priority),
    text,
    reader,
    actions,
    labels: pickLabels(locale, ['openInHelpdesk']),
  };
  if (locale) notice.locale = locale;
  if (ticket.webUrl) notice.link = ticket.webUrl;
  return notice;
}

/**
 * Views kept in the notification outbox are sent after a restart, maybe by a newer version: one
 * stored before views carried their own words gets them here, in its reader's language, so a
 * renderer never meets a view without its labels.
 */
import { pickLabels, TICKET_LABELS } from './labels';
import type { NoticeView } from './notice-view';
import { earlierTexts } from './ticket-view';
import type { TicketView } from './types';

/** A stored ticket view with every word a renderer reads (a view that has them is returned as it is). */
export function storedTicketView(view: TicketView): TicketView {
  if (view.labels && view.earlierCommentsText) return view;
  return {
    ...view,
    statusLabel: view.statusLabel || view.status,
    priorityLabel: view.priorityLabel || view.priority,
    categoryLabel: view.categoryLabel || view.category,
    earlierCommentsText: view.earlierCommentsText ?? earlierTexts(view.olderComments ?? 0, view.comments.length, view.locale),
    labels: view.labels ?? pickLabels(view.locale, TICKET_LABELS),
  };
}

/** A stored notice with its link's words. */
export function storedNotice(notice: NoticeView): NoticeView {
  return notice.labels ? notice : { ...notice, labels: pickLabels(notice.locale, ['openInHelpdesk']) };
}

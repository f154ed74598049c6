/**
 * The "it was saved" message: a write took effect but its answer could not be shown, so the
 * person is told later (a DM, through the notification outbox) in their own language. Channels
 * call this instead of writing their own sentence, so Teams and Slack say the same thing.
 */
import { translator } from '../i18n';
import type { Reply } from './types';

/** What to tell a person whose saved change they could not see, in `locale` (unknown: English). */
export function savedLaterText(reply: Reply, locale?: string): string {
  const t = translator(locale);
  const v = reply.view;
  const id = v.type === 'ticket' ? v.ticket.id : reply.ticketId;
  const notice = v.type === 'ticket' ? v.ticket.notice?.text : undefined;
  if (id === undefined) return t('commands:saved.change');
  return notice ? t('commands:saved.ticketWithNotice', { id, notice }) : t('commands:saved.ticket', { id });
}

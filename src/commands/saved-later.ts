/**
 * "Saved, but the answer failed", one policy for Teams and Slack. An answer that cannot be sent is
 * tried once more after ANSWER_RETRY_MS. When that fails too and the change was saved, the person
 * is told later instead: an "it was saved" DM queued in the notification outbox, in their own
 * language. They are never told to try again. Channels supply only the send functions.
 */
import { translator } from '../i18n';
import type { Logger } from '../log';
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

/** How long to wait before the one retry of an answer (a connector's hiccup is usually over by then). */
export const ANSWER_RETRY_MS = 1000;

/** How a channel reaches the person: the answer itself, and the outbox for later. */
export interface AnswerRoutes {
  /** Sends the answer once; rejects when it did not arrive. */
  send(): Promise<void>;
  /** Queues `text` as a DM to the person in the notification outbox (absent: the note is only logged). */
  tellLater?(text: string): Promise<void>;
}

/** Who and what an answer is about, for the log (never message text or tokens). */
export type AnswerLogContext = Record<string, string | number | boolean | undefined>;

/**
 * Sends `reply` through `routes` by the policy above. Resolves once the answer (or, for a saved
 * change, the note that it was saved) is dealt with; rejects with the last error only when nothing
 * was saved, so the caller's failure policy tells the person something went wrong.
 */
export async function sendAnswer(
  reply: Reply,
  locale: string | undefined,
  routes: AnswerRoutes,
  logger: Pick<Logger, 'warn' | 'error'>,
  context: AnswerLogContext = {},
  retryMs = ANSWER_RETRY_MS,
): Promise<void> {
  try {
    return await routes.send();
  } catch (first) {
    logger.warn('An answer could not be sent; trying once more', { ...context, saved: reply.outcome === 'saved', error: first });
  }
  await new Promise<void>((resolve) => setTimeout(resolve, retryMs));
  try {
    return await routes.send();
  } catch (second) {
    if (reply.outcome !== 'saved') throw second;
    logger.error('A change was saved but its answer could not be sent', { ...context, ticketId: reply.ticketId, error: second });
  }
  if (!routes.tellLater) return;
  try {
    await routes.tellLater(savedLaterText(reply, locale));
  } catch (err) {
    logger.error('Could not queue the "saved" message either', { ...context, ticketId: reply.ticketId, error: err });
  }
}

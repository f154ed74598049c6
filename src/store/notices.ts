/**
 * Which ticket a person's notification DMs were about, kept as Store memos: the last one per
 * person (a plain reply shortly after it is offered as a comment on that ticket) and one per sent
 * message (a threaded or quoted reply to it).
 */
import { addressKey } from '../core/vocabulary';
import type { Logger } from '../log';
import type { MemoStore, Platform } from './types';

/** How long a notification is remembered for replies to it. */
export const NOTICE_MEMO_MS = 30 * 24 * 3600_000;

/** What is remembered about a notification DM. */
export interface NoticeMemo {
  ticketId: number;
  /** ISO time it was sent. */
  at: string;
  platform: Platform;
}

const lastKey = (email: string) => `notice:${addressKey(email)}`;
const messageKey = (platform: Platform, conversationId: string, messageId: string) => `notice-message:${platform}:${conversationId}:${messageId}`;

/** Records a sent notification DM; never fails the send (it already happened). */
export async function rememberNotice(store: MemoStore, email: string, ticketId: number, platform: Platform, sent: boolean | { conversationId: string; messageId: string }, logger: Logger): Promise<void> {
  const memo: NoticeMemo = { ticketId, at: new Date().toISOString(), platform };
  try {
    await store.putMemo(lastKey(email), memo, NOTICE_MEMO_MS);
    if (typeof sent === 'object') await store.putMemo(messageKey(platform, sent.conversationId, sent.messageId), memo, NOTICE_MEMO_MS);
  } catch (err) {
    logger.warn('could not remember which ticket a DM was about; a reply to it will be offered as a new ticket', { ticketId, error: err });
  }
}

/** The person's last notification DM, if any. */
export function lastNotice(store: MemoStore, email: string): Promise<NoticeMemo | undefined> {
  return store.getMemo<NoticeMemo>(lastKey(email));
}

/** The notification a given DM message was, if it was one. */
export function noticeOfMessage(store: MemoStore, platform: Platform, conversationId: string, messageId: string): Promise<NoticeMemo | undefined> {
  return store.getMemo<NoticeMemo>(messageKey(platform, conversationId, messageId));
}

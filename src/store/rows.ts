/** Row <-> record conversions both engines share, so SQLite and PostgreSQL store the same values. */
import { addressKey } from '../core/vocabulary';
import type { Conversation, Platform, PostedMessage, SubscriptionFilter, SubscriptionRecord, TicketState } from './types';

type Row = Record<string, unknown>;

/** The filter's value column ('' for filters without one). */
export const filterValue = (f: SubscriptionFilter): string => ('value' in f ? f.value : '');

/** Rebuilds a filter from its two columns. */
export function toFilter(kind: string, value: string): SubscriptionFilter {
  return kind === 'all' || kind === 'high' ? { kind } : ({ kind, value } as SubscriptionFilter);
}

/** Emails are keys: trimmed and lower-cased everywhere (src/core/vocabulary.ts). */
export const email = addressKey;

/** ISO 8601 -> epoch seconds (ticket states are kept narrow). */
export const epoch = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** Epoch seconds -> ISO 8601 UTC without milliseconds, as Graph writes them. */
export const iso = (secs: number): string => new Date(secs * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A started send's claim when the caller names none: well beyond any send's own time limit. */
export const DEFAULT_CLAIM_MS = 120_000;

/** A subscriptions row (either engine; same column names) as a record. */
export const toSub = (r: Row): SubscriptionRecord => ({
  conversation: { platform: r.platform as Platform, id: r.conversation_id as string, kind: r.conversation_kind as Conversation['kind'] },
  filter: toFilter(r.filter_kind as string, r.filter_value as string),
  createdBy: r.created_by as string,
  createdAt: r.created_at as string,
});

/** A posted_messages row (either engine) as a record. */
export const toPosted = (r: Row): PostedMessage => ({
  platform: r.platform as Platform,
  conversationId: r.conversation_id as string,
  ticketId: r.ticket_id as number,
  messageId: r.message_id as string,
  etag: (r.etag as string | null) ?? undefined,
});

/** A ticket_state row (either engine; `modified` in epoch seconds) as a record. */
export const toTicketState = (r: Row): TicketState => ({
  id: r.id as number,
  status: r.status as string,
  assignedTo: r.assigned as string,
  priority: r.priority as string,
  etag: r.etag as string,
  modified: iso(Number(r.modified)),
});

/** Small builders for notification tests. */
import type { Comment, Ticket } from '../../src/helpdesk/types';
import type { SubscriptionFilter } from '../../src/core';
import type { SubscriptionRecord } from '../../src/store/types';

export const REQUESTER = 'alex@contoso.com';
export const AGENT = 'dana@contoso.com';
export const OTHER_AGENT = 'sam@contoso.com';

/** A ticket with sensible defaults. */
export function ticket(over: Partial<Ticket> = {}): Ticket {
  return {
    id: 12, etag: '"e,1"', created: '2026-11-22T10:00:00Z', modified: '2026-11-22T10:00:00Z',
    title: 'Printer jams', description: 'Third floor', priority: 'Normal', status: 'New', category: 'Hardware',
    submittedBy: REQUESTER, submittedByName: 'Alex Requester', submittedByEmail: REQUESTER, assignedTo: '', ...over,
  };
}

/** A comment on ticket 12 with sensible defaults. */
export function comment(over: Partial<Comment> = {}): Comment {
  return {
    id: 100, etag: '"c,1"', created: '2026-11-22T10:05:00Z', modified: '2026-11-22T10:05:00Z', ticketId: 12,
    title: 'Reply', body: 'Have you tried turning it off and on?', authorEmail: AGENT, authorName: 'Dana Agent', isInternal: false, ...over,
  };
}

/** A subscription of a channel. */
export function sub(platform: 'teams' | 'slack', id: string, filter: SubscriptionFilter): SubscriptionRecord {
  return { conversation: { platform, id, kind: 'channel' }, filter, createdBy: AGENT, createdAt: '2026-11-22T09:00:00Z' };
}

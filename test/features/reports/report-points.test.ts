/**
 * The moments the reports keep, as the cycle hook learns them from what the poller read: a
 * resolution is the change that moved an open ticket to a done status, a reopen takes it back, and
 * what happened before the bot measured stays unknown instead of guessed.
 */
import { describe, expect, it } from 'vitest';
import { seenResponse, seenTicket } from '../../../src/features/reports/report-points';
import { DEFAULT_VOCABULARY } from '../../../src/settings/groups';
import { ALEX, comment, MEGAN, ticket } from './desk';

const SINCE = Date.parse('2026-03-06T00:00:00Z');
const at = (iso: string) => Date.parse(iso);

describe('the moments a report measures', () => {
  it('a ticket seen open and then resolved was resolved at that change, by its assignee; a reopen takes the resolution back', () => {
    const open = seenTicket(ticket(1, '2026-03-07T09:00:00Z', 'In Progress', { assignedTo: MEGAN }), undefined, SINCE, DEFAULT_VOCABULARY);
    expect(open).toMatchObject({ open: true, assignee: MEGAN });
    expect(open.resolvedAt).toBeUndefined();
    const resolved = seenTicket(ticket(1, '2026-03-07T09:00:00Z', 'Resolved', { assignedTo: MEGAN, modified: '2026-03-08T10:00:00Z' }), open, SINCE, DEFAULT_VOCABULARY);
    expect(resolved).toMatchObject({ open: false, resolvedAt: at('2026-03-08T10:00:00Z'), resolver: MEGAN });
    // A later edit of the resolved ticket (its title) does not move the moment.
    const edited = seenTicket(ticket(1, '2026-03-07T09:00:00Z', 'Closed', { assignedTo: MEGAN, modified: '2026-03-09T10:00:00Z' }), resolved, SINCE, DEFAULT_VOCABULARY);
    expect(edited.resolvedAt).toBe(at('2026-03-08T10:00:00Z'));
    const reopened = seenTicket(ticket(1, '2026-03-07T09:00:00Z', 'In Progress', { assignedTo: ALEX, modified: '2026-03-10T10:00:00Z' }), edited, SINCE, DEFAULT_VOCABULARY);
    expect(reopened).toMatchObject({ open: true, assignee: ALEX });
    expect(reopened.resolvedAt).toBeUndefined();
    const again = seenTicket(ticket(1, '2026-03-07T09:00:00Z', 'Resolved', { assignedTo: ALEX, modified: '2026-03-11T10:00:00Z' }), reopened, SINCE, DEFAULT_VOCABULARY);
    expect(again).toMatchObject({ resolvedAt: at('2026-03-11T10:00:00Z'), resolver: ALEX });
  });

  it('a ticket first seen done is resolved at that change only when it was filed after measuring began', () => {
    const before = seenTicket(ticket(2, '2026-03-05T09:00:00Z', 'Closed', { modified: '2026-03-06T10:00:00Z' }), undefined, SINCE, DEFAULT_VOCABULARY);
    expect(before.resolvedAt).toBeUndefined();
    const after = seenTicket(ticket(3, '2026-03-06T09:00:00Z', 'Closed', { modified: '2026-03-06T10:00:00Z' }), undefined, SINCE, DEFAULT_VOCABULARY);
    expect(after.resolvedAt).toBe(at('2026-03-06T10:00:00Z'));
  });

  it('the earliest response stands, whatever order the comments are read in', () => {
    const row = seenTicket(ticket(4, '2026-03-07T09:00:00Z', 'New'), undefined, SINCE, DEFAULT_VOCABULARY);
    const later = seenResponse(row, comment(4, '2026-03-07T12:00:00Z', ALEX));
    const earlier = seenResponse(later, comment(4, '2026-03-07T10:00:00Z', MEGAN));
    expect(earlier).toMatchObject({ firstResponseAt: at('2026-03-07T10:00:00Z'), firstResponder: MEGAN });
    expect(seenResponse(earlier, comment(4, '2026-03-07T11:00:00Z', ALEX))).toBe(earlier);
  });
});

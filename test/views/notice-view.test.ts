/** The buttons a notification DM offers each reader (17.2). */
import { describe, expect, it } from 'vitest';
import { VERBS } from '../../src/core/verbs';
import { noticeView } from '../../src/views/notice-view';
import { ticket } from '../cards/samples';

const titles = (n: ReturnType<typeof noticeView>) => n.actions.map((a) => a.title);

describe('notification DM buttons', () => {
  it('requester: Comment and View on an open ticket, plus Reopen when resolved', () => {
    expect(titles(noticeView(ticket({ status: 'In Progress' }), 'x', 'requester', 'pattif@example.com'))).toEqual(['Comment', 'View']);
    const resolved = noticeView(ticket({ status: 'Resolved' }), 'x', 'requester', 'pattif@example.com');
    expect(titles(resolved)).toEqual(['Comment', 'View', 'Reopen']);
    expect(resolved.actions.find((a) => a.title === 'Reopen')).toMatchObject({ verb: VERBS.reopenForm, ticketId: 42, etag: ticket().etag });
  });

  it('agent: Claim only when nobody holds it, Take over when someone else does, just View when it is theirs or done', () => {
    expect(titles(noticeView(ticket({ assignedTo: '' }), 'x', 'assignee', 'meganb@example.com'))).toEqual(['Claim', 'View']);
    const other = noticeView(ticket({ assignedTo: 'diegos@example.com' }), 'x', 'assignee', 'meganb@example.com');
    expect(titles(other)).toEqual(['Take over', 'View']);
    // Take over carries no takeOver flag: the claim asks first whom it takes the ticket from.
    expect(other.actions[0].data).toBeUndefined();
    expect(titles(noticeView(ticket({ assignedTo: 'Diegos@Example.com' }), 'x', 'assignee', 'diegos@example.com'))).toEqual(['View']);
    expect(titles(noticeView(ticket({ status: 'Resolved', assignedTo: '' }), 'x', 'assignee', 'meganb@example.com'))).toEqual(['View']);
  });
});

/** A view kept in the outbox by an older version (no words of its own) is sent with them, in its reader's language. */
import { describe, expect, it } from 'vitest';
import { renderMessage } from '../../src/channels/slack/blocks/message';
import { renderCard } from '../../src/channels/teams/cards';
import { storedNotice, storedTicketView } from '../../src/views/stored';
import type { TicketView } from '../../src/views/types';
import { sampleViews } from '../cards/samples';

describe('views from an older outbox', () => {
  it('a German ticket card stored without labels renders with German labels on both platforms', () => {
    const fresh = sampleViews('de')['ticket-agent'];
    if (fresh.type !== 'ticket') throw new Error('sample');
    const { labels: _l, earlierCommentsText: _e, ...old } = fresh.ticket;
    const view = storedTicketView(JSON.parse(JSON.stringify(old)) as TicketView);
    expect(view.labels.assignedTo).toBe('Zugewiesen an');
    expect(view.earlierCommentsText).toEqual(fresh.ticket.earlierCommentsText);
    expect(JSON.stringify(renderCard({ type: 'ticket', ticket: view }))).toContain('Angefragt von');
    expect(JSON.stringify(renderMessage({ type: 'ticket', ticket: view }))).toContain('Angefragt von');
    expect(storedTicketView(fresh.ticket)).toBe(fresh.ticket);
  });

  it('a notice stored without labels gets its link words', () => {
    const fresh = sampleViews('de')['notice-requester-resolved'];
    if (fresh.type !== 'notice') throw new Error('sample');
    const { labels: _l, ...old } = fresh.notice;
    expect(storedNotice(old as typeof fresh.notice).labels.openInHelpdesk).toBe('Im Helpdesk öffnen');
  });
});

/**
 * What people wrote keeps its lines on a Teams card: a description or comment of several lines is
 * several paragraphs, never one run-on sentence (Teams reads a single line break as a space).
 */
import { expect, it } from 'vitest';
import { renderCard } from '../../src/channels/teams/cards';
import { ticketView } from '../../src/views/ticket-view';
import { teamsParagraphs } from '../support/teams-paragraphs';
import { comments, ticket, vocabulary } from './samples';

const agent = { email: 'meganb@example.com', isAgent: true };

it('a description of several lines is shown as its lines', () => {
  const card = renderCard({ type: 'ticket', ticket: ticketView(ticket({ description: 'Home office\nThe second monitor flickers.\n\nSince Monday.' }), [], agent, vocabulary) });
  expect(teamsParagraphs(card, 'Home office')).toEqual(['Home office', 'The second monitor flickers.', 'Since Monday.']);
});

it('a comment of several lines is shown as its lines', () => {
  const [c] = comments(1);
  const card = renderCard({ type: 'ticket', ticket: ticketView(ticket(), [{ ...c, body: 'Tried:\n1. restart\n2. new cable' }], agent, vocabulary) });
  expect(teamsParagraphs(card, 'Tried:')).toEqual(['Tried:', '1\\. restart', '2\\. new cable']);
});

import { describe, expect, it } from 'vitest';
import { renderCard } from '../../src/channels/teams/cards';
import { VERBS } from '../../src/core/verbs';
import { ticketView } from '../../src/views/ticket-view';
import { comments, sampleViews, ticket, vocabulary } from './samples';

type Card = Record<string, any>;
const text = (card: Card) => JSON.stringify(card);
/** Card-level actions plus those in body ActionSets (ticket cards put theirs in rows). */
const actions = (card: Card): Card[] => [...(card.actions ?? []), ...(card.body ?? []).filter((b: Card) => b.type === 'ActionSet').flatMap((b: Card) => b.actions)];
const titles = (card: Card) => actions(card).map((a) => a.title);

describe('Adaptive Card templates', () => {
  it('expand every view into a 1.5 card with no template expression left over', () => {
    for (const [name, view] of Object.entries(sampleViews())) {
      const card = renderCard(view);
      expect(card.type, name).toBe('AdaptiveCard');
      expect(card.version, name).toBe('1.5');
      expect(text(card), name).not.toMatch(/\$\{(?!x)/);
    }
  });

  it('gives an agent the agent buttons, each carrying verb, ticket id and the etag seen', () => {
    const card = renderCard(sampleViews()['ticket-agent']) as Card;
    expect(titles(card)).toEqual(expect.arrayContaining(['Take over', 'Resolve']));
    const claim = actions(card).find((a) => a.verb === VERBS.claim)!;
    expect(claim).toMatchObject({ type: 'Action.Execute', data: { ticketId: 42, etag: ticket().etag } });
    expect(text(card)).toContain('Internal note');
  });

  it('shows a requester no agent buttons and no internal notes', () => {
    const card = renderCard(sampleViews()['ticket-requester']) as Card;
    expect(actions(card).map((a) => a.verb)).not.toContain(VERBS.claim);
    expect(actions(card).map((a) => a.verb)).not.toContain(VERBS.resolveForm);
    expect(text(card)).not.toContain('Do not tell the user yet');
    expect(text(card)).not.toContain('Internal note');
  });

  it('shows who holds a ticket when a claim lost the race, as a warning; a confirmation as good news', () => {
    const conflict = renderCard(sampleViews()['ticket-conflict']) as Card;
    expect(text(conflict)).toContain('Already claimed by Diego Siciliani');
    expect(conflict.body[0]).toMatchObject({ style: 'warning' });
    const done = renderCard({ type: 'ticket', ticket: ticketView(ticket({ status: 'Resolved' }), [], { email: 'meganb@example.com', isAgent: true }, vocabulary, { text: 'Resolved by Megan Bowen.', tone: 'success' }) }) as Card;
    expect(done.body[0]).toMatchObject({ style: 'good' });
  });

  it('styles a notice by its tone, never by its wording', () => {
    const agent = { email: 'meganb@example.com', isAgent: true };
    // Good news worded like a lost race is still good news, and a warning with harmless words still stands out.
    const good = renderCard({ type: 'ticket', ticket: ticketView(ticket(), [], agent, vocabulary, { text: 'Already claimed by you. Nothing was changed.', tone: 'success' }) }) as Card;
    expect(good.body[0]).toMatchObject({ style: 'good' });
    const warning = renderCard({ type: 'ticket', ticket: ticketView(ticket(), [], agent, vocabulary, { text: 'Resolved by Megan Bowen.', tone: 'warning' }) }) as Card;
    expect(warning.body[0]).toMatchObject({ style: 'warning' });
    const failed = renderCard({ type: 'ticket', ticket: ticketView(ticket(), [], agent, vocabulary, { text: 'Saved.', tone: 'error' }) }) as Card;
    expect(failed.body[0]).toMatchObject({ style: 'attention' });
  });

  it('keeps what was typed and shows each field error next to its field', () => {
    const card = renderCard(sampleViews()['new-ticket-form-errors']) as Card;
    const body = text(card);
    expect(body).toContain('Title is required.');
    expect(body).toContain('Priority \\"Hgh\\" is not allowed');
    expect(body).toContain('Kept text');
    const submit = actions(card)[0];
    expect(submit).toMatchObject({ type: 'Action.Execute', verb: VERBS.create, associatedInputs: 'auto', data: { sourceLink: 'https://teams.microsoft.com/l/message/19:abc/123' } });
  });

  it('treats user text as text, never as a template expression', () => {
    const view = ticketView(ticket({ title: '${$root.secret} ${notice}' }), comments(1), { email: 'meganb@example.com', isAgent: true }, vocabulary);
    const card = renderCard({ type: 'ticket', ticket: view });
    expect(text(card)).toContain('${$root.secret} ${notice}');
  });

  it('offers a way back to the ticket from its forms without sending what was typed', () => {
    for (const name of ['comment-form', 'resolve-form', 'assign-form']) {
      const back = actions(renderCard(sampleViews()[name]) as Card).find((a) => a.title === 'Back to ticket');
      expect(back, name).toMatchObject({ type: 'Action.Execute', verb: VERBS.show, associatedInputs: 'none', data: { ticketId: 42 } });
    }
    expect(titles(renderCard(sampleViews()['new-ticket-form']) as Card)).not.toContain('Back to ticket');
  });

  it('asks Teams to refresh a ticket card per viewer for the given users, at most 60', () => {
    const ids = Array.from({ length: 70 }, (_, i) => `29:user-${i}`);
    const card = renderCard(sampleViews()['ticket-agent'], { refreshUserIds: ids }) as Card;
    expect(card.refresh).toEqual({
      action: { type: 'Action.Execute', title: 'Refresh', verb: VERBS.refresh, data: { ticketId: 42 } },
      userIds: ids.slice(0, 60),
    });
    expect(renderCard(sampleViews()['ticket-agent']).refresh).toBeUndefined();
    expect(renderCard(sampleViews()['help'], { refreshUserIds: ids }).refresh).toBeUndefined();
  });

  it('puts the form inputs the handlers read under the names they read', () => {
    const ids = (name: string) => [...text(renderCard(sampleViews()[name])).matchAll(/"id":"(\w+)"/g)].map((m) => m[1]);
    expect(ids('new-ticket-form')).toEqual(['title', 'description', 'priority', 'category']);
    expect(ids('comment-form')).toEqual(['comment', 'internal']);
    expect(ids('resolve-form')).toEqual(['note']);
    expect(ids('assign-form')).toEqual(['assignee']);
  });
  it('shows usage placeholders in a form Teams does not strip as HTML', () => {
    const help = text(renderCard(sampleViews()['help-topic']));
    expect(help).toContain('claim ‹ticket id›');
    expect(help).not.toMatch(/<ticket id>/);
    expect(text(renderCard(sampleViews().error))).toContain('Usage: claim ‹ticket id›');
  });
});

import { describe, expect, it } from 'vitest';
import { commentEvent, ticketEvents, type ChangeSet } from '../../src/notify/detect';
import { matches, route, type RoutingContext } from '../../src/notify/routing';
import type { PersonTarget } from '../../src/notify/types';
import type { TicketState } from '../../src/store/types';
import { AGENT, comment, OTHER_AGENT, REQUESTER, sub, ticket } from './builders';

const HIGH = ['High', 'Urgent'];
const ctx = (over: Partial<RoutingContext> = {}): RoutingContext => ({ subscriptions: [], posted: [], muted: new Set(), highPriorities: HIGH, ...over });
const state = (over: Partial<TicketState> = {}): TicketState => ({ id: 12, status: 'New', assignedTo: '', priority: 'Normal', etag: '"e,0"', modified: '2026-11-22T09:00:00Z', ...over });

function ticketSet(t = ticket(), previous?: TicketState, actorEmail?: string): ChangeSet {
  const events = ticketEvents(t, previous);
  for (const e of events) e.actorEmail = actorEmail;
  return { key: `ticket:${t.id}:${t.etag}`, ticket: t, events, at: t.modified };
}
const commentSet = (c = comment(), t = ticket({ assignedTo: AGENT })): ChangeSet => ({ key: `comment:${c.id}`, ticket: t, events: [commentEvent(c, t)], at: c.created });
const people = (targets: ReturnType<typeof route>) => targets.filter((t): t is PersonTarget => t.type === 'person');

describe('change detection', () => {
  it('finds status, assignment and priority changes and nothing for an already handled version', () => {
    const t = ticket({ etag: '"e,2"', status: 'Assigned', assignedTo: AGENT, priority: 'High' });
    expect(ticketEvents(t, state()).map((e) => `${e.kind}:${e.from}->${e.to}`)).toEqual(['status:New->Assigned', `assigned:->${AGENT}`, 'priority:Normal->High']);
    expect(ticketEvents(t, state({ etag: '"e,2"' }))).toEqual([]);
    expect(ticketEvents(ticket({ status: 'Resolved' }), state({ status: 'In Progress' }))[0].kind).toBe('resolved');
    expect(ticketEvents(ticket(), undefined)[0].kind).toBe('created');
  });
});

describe('subscription filters', () => {
  it.each([
    [{ kind: 'all' } as const, ticket(), true],
    [{ kind: 'high' } as const, ticket({ priority: 'Urgent' }), true],
    [{ kind: 'high' } as const, ticket({ priority: 'Normal' }), false],
    [{ kind: 'space', value: 'HR' } as const, ticket({ spaceId: 'hr' }), true],
    [{ kind: 'space', value: 'HR' } as const, ticket(), false],
    [{ kind: 'category', value: 'network' } as const, ticket({ category: 'Network' }), true],
    [{ kind: 'status', value: 'In Progress' } as const, ticket({ status: 'New' }), false],
  ])('%o on %o → %s', (filter, t, expected) => {
    expect(matches(filter, t, HIGH)).toBe(expected);
  });
});

describe('who hears what', () => {
  it('a new ticket gets one card per matching channel, even with several matching subscriptions', () => {
    const targets = route(ticketSet(ticket({ priority: 'High', category: 'Network' })), ctx({
      subscriptions: [sub('slack', 'C1', { kind: 'all' }), sub('slack', 'C1', { kind: 'high' }), sub('teams', '19:t', { kind: 'category', value: 'Network' }), sub('slack', 'C2', { kind: 'status', value: 'Resolved' })],
    }));
    expect(targets).toEqual([
      { type: 'channel', platform: 'slack', conversationId: 'C1', action: 'post', locale: 'en' },
      { type: 'channel', platform: 'teams', conversationId: '19:t', action: 'post', locale: 'en' },
    ]);
  });

  it('a later change updates the existing card with a thread line instead of posting again', () => {
    const t = ticket({ etag: '"e,2"', status: 'In Progress' });
    const targets = route(ticketSet(t, state()), ctx({
      subscriptions: [sub('slack', 'C1', { kind: 'all' })],
      posted: [{ platform: 'slack', conversationId: 'C1', ticketId: 12, messageId: '17.1' }],
    }));
    expect(targets.filter((x) => x.type === 'channel')).toEqual([
      { type: 'channel', platform: 'slack', conversationId: 'C1', action: 'update', messageId: '17.1', line: 'Status: New → In Progress', locale: 'en' },
    ]);
  });

  it('the requester hears about status changes and resolution with its note; the assignee about assignment', () => {
    const claimed = route(ticketSet(ticket({ etag: '"e,2"', status: 'Assigned', assignedTo: AGENT }), state()), ctx());
    expect(people(claimed).map((p) => [p.email, p.reason])).toEqual([[REQUESTER, 'requester'], [AGENT, 'assignee']]);
    expect(people(claimed)[0].text).toContain('is now Assigned');
    expect(people(claimed)[1].text).toContain('was assigned to you');

    const set = ticketSet(ticket({ etag: '"e,3"', status: 'Resolved', assignedTo: AGENT }), state({ status: 'In Progress', assignedTo: AGENT }));
    set.events[0].note = 'Replaced the fuser';
    const resolved = people(route(set, ctx()));
    expect(resolved).toHaveLength(1);
    expect(resolved[0]).toMatchObject({ email: REQUESTER, reason: 'requester' });
    expect(resolved[0].text).toMatch(/was resolved\.\nResolution: Replaced the fuser/);
  });

  it('nobody is told about their own action', () => {
    const claimedByDana = route(ticketSet(ticket({ etag: '"e,2"', status: 'Assigned', assignedTo: AGENT }), state(), AGENT), ctx());
    expect(people(claimedByDana).map((p) => p.email)).toEqual([REQUESTER]);
    const ownComment = route(commentSet(comment({ authorEmail: REQUESTER, authorName: 'Alex' })), ctx());
    expect(people(ownComment).map((p) => p.email)).toEqual([AGENT]); // the assignee hears the requester
  });

  it('internal notes never reach the requester or a channel', () => {
    const note = commentSet(comment({ isInternal: true, authorEmail: OTHER_AGENT, body: 'user is VIP, be careful' }));
    const targets = route(note, ctx({ posted: [{ platform: 'slack', conversationId: 'C1', ticketId: 12, messageId: '17.1' }], subscriptions: [sub('slack', 'C1', { kind: 'all' })] }));
    expect(targets.map((t) => (t.type === 'person' ? t.email : t.conversationId))).toEqual([AGENT]);
    expect(JSON.stringify(targets.filter((t) => t.type === 'person' && t.email === REQUESTER))).toBe('[]');
  });

  it('a public comment by an agent reaches the requester and the card thread, not the commenting assignee', () => {
    const targets = route(commentSet(), ctx({ posted: [{ platform: 'teams', conversationId: '19:t', ticketId: 12, messageId: 'a1' }] }));
    expect(targets).toEqual([
      { type: 'channel', platform: 'teams', conversationId: '19:t', action: 'line', messageId: 'a1', line: '💬 Dana Agent: Have you tried turning it off and on?', locale: 'en' },
      expect.objectContaining({ type: 'person', email: REQUESTER, reason: 'requester' }),
    ]);
  });

  it('a reply written in a card thread is not echoed back into that thread', () => {
    const targets = route(commentSet(), ctx({
      posted: [{ platform: 'slack', conversationId: 'C1', ticketId: 12, messageId: '17.1' }, { platform: 'teams', conversationId: '19:t', ticketId: 12, messageId: 'a1' }],
      origin: { platform: 'slack', conversationId: 'C1' },
    }));
    expect(targets.filter((t) => t.type === 'channel').map((t) => t.type === 'channel' && t.conversationId)).toEqual(['19:t']);
  });

  it('muted people get no DMs but channels still do', () => {
    const targets = route(ticketSet(ticket({ etag: '"e,2"', status: 'In Progress' }), state()), ctx({
      muted: new Set([REQUESTER]), posted: [{ platform: 'slack', conversationId: 'C1', ticketId: 12, messageId: '17.1' }],
    }));
    expect(people(targets)).toEqual([]);
    expect(targets).toHaveLength(1);
  });

  it('a priority change reaches only channels', () => {
    const targets = route(ticketSet(ticket({ etag: '"e,2"', priority: 'Urgent', assignedTo: AGENT }), state({ assignedTo: AGENT })), ctx({ subscriptions: [sub('slack', 'C9', { kind: 'high' })] }));
    expect(targets).toEqual([{ type: 'channel', platform: 'slack', conversationId: 'C9', action: 'post', locale: 'en' }]);
  });
});

describe('people are named, not addressed', () => {
  const names = new Map([[AGENT, 'Dana Agent'], [OTHER_AGENT, 'Sam Agent']]);
  const assigned = () => ticketSet(ticket({ etag: '"e,2"', status: 'Assigned', assignedTo: AGENT }), state(), OTHER_AGENT);
  const onCard = { subscriptions: [sub('slack', 'C1', { kind: 'all' })], posted: [{ platform: 'slack' as const, conversationId: 'C1', ticketId: 12, messageId: '17.1' }] };

  it('the thread line names the assignee and the assignee\'s DM names who assigned it, in English and in German', () => {
    const english = route(assigned(), ctx({ ...onCard, names }));
    expect(english.find((x) => x.type === 'channel')).toMatchObject({ line: 'Status: New → Assigned\nAssigned to Dana Agent' });
    expect(people(english).find((p) => p.reason === 'assignee')?.text).toBe('Sam Agent assigned ticket #12 "Printer jams" to you (requester: Alex Requester, priority Normal).');

    const german = route(assigned(), ctx({ ...onCard, names, defaultLocale: 'de' }));
    expect(german.find((x) => x.type === 'channel')).toMatchObject({ line: 'Status: Neu → Zugewiesen\nZugewiesen an Dana Agent' });
    expect(people(german).find((p) => p.reason === 'assignee')?.text).toBe('Sam Agent hat Ihnen das Ticket #12 "Printer jams" zugewiesen (Anfragende Person: Alex Requester, Priorität Normal).');
  });

  it('someone not on the agents list is named as the ticket names its requester, else by address', () => {
    const toRequester = ticketSet(ticket({ etag: '"e,2"', assignedTo: REQUESTER }), state());
    expect(route(toRequester, ctx({ ...onCard, names })).find((x) => x.type === 'channel')).toMatchObject({ line: 'Assigned to Alex Requester' });
    const toStranger = ticketSet(ticket({ etag: '"e,2"', assignedTo: 'pat@contoso.com' }), state());
    expect(route(toStranger, ctx({ ...onCard, names })).find((x) => x.type === 'channel')).toMatchObject({ line: 'Assigned to pat@contoso.com' });
  });
});

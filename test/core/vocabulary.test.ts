import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { isDone, isHighPriority, isResolved, resolvedStatuses, roleOf, sameAddress, type Vocabulary } from '../../src/core/vocabulary';
import { ticketEvents } from '../../src/notify/detect';
import type { Ticket } from '../../src/helpdesk/types';

const vocabulary: Vocabulary = {
  priorities: ['Low', 'Normal', 'High', 'Urgent'],
  categories: ['Hardware'],
  statuses: ['New', 'Assigned', 'In Progress', 'Waiting', 'Resolved', 'Closed'],
  openStatuses: ['New', 'Assigned', 'In Progress'],
  highPriorities: ['High', 'Urgent'],
};

describe('what a status means', () => {
  it('gives each status one role, whatever its case', () => {
    expect(['New', 'assigned', 'In Progress', 'Waiting', 'RESOLVED', 'Closed'].map((s) => roleOf(vocabulary, s))).toEqual(['new', 'working', 'working', 'waiting', 'done', 'done']);
    // A status the desk does not have has no role, however it is spelled.
    expect(roleOf(vocabulary, 'Cancelled')).toBeUndefined();
    expect(isDone(vocabulary, 'Cancelled')).toBe(false);
    expect(isResolved('Cancelled')).toBe(false);
    expect(resolvedStatuses(vocabulary)).toEqual(['Resolved', 'Closed']);
    expect(isHighPriority(vocabulary, 'urgent')).toBe(true);
    expect(isHighPriority(vocabulary, 'Normal')).toBe(false);
  });

  it('change detection calls a move to Closed a resolution and a move to Waiting a status change', () => {
    const t = { id: 1, etag: '"1,2"', status: 'Closed', assignedTo: '', priority: 'Low', modified: '' } as Ticket;
    const before = { id: 1, etag: '"1,1"', status: 'In Progress', assignedTo: '', priority: 'Low', modified: '' };
    expect(ticketEvents(t, before).map((e) => e.kind)).toEqual(['resolved']);
    expect(ticketEvents({ ...t, status: 'Waiting' }, before).map((e) => e.kind)).toEqual(['status']);
  });

  it('compares addresses ignoring case and spaces; an empty address matches nothing', () => {
    expect(sameAddress(' DanA@Contoso.test', 'dana@contoso.test ')).toBe(true);
    expect(sameAddress('', '')).toBe(false);
  });

  it('loadConfig refuses an open status that means finished, naming the variable', () => {
    try {
      loadConfig({ HELPDESK_OPEN_STATUSES: 'New,Closed' });
      expect.unreachable('loadConfig accepted a finished status as open');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toMatch(/HELPDESK_OPEN_STATUSES.*"Closed" means the ticket is finished/);
    }
  });
});

/** The guard that keeps a poll from reporting a change backwards after the fast lane told a newer version. */
import { describe, expect, it } from 'vitest';
import { isOlder } from '../../src/notify/plan';
import type { Ticket } from '../../src/helpdesk/types';
import type { TicketState } from '../../src/store/types';

const ticket = (etag: string, modified: string) => ({ id: 1, etag, modified } as Ticket);
const state = (etag: string, modified: string): TicketState => ({ id: 1, etag, modified, status: 'New', assignedTo: '', priority: 'Normal' });

describe('isOlder', () => {
  it('compares SharePoint etag versions of the same item', () => {
    expect(isOlder(ticket('"abc,3"', '2026-01-01T10:00:00Z'), state('"abc,4"', '2026-01-01T10:00:00Z'))).toBe(true);
    expect(isOlder(ticket('"abc,5"', '2026-01-01T10:00:00Z'), state('"abc,4"', '2026-01-01T10:00:00Z'))).toBe(false);
  });

  it('falls back to Modified when the etags cannot be compared', () => {
    expect(isOlder(ticket('x', '2026-01-01T10:00:00Z'), state('y', '2026-01-01T10:00:05Z'))).toBe(true);
    expect(isOlder(ticket('x', '2026-01-01T10:00:05Z'), state('y', '2026-01-01T10:00:05Z'))).toBe(false);
  });
});

/** A subscription filter names a value the site added since the bot last read its columns. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleText } from '../../src/commands';
import { DANA, SAM, context, notificationStore } from './context';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import type { SeededHelpdesk } from '../support/seeded-helpdesk';

// The service's clock, moved by the test: the columns are read again for an unknown value at most once a minute.
const clock = { ms: Date.parse('2026-11-24T09:00:00Z') };
let stack: HelpdeskStack;
let desk: SeededHelpdesk;
beforeAll(async () => {
  stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0, now: () => new Date(clock.ms) } });
  for (const a of [DANA, SAM]) stack.emulator.data.insert('SD_Agents', { Title: a.name, SD_Email: a.email, SD_IsActive: true });
  desk = stack.helpdesk as SeededHelpdesk;
  await desk.ticketSchema();
});
afterAll(async () => stack.close());

describe('subscribe with a value the site just added', () => {
  it('reads the columns again and takes the new status at once; an unknown one is still refused', async () => {
    stack.emulator.columns.addChoice('SD_Tickets', 'SD_Status', 'Parked');
    clock.ms += 2 * 60_000;
    const store = notificationStore();
    const ctx = context(desk, DANA, { notifications: store.ports });
    const reply = await handleText(ctx, 'subscribe status parked');
    expect(reply.view.type).toBe('confirmation');
    expect(store.subs.get('conv-1')).toEqual([{ kind: 'status', value: 'Parked' }]);
    const refused = await handleText(ctx, 'subscribe status sleeping');
    expect(refused.view.type).toBe('error');
    expect(store.subs.get('conv-1')).toHaveLength(1);
    expect((await handleText(ctx, 'unsubscribe status parked')).view.type).toBe('confirmation');
    expect(store.subs.get('conv-1') ?? []).toHaveLength(0);
  });
});

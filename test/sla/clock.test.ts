import { describe, expect, it } from 'vitest';
import { deriveClocks, nextChange, type Clock, type Observation, type TicketHistory } from '../../src/features/sla/clock';
import { at, HOUR, MINUTE, policy, roleOf, wall } from './fixture';

const seen = (local: string, status: string, priority: string): Observation => ({ at: at(local), status, priority });
const ticket = (observations: Observation[], more: Partial<TicketHistory> = {}): TicketHistory => ({ created: observations[0].at, observations, ...more });
const byKind = (clocks: Clock[]) => Object.fromEntries(clocks.map((c) => [c.kind, c]));
/** A clock's instants as Berlin wall times, the rest as it is. */
function readable(c: Clock) {
  return {
    state: c.state,
    due: wall(c.due),
    used: c.usedMs / MINUTE,
    paused: c.pausedMs / MINUTE,
    crossed: c.crossed.map((t) => `${t.kind === 'warning' ? t.fraction : t.kind} ${wall(t.at)}`),
    next: c.next && `${c.next.kind === 'warning' ? c.next.fraction : c.next.kind} ${wall(c.next.at)}`,
  };
}
async function clocks(history: TicketHistory, now: string, edit?: Parameters<typeof policy>[0]) {
  return byKind(deriveClocks(await policy(edit), history, at(now), roleOf));
}

describe('SLA clocks', () => {
  it('start counting at the next opening for a ticket created out of hours', async () => {
    const c = await clocks(ticket([seen('2026-11-28T10:00', 'New', 'High')]), '2026-11-30T09:00');
    expect(readable(c.firstResponse)).toEqual({ state: 'running', due: 'Mon 2026-11-30 10:00 +01:00', used: 60, paused: 0, crossed: [], next: '0.75 Mon 2026-11-30 09:30 +01:00' });
    // The instants a store keeps: each is crossed when a later computation gets there.
    const upcoming = c.firstResponse.upcoming;
    expect(upcoming.map((t) => `${t.kind} ${wall(t.at)}`)).toEqual(['warning Mon 2026-11-30 09:30 +01:00', 'warning Mon 2026-11-30 09:48 +01:00', 'breach Mon 2026-11-30 10:00 +01:00']);
    for (const [i, t] of upcoming.entries()) {
      const then = deriveClocks(await policy(), ticket([seen('2026-11-28T10:00', 'New', 'High')]), t.at, roleOf)[0];
      expect(then.crossed).toEqual(upcoming.slice(0, i + 1));
      expect(then.next).toEqual(upcoming[i + 1]);
    }
    // 1d from out of hours: all of Monday's hours, so due at Monday's close.
    expect(c.resolution).toMatchObject({ state: 'running', targetMs: 8 * HOUR });
    expect(wall(c.resolution.due)).toBe('Mon 2026-11-30 17:00 +01:00');
  });

  it('pause in a waiting status across a weekend, then resume with the time used kept', async () => {
    const history = ticket(
      [seen('2026-11-27T10:00', 'In progress', 'Normal'), seen('2026-11-27T14:00', 'Waiting for customer', 'Normal'), seen('2026-11-30T10:00', 'In progress', 'Normal')],
      { firstResponseAt: at('2026-11-27T11:00') },
    );
    const monday = await clocks(history, '2026-11-30T11:00');
    expect(monday.firstResponse).toMatchObject({ state: 'met', stoppedAt: at('2026-11-27T11:00') });
    expect(monday.firstResponse.due).toBeUndefined();
    expect(monday.firstResponse.next).toBeUndefined();
    // 3d from 2 h into Friday is 2 h into Wednesday: 25 h of working time. By Monday 11:00, 5 h are
    // used and 4 h of working time paused (Friday 14-16, Monday 8-10), so it ends 4 h after Wednesday 10:00.
    expect(monday.resolution.targetMs).toBe(25 * HOUR);
    expect(readable(monday.resolution)).toEqual({ state: 'running', due: 'Wed 2026-12-02 14:00 +01:00', used: 300, paused: 240, crossed: [], next: '0.75 Tue 2026-12-01 16:45 +01:00' });
    expect(monday.resolution.pauses).toEqual([{ status: 'Waiting for customer', from: at('2026-11-27T14:00'), to: at('2026-11-30T10:00') }]);

    const saturday = await clocks(history, '2026-11-28T12:00');
    // While paused nothing is due to change; the due time is the one if it resumed now.
    expect(readable(saturday.resolution)).toEqual({ state: 'paused', due: 'Wed 2026-12-02 12:00 +01:00', used: 240, paused: 120, crossed: [], next: undefined });
    expect(saturday.resolution.pauses).toEqual([{ status: 'Waiting for customer', from: at('2026-11-27T14:00') }]);
  });

  it('count a changed priority’s target from the original start', async () => {
    const raised = [seen('2026-11-24T09:00', 'New', 'Normal'), seen('2026-11-24T10:30', 'New', 'High')];
    const c = await clocks(ticket(raised), '2026-11-24T10:45');
    // High's 2 h from 09:00, not from 10:30: the 75 % warning is already past.
    expect(readable(c.firstResponse)).toEqual({
      state: 'running', due: 'Tue 2026-11-24 11:00 +01:00', used: 105, paused: 0,
      crossed: ['0.75 Tue 2026-11-24 10:30 +01:00'], next: '0.9 Tue 2026-11-24 10:48 +01:00',
    });
    const late = await clocks(ticket([raised[0], seen('2026-11-24T11:30', 'New', 'High')]), '2026-11-24T11:30');
    expect(late.firstResponse).toMatchObject({ state: 'breached', breachedAt: at('2026-11-24T11:00') });
  });

  it('resume the resolution clock of a reopened ticket with the elapsed time kept', async () => {
    const resolved = [seen('2026-11-24T09:00', 'In progress', 'High'), seen('2026-11-24T12:00', 'Resolved', 'High')];
    const closed = await clocks(ticket(resolved), '2026-11-24T15:00');
    expect(closed.resolution).toMatchObject({ state: 'met', stoppedAt: at('2026-11-24T12:00'), usedMs: 3 * HOUR });
    expect(closed.resolution.next).toBeUndefined();

    const reopened = [...resolved, seen('2026-11-25T10:00', 'In progress', 'High')];
    const open = await clocks(ticket(reopened), '2026-11-25T11:00');
    expect(readable(open.resolution)).toMatchObject({ state: 'running', due: 'Wed 2026-11-25 16:00 +01:00', used: 240 });
    expect(open.resolution.stoppedAt).toBeUndefined();

    // Resolved exactly at the due time is met; half an hour later is missed.
    const onTime = await clocks(ticket([...reopened, seen('2026-11-25T16:00', 'Resolved', 'High')]), '2026-11-25T17:00');
    expect(onTime.resolution.state).toBe('met');
    const again = await clocks(ticket([...reopened, seen('2026-11-25T16:30', 'Resolved', 'High')]), '2026-11-25T17:00');
    expect(again.resolution).toMatchObject({ state: 'missed', breachedAt: at('2026-11-25T16:00'), stoppedAt: at('2026-11-25T16:30') });
    // Resolving without a reply stops the first-response clock too; reopening does not restart it.
    expect(again.firstResponse).toMatchObject({ state: 'missed', stoppedAt: at('2026-11-24T12:00'), breachedAt: at('2026-11-24T11:00') });
  });

  it('meet or miss the first response by the first public agent comment', async () => {
    const history = (reply: string) => ticket([seen('2026-11-24T09:00', 'New', 'High')], { firstResponseAt: at(reply) });
    expect((await clocks(history('2026-11-24T10:59'), '2026-11-24T12:00')).firstResponse.state).toBe('met');
    const missed = (await clocks(history('2026-11-24T11:30'), '2026-11-24T12:00')).firstResponse;
    expect(readable(missed)).toMatchObject({ state: 'missed', due: 'Tue 2026-11-24 11:00 +01:00', crossed: ['0.75 Tue 2026-11-24 10:30 +01:00', '0.9 Tue 2026-11-24 10:48 +01:00', 'breach Tue 2026-11-24 11:00 +01:00'] });
  });

  it('keep a clock breached under an earlier policy breached after the target is loosened', async () => {
    const history = ticket([seen('2026-11-24T09:00', 'New', 'High')], { breachedAt: { firstResponse: at('2026-11-24T11:00') } });
    const c = await clocks(history, '2026-11-24T11:30', (p) => (p.targets.High.firstResponse = '8h'));
    expect(readable(c.firstResponse)).toEqual({
      state: 'breached', due: 'Tue 2026-11-24 11:00 +01:00', used: 150, paused: 0,
      crossed: ['0.75 Tue 2026-11-24 11:00 +01:00', '0.9 Tue 2026-11-24 11:00 +01:00', 'breach Tue 2026-11-24 11:00 +01:00'], next: undefined,
    });
  });

  it('escalate after the breach by working time, and say when', async () => {
    const escalate = (p: Record<string, any>) => (p.escalate = { afterBreach: '1h', notify: 'channel' });
    const history = ticket([seen('2026-11-23T10:00', 'New', 'High')]);
    // Due Monday 12:00; an hour of working time later is 14:00, after the lunch break.
    const breached = await clocks(history, '2026-11-23T12:30', escalate);
    expect(readable(breached.firstResponse)).toMatchObject({ state: 'breached', next: 'escalation Mon 2026-11-23 14:00 +01:00' });
    const later = await clocks(history, '2026-11-23T14:00', escalate);
    expect(later.firstResponse.crossed.map((t) => t.kind)).toEqual(['warning', 'warning', 'breach', 'escalation']);
    expect(later.firstResponse.next).toBeUndefined();
  });

  it('count wall-clock time for a 24/7 target', async () => {
    const c = await clocks(ticket([seen('2026-11-28T23:00', 'New', 'Urgent')]), '2026-11-29T00:00');
    expect(readable(c.firstResponse)).toMatchObject({ state: 'breached', due: 'Sat 2026-11-28 23:30 +01:00', used: 60 });
    expect(readable(c.resolution)).toMatchObject({ state: 'running', due: 'Sun 2026-11-29 03:00 +01:00', next: '0.75 Sun 2026-11-29 02:00 +01:00' });
    expect(nextChange(Object.values(c))).toBe(at('2026-11-29T02:00'));
  });

  it('count from Created when the poller first saw the ticket later', async () => {
    const history = { created: at('2026-11-24T09:00'), observations: [seen('2026-11-24T10:30', 'In progress', 'High')] };
    const c = await clocks(history, '2026-11-24T10:30');
    expect(readable(c.firstResponse)).toMatchObject({ used: 90, due: 'Tue 2026-11-24 11:00 +01:00' });
  });

  it('give no clock to a ticket whose priority has no target', async () => {
    const p = await policy();
    expect(deriveClocks(p, ticket([seen('2026-11-24T09:00', 'New', 'Whenever')]), at('2026-11-24T12:00'), roleOf)).toEqual([]);
    expect(deriveClocks(p, { created: at('2026-11-24T09:00'), observations: [] }, at('2026-11-24T12:00'), roleOf)).toEqual([]);
  });
});

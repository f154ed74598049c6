/** Working hours for routing: the SLA policy's calendar (Berlin, split Monday, Bavarian holidays, listed dates) across a holiday and a DST change. */
import { beforeAll, describe, expect, it } from 'vitest';
import { decide, type DecisionInput } from '../../../src/features/routing/decide';
import { inHours, isOpen, minutesAfter, nextOpening } from '../../../src/features/routing/hours';
import { parseRules, type Group, type RoutingRules } from '../../../src/features/routing/rules';
import type { Calendar } from '../../../src/features/sla/business-time';
import { at, policy, wall } from '../../sla/fixture';

let desk: Calendar;
beforeAll(async () => {
  desk = (await policy()).calendars.business;
});

function rules(businessHours: boolean): RoutingRules {
  const r = parseRules(JSON.stringify({ groups: [{ name: 'Desk', agents: ['a@x.com', 'b@x.com'], method: 'round-robin', match: {}, availability: { businessHours } }] }), 'routing.json');
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.rules;
}
const keeping = (): Group => rules(true).groups[0];

describe('a group that keeps business hours', () => {
  it('takes tickets in the hours, not at lunch on a split Monday, nor after Friday\'s early close', () => {
    expect(inHours(keeping(), desk, at('2026-12-07T10:00'))).toBe(true);
    expect(inHours(keeping(), desk, at('2026-12-07T12:30'))).toBe(false);
    expect(inHours(keeping(), desk, at('2026-12-11T16:30'))).toBe(false);
    // A group that does not keep hours, or a desk with no SLA policy, always takes tickets.
    expect(inHours(rules(false).groups[0], desk, at('2026-12-11T16:30'))).toBe(true);
    expect(inHours(keeping(), undefined, at('2026-12-11T16:30'))).toBe(true);
  });

  it('is closed on a public holiday and a listed date, and opens again after them', () => {
    expect(isOpen(desk, at('2026-12-24T10:00'))).toBe(false); // listed in holidays.dates
    expect(isOpen(desk, at('2026-12-25T10:00'))).toBe(false); // 1. Weihnachtstag
    expect(wall(nextOpening(desk, at('2026-12-23T17:30')))).toBe('Mon 2026-12-28 08:00 +01:00');
    expect(wall(nextOpening(desk, at('2026-12-28T09:15')))).toBe('Mon 2026-12-28 09:15 +01:00');
  });

  it('opens at 08:00 wall time across the change to summer time', () => {
    // Friday 27 March 2026 in CET, Monday 30 March in CEST: 08:00 is 07:00Z, then 06:00Z.
    expect(isOpen(desk, Date.parse('2026-03-27T06:30:00Z'))).toBe(false);
    expect(isOpen(desk, Date.parse('2026-03-30T06:30:00Z'))).toBe(true);
    const monday = nextOpening(desk, at('2026-03-27T16:30'));
    expect(wall(monday)).toBe('Mon 2026-03-30 08:00 +02:00');
    expect(new Date(monday).toISOString()).toBe('2026-03-30T06:00:00.000Z');
    // The escalation minutes of such a group count working time: 30 min from Friday 15:45 end on Monday at 08:15.
    expect(wall(minutesAfter(keeping(), desk, at('2026-03-27T15:45'), 30))).toBe('Mon 2026-03-30 08:15 +02:00');
    expect(wall(minutesAfter(rules(false).groups[0], desk, at('2026-03-27T15:45'), 30))).toBe('Fri 2026-03-27 16:15 +01:00');
  });

  it('holds tickets that arrive at night, and spreads them in arrival order when the hours start', () => {
    const r = rules(true);
    const base = (now: number): Omit<DecisionInput, 'ticket' | 'cursors'> => ({
      rules: r, now, calendar: desk, lastAssigned: new Map(),
      agents: new Map(['a@x.com', 'b@x.com'].map((a) => [a, { active: true, signals: {}, load: 0 }])),
    });
    const night = at('2026-12-28T02:00');
    const waiting = [11, 12, 13, 14].map((id) => decide({ ...base(night), cursors: new Map(), ticket: { id } }));
    expect(waiting.every((d) => 'wait' in d && d.why.code === 'outside-hours')).toBe(true);
    const opening = nextOpening(desk, night);
    const cursors = new Map<string, string>();
    const got = [11, 12, 13, 14].map((id) => {
      const d = decide({ ...base(opening), cursors, ticket: { id } });
      if (!('assignee' in d)) throw new Error('not assigned');
      cursors.set(d.group, d.assignee);
      return d.assignee;
    });
    expect(got).toEqual(['a@x.com', 'b@x.com', 'a@x.com', 'b@x.com']);
  });
});

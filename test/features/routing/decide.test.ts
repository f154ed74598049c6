/** The routing decision: fair turns, caps never passed, ties to whoever waited longest, fallbacks, hours. */
import { describe, expect, it } from 'vitest';
import { decide, type AgentNow, type DecisionInput } from '../../../src/features/routing/decide';
import { createCalendar } from '../../../src/features/sla/business-time';
import { parseRules, type RoutingRules } from '../../../src/features/routing/rules';

const FIVE = ['a@x.com', 'b@x.com', 'c@x.com', 'd@x.com', 'e@x.com'];

function rules(json: object): RoutingRules {
  const r = parseRules(JSON.stringify(json), 'routing.json');
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.rules;
}

function input(r: RoutingRules, agents: Record<string, Partial<AgentNow>>, extra: Partial<DecisionInput> = {}): DecisionInput {
  const map = new Map(Object.entries(agents).map(([a, s]) => [a, { active: true, signals: {}, load: 0, ...s }]));
  return { rules: r, ticket: { id: 1, category: 'Hardware', priority: 'Normal' }, agents: map, lastAssigned: new Map(), cursors: new Map(), now: 1_000_000, ...extra };
}

describe('routing decision', () => {
  it('round robin over five agents gives 1,000 tickets so that the most and the fewest differ by at most 1', () => {
    const r = rules({ groups: [{ name: 'All', agents: FIVE, method: 'round-robin', match: {} }] });
    const cursors = new Map<string, string>();
    const count = new Map<string, number>();
    for (let id = 1; id <= 1000; id++) {
      const d = decide({ ...input(r, Object.fromEntries(FIVE.map((a) => [a, { load: count.get(a) ?? 0 }]))), ticket: { id }, cursors });
      if (!('assignee' in d)) throw new Error('not assigned');
      cursors.set(d.group, d.assignee);
      count.set(d.assignee, (count.get(d.assignee) ?? 0) + 1);
    }
    const counts = FIVE.map((a) => count.get(a) ?? 0);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    expect(counts.reduce((x, y) => x + y)).toBe(1000);
  });

  it('round robin skips an away agent and keeps the turn fair among the others', () => {
    const r = rules({ groups: [{ name: 'All', agents: FIVE.slice(0, 3), method: 'round-robin', match: {} }] });
    const cursors = new Map<string, string>();
    const got: string[] = [];
    for (let id = 1; id <= 6; id++) {
      const d = decide({ ...input(r, { 'a@x.com': {}, 'b@x.com': { signals: { own: {} } }, 'c@x.com': {} }), cursors });
      if (!('assignee' in d)) throw new Error('not assigned');
      cursors.set(d.group, d.assignee);
      got.push(d.assignee);
    }
    expect(got).toEqual(['a@x.com', 'c@x.com', 'a@x.com', 'c@x.com', 'a@x.com', 'c@x.com']);
  });

  it('least busy with caps never takes an agent above their cap, and the rest wait in the queue', () => {
    const r = rules({ groups: [{ name: 'All', agents: FIVE, method: 'least-busy', match: {} }], caps: { default: 3, agents: { 'a@x.com': 1 } } });
    const load = new Map<string, number>();
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    let waited = 0;
    for (let id = 1; id <= 1000; id++) {
      // Now and then an agent resolves one of theirs.
      for (const a of FIVE) if ((load.get(a) ?? 0) > 0 && random() < 0.1) load.set(a, load.get(a)! - 1);
      const d = decide({ ...input(r, Object.fromEntries(FIVE.map((a) => [a, { load: load.get(a) ?? 0 }]))), ticket: { id } });
      if ('assignee' in d) load.set(d.assignee, (load.get(d.assignee) ?? 0) + 1);
      else if ('wait' in d) {
        waited++;
        expect(d.why.skipped.every((s) => s.reason.source === 'at-cap')).toBe(true);
      }
      expect(load.get('a@x.com') ?? 0).toBeLessThanOrEqual(1);
      for (const a of FIVE.slice(1)) expect(load.get(a) ?? 0).toBeLessThanOrEqual(3);
    }
    expect(waited).toBeGreaterThan(0);
  });

  it('least busy gives a tie to whoever waited longest since their last assignment', () => {
    const r = rules({ groups: [{ name: 'All', agents: FIVE.slice(0, 3), method: 'least-busy', match: {} }] });
    const lastAssigned = new Map([['a@x.com', 500], ['b@x.com', 100], ['c@x.com', 300]]);
    const d = decide(input(r, { 'a@x.com': { load: 2 }, 'b@x.com': { load: 2 }, 'c@x.com': { load: 1 } }, { lastAssigned }));
    expect(d).toMatchObject({ assignee: 'c@x.com', method: 'least-busy', why: { code: 'least-busy', load: 1 } });
    const tie = decide(input(r, { 'a@x.com': { load: 1 }, 'b@x.com': { load: 1 }, 'c@x.com': { load: 1 } }, { lastAssigned }));
    expect(tie).toMatchObject({ assignee: 'b@x.com' });
  });

  it('first matching group wins, the default group catches the rest, manual assigns nobody', () => {
    const r = rules({
      groups: [
        { name: 'Hardware', agents: ['a@x.com'], method: 'round-robin', match: { categories: ['hardware'] } },
        { name: 'Urgent', agents: ['b@x.com'], method: 'round-robin', match: { priorities: ['High'] } },
        { name: 'Desk', agents: ['c@x.com'], method: 'manual' },
      ],
      default: 'Desk',
    });
    const all = { 'a@x.com': {}, 'b@x.com': {}, 'c@x.com': {} };
    expect(decide({ ...input(r, all), ticket: { id: 1, category: 'Hardware', priority: 'High' } })).toMatchObject({ assignee: 'a@x.com', group: 'Hardware' });
    expect(decide({ ...input(r, all), ticket: { id: 2, category: 'Network', priority: 'High' } })).toMatchObject({ assignee: 'b@x.com', group: 'Urgent' });
    expect(decide({ ...input(r, all), ticket: { id: 3, category: 'Network', priority: 'Low' } })).toMatchObject({ unassigned: true, group: 'Desk', why: { code: 'manual' } });
  });

  it('falls back to another group, or leaves the ticket unassigned and says why', () => {
    const r = rules({
      groups: [
        { name: 'Hardware', agents: ['a@x.com'], method: 'round-robin', match: { categories: ['Hardware'] }, fallback: { group: 'Overflow' } },
        { name: 'Overflow', agents: ['b@x.com'], method: 'least-busy', fallback: 'unassigned' },
      ],
    });
    const away = { 'a@x.com': { signals: { own: {} } }, 'b@x.com': {} };
    expect(decide(input(r, away))).toMatchObject({ assignee: 'b@x.com', group: 'Overflow', why: { groups: ['Hardware', 'Overflow'] } });
    const nobody = decide(input(r, { 'a@x.com': { signals: { own: {} } }, 'b@x.com': { active: false } }));
    expect(nobody).toMatchObject({ unassigned: true, group: 'Overflow', why: { code: 'nobody', skipped: [{ agent: 'a@x.com', reason: { source: 'own' } }, { agent: 'b@x.com', reason: { source: 'inactive' } }] } });
    expect(decide({ ...input(r, away), ticket: { id: 9, category: 'Other' } })).toMatchObject({ unassigned: true, why: { code: 'no-group' } });
  });

  it('an away with a time ends by itself, and a group that keeps business hours waits outside them', () => {
    const r = rules({ groups: [{ name: 'All', agents: ['a@x.com'], method: 'round-robin', match: {}, availability: { businessHours: true } }] });
    expect(decide(input(r, { 'a@x.com': { signals: { own: { until: 999_999 } } } }))).toMatchObject({ assignee: 'a@x.com' });
    expect(decide(input(r, { 'a@x.com': { signals: { own: { until: 1_000_001 } } } }))).toMatchObject({ wait: true, why: { code: 'nobody' } });
    const closed = createCalendar('business', 'UTC', Array.from({ length: 8 }, () => []), () => undefined);
    expect(decide(input(r, { 'a@x.com': {} }, { calendar: closed }))).toMatchObject({ wait: true, why: { code: 'outside-hours' } });
  });
});

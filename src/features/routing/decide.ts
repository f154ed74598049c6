/**
 * The routing decision, as a pure function: the rules, the ticket, each agent's signals and load,
 * when each was last assigned, and each group's round-robin cursor give an assignee, a wait (the
 * queue) or "left unassigned", each with why. No I/O and no clock of its own, so it is tested and
 * benched with pinned inputs, and every replica decides the same from the same state.
 */
import type { Calendar } from '../sla/business-time';
import { awayReason, type AwayReason, type Signals } from './away-reason';
import { inHours } from './hours';
import { capOf, groupNamed, type Group, type RoutingRules } from './rules';

/** What one agent is now, as the sources and the store say. */
export interface AgentNow {
  /** Active in SD_Agents: an agent who is not never gets tickets. */
  active: boolean;
  signals: Signals;
  /** Tickets they hold in the new and working status roles. */
  load: number;
}

/** The ticket's parts that groups match on. */
export interface RoutedTicket {
  id: number;
  category?: string;
  spaceId?: string;
  priority?: string;
}

/** Everything a decision reads. */
export interface DecisionInput {
  rules: RoutingRules;
  ticket: RoutedTicket;
  /** By address key; an address a group names that is missing here counts as not an active agent. */
  agents: ReadonlyMap<string, AgentNow>;
  /** Epoch ms of each agent's last assignment by routing. */
  lastAssigned: ReadonlyMap<string, number>;
  /** Each group's round-robin cursor: the agent it assigned last. */
  cursors: ReadonlyMap<string, string>;
  now: number;
  /** The SLA policy's business calendar (hours and holidays); undefined when no policy is set. */
  calendar?: Calendar;
}

/** Why one agent was passed over. */
export type Skipped = { agent: string; reason: AwayReason | { source: 'inactive' } | { source: 'at-cap'; load: number; cap: number } };

/** Why the decision is what it is. */
export interface Why {
  code: 'round-robin' | 'least-busy' | 'manual' | 'no-group' | 'nobody' | 'outside-hours';
  /** The groups tried, the matching one first, then each fallback. */
  groups: string[];
  /** The assignee's load before this ticket. */
  load?: number;
  /** The agents passed over, and why, in the groups tried. */
  skipped: Skipped[];
}

/** The decision: one assignee, wait in the queue, or leave unassigned (and say so). */
export type Decision =
  | { assignee: string; group: string; method: 'round-robin' | 'least-busy'; why: Why }
  | { wait: true; group: string; why: Why }
  | { unassigned: true; group?: string; why: Why };

const same = (a: string | undefined, b: string) => a !== undefined && a.trim().toLowerCase() === b.toLowerCase();
const inList = (list: readonly string[] | undefined, value: string | undefined) => list === undefined || list.some((v) => same(value, v));

/** Whether a group takes the ticket by its `match` (a group without one takes nothing by matching). */
export function groupTakes(group: Group, ticket: RoutedTicket): boolean {
  const m = group.match;
  return !!m && inList(m.categories, ticket.category) && inList(m.spaces, ticket.spaceId) && inList(m.priorities, ticket.priority);
}

/** The group that takes the ticket: the first that matches, else the default. */
export function groupFor(rules: RoutingRules, ticket: RoutedTicket): Group | undefined {
  return rules.groups.find((g) => groupTakes(g, ticket)) ?? (rules.defaultGroup ? groupNamed(rules, rules.defaultGroup) : undefined);
}

/** The group's agents who may take a ticket now, in the group's order; the others go to `skipped`. */
function candidates(input: DecisionInput, group: Group, skipped: Skipped[]): string[] {
  const out: string[] = [];
  for (const agent of group.agents) {
    const now = input.agents.get(agent);
    if (!now || !now.active) {
      skipped.push({ agent, reason: { source: 'inactive' } });
      continue;
    }
    const away = awayReason(now.signals, group.availability, input.now);
    if (away) {
      skipped.push({ agent, reason: away });
      continue;
    }
    const cap = capOf(input.rules, agent);
    if (cap !== undefined && now.load >= cap) {
      skipped.push({ agent, reason: { source: 'at-cap', load: now.load, cap } });
      continue;
    }
    out.push(agent);
  }
  return out;
}

/** Round robin: the first candidate after the group's cursor, in the group's order, wrapping. */
function nextInTurn(group: Group, free: readonly string[], cursor: string | undefined): string {
  const start = cursor === undefined ? -1 : group.agents.indexOf(cursor);
  const ok = new Set(free);
  for (let step = 1; step <= group.agents.length; step++) {
    const agent = group.agents[(start + step + group.agents.length) % group.agents.length];
    if (ok.has(agent)) return agent;
  }
  return free[0];
}

/** Least busy: the fewest open tickets; ties go to whoever waited longest since their last assignment, then the group's order. */
function leastBusy(input: DecisionInput, free: readonly string[]): string {
  let best = free[0];
  for (const agent of free.slice(1)) {
    const a = input.agents.get(agent)!.load;
    const b = input.agents.get(best)!.load;
    const since = (x: string) => input.lastAssigned.get(x) ?? -Infinity;
    if (a < b || (a === b && since(agent) < since(best))) best = agent;
  }
  return best;
}

/** Decides one ticket. */
export function decide(input: DecisionInput): Decision {
  const first = groupFor(input.rules, input.ticket);
  if (!first) return { unassigned: true, why: { code: 'no-group', groups: [], skipped: [] } };
  const groups: string[] = [];
  const skipped: Skipped[] = [];
  let group: Group | undefined = first;
  while (group && !groups.includes(group.name)) {
    groups.push(group.name);
    if (group.method === 'manual') return { unassigned: true, group: group.name, why: { code: 'manual', groups, skipped } };
    if (!inHours(group, input.calendar, input.now)) return { wait: true, group: group.name, why: { code: 'outside-hours', groups, skipped } };
    const free = candidates(input, group, skipped);
    if (free.length > 0) {
      const method = group.method;
      const assignee = method === 'round-robin' ? nextInTurn(group, free, input.cursors.get(group.name)) : leastBusy(input, free);
      return { assignee, group: group.name, method, why: { code: method, groups, load: input.agents.get(assignee)!.load, skipped } };
    }
    const fallback: Group['fallback'] = group.fallback;
    if (fallback === 'unassigned') return { unassigned: true, group: group.name, why: { code: 'nobody', groups, skipped } };
    if (fallback === 'wait') return { wait: true, group: group.name, why: { code: 'nobody', groups, skipped } };
    group = groupNamed(input.rules, fallback.group);
  }
  // A chain of fallbacks that comes back to a group already tried: the ticket waits where it started.
  return { wait: true, group: first.name, why: { code: 'nobody', groups, skipped } };
}

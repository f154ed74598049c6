/**
 * SLA clocks derived from what the bot can know about a ticket: when it was created, the status
 * and priority changes the poller saw, the first public agent comment, and breaches the store
 * recorded before. A pure function of (policy, history, now): the same inputs give the same clocks.
 *
 * Each clock counts working time of its calendar from `Created`, minus time in a `waiting` status.
 * The first-response clock stops at the first public agent comment (or when the ticket is done
 * before one); the resolution clock stops when the status role is `done` and resumes on reopening,
 * keeping the time used. The target is the current priority's, counted from the original start.
 * A `d` target becomes the working time it spans from `Created`, so a pause moves it like any other.
 */
import { addDuration, addWorkingTime, workingTimeBetween, type Calendar, type Duration } from './business-time';
import type { SlaPolicy, Target } from './policy';

/** What a status means for the clocks; the desk's status roles decide it. */
export type StatusRole = 'new' | 'working' | 'waiting' | 'done';
/** A status's role, or undefined when the status has none (it counts as working). */
export type RoleOf = (status: string) => StatusRole | undefined;

/** A status and priority the poller saw from an instant on. */
export interface Observation {
  at: number;
  status: string;
  priority: string;
}

/** Everything a clock is derived from; instants are epoch milliseconds. */
export interface TicketHistory {
  created: number;
  /** Oldest first; the first one is taken as the ticket's state from `created` on. */
  observations: readonly Observation[];
  /** The first public comment by an agent. */
  firstResponseAt?: number;
  /** Breaches the store recorded under an earlier policy: a clock once breached stays breached. */
  breachedAt?: Partial<Record<ClockKind, number>>;
}

/** The two clocks a ticket can have. */
export type ClockKind = 'firstResponse' | 'resolution';
/** running and paused count on; met and missed have stopped; breached runs past its target. */
export type ClockState = 'running' | 'paused' | 'met' | 'missed' | 'breached';

/** An instant at which a clock changes what people are told. */
export type Threshold =
  | { kind: 'warning'; fraction: number; at: number }
  | { kind: 'breach'; at: number }
  | { kind: 'escalation'; at: number };

/** A time in a waiting status; `to` is missing while it lasts. */
export interface Pause {
  status: string;
  from: number;
  to?: number;
}

/** One clock of one ticket, as of `now`. */
export interface Clock {
  kind: ClockKind;
  priority: string;
  target: Duration;
  calendar: Calendar['kind'];
  state: ClockState;
  startedAt: number;
  /** When the target is (or was) reached; while paused, when it would be if the clock resumed now; absent once met. */
  due?: number;
  stoppedAt?: number;
  breachedAt?: number;
  /** Working time counted, paused (in waiting statuses) and allowed by the target. */
  usedMs: number;
  pausedMs: number;
  targetMs: number;
  pauses: Pause[];
  /** Thresholds passed by `now`, oldest first. */
  crossed: Threshold[];
  /** The next threshold after `now`, if the clock is counting towards one. */
  next?: Threshold;
  /**
   * Every threshold after `now`, oldest first. They hold until the ticket or the policy changes,
   * so a store that keeps them can move to the next one when one passes, without recomputing.
   */
  upcoming: Threshold[];
}

interface Span {
  from: number;
  to: number;
  status: string;
  role: StatusRole | undefined;
}

function spans(history: TicketHistory, roleOf: RoleOf): Span[] {
  const obs = history.observations;
  return obs.map((o, i) => ({
    // The first status seen is taken to have held since creation (a policy enabled on old tickets).
    from: i === 0 ? history.created : Math.max(o.at, history.created),
    to: i + 1 < obs.length ? Math.max(obs[i + 1].at, history.created) : Infinity,
    status: o.status,
    role: roleOf(o.status),
  })).filter((s) => s.to > s.from);
}

/** Working time counted in the active intervals up to `until`. */
function usedUntil(active: readonly Span[], until: number, cal: Calendar): number {
  let used = 0;
  for (const s of active) used += workingTimeBetween(s.from, Math.min(s.to, until), cal);
  return used;
}

/** The instants at which the counted time reaches each level (ascending); undefined for levels never reached. */
function instantsAt(active: readonly Span[], levels: readonly number[], cal: Calendar): (number | undefined)[] {
  const out: (number | undefined)[] = levels.map(() => undefined);
  let used = 0;
  let i = 0;
  for (const s of active) {
    const worked = s.to === Infinity ? Infinity : workingTimeBetween(s.from, s.to, cal);
    for (; i < levels.length && levels[i] <= used + worked; i++) out[i] = addWorkingTime(s.from, levels[i] - used, cal);
    used += worked;
  }
  return out;
}

function deriveClock(kind: ClockKind, policy: SlaPolicy, history: TicketHistory, all: Span[], priority: string, now: number): Clock | undefined {
  const target = targetOf(policy, priority);
  if (!target) return undefined;
  const cal = policy.calendars[target.calendar];
  const duration = target[kind];
  const start = history.created;
  const targetMs = workingTimeBetween(start, addDuration(start, duration, cal), cal);

  const last = all[all.length - 1];
  const firstDone = all.find((s) => s.role === 'done')?.from;
  const stop =
    kind === 'firstResponse'
      ? Math.min(history.firstResponseAt ?? Infinity, firstDone ?? Infinity)
      : last?.role === 'done'
        ? last.from
        : Infinity;
  const stoppedAt = stop <= now ? stop : undefined;
  const before = (s: Span) => ({ ...s, to: Math.min(s.to, stop) });
  const active = all.filter((s) => s.role !== 'waiting' && s.role !== 'done' && s.from < stop).map(before);
  const pauses: Pause[] = all
    .filter((s) => s.role === 'waiting' && s.from < stop && s.from <= now)
    .map((s) => ({ status: s.status, from: s.from, ...(Math.min(s.to, stop) <= now ? { to: Math.min(s.to, stop) } : {}) }));
  const usedMs = usedUntil(active, now, cal);
  const pausedMs = pauses.reduce((sum, p) => sum + workingTimeBetween(p.from, Math.min(p.to ?? now, now), cal), 0);

  const computed = instantsAt(active, [targetMs], cal)[0];
  const recorded = history.breachedAt?.[kind];
  const reached = computed !== undefined && computed < stop ? computed : undefined;
  const breachedAt = recorded ?? (reached !== undefined && reached <= now ? reached : undefined);
  // The escalation waits the same way the target does: working time, paused while waiting.
  const breachAt = breachedAt ?? reached;
  let escalationLevel: number | undefined;
  if (policy.escalate && breachAt !== undefined) {
    const base = recorded !== undefined ? usedUntil(active, recorded, cal) : targetMs;
    escalationLevel = base + workingTimeBetween(breachAt, addDuration(breachAt, policy.escalate.afterBreach, cal), cal);
  }
  const levels = policy.warnAt.map((f) => f * targetMs);
  const [escalationAt] = escalationLevel === undefined ? [undefined] : instantsAt(active, [escalationLevel], cal);
  const warningsAt = instantsAt(active, levels, cal);

  const thresholds: Threshold[] = [];
  policy.warnAt.forEach((fraction, i) => {
    const reachedAt = warningsAt[i] !== undefined && warningsAt[i]! < stop ? warningsAt[i]! : Infinity;
    const at = Math.min(reachedAt, recorded ?? Infinity);
    if (at !== Infinity) thresholds.push({ kind: 'warning', fraction, at });
  });
  if (breachAt !== undefined) thresholds.push({ kind: 'breach', at: breachAt });
  if (escalationAt !== undefined && escalationAt < stop) thresholds.push({ kind: 'escalation', at: escalationAt });
  thresholds.sort((a, b) => a.at - b.at);

  const upcoming = stoppedAt === undefined ? thresholds.filter((t) => t.at > now) : [];
  const waiting = last?.role === 'waiting';
  const state: ClockState =
    stoppedAt !== undefined ? (breachedAt !== undefined && breachedAt < stop ? 'missed' : 'met')
    : breachedAt !== undefined ? 'breached'
    : waiting ? 'paused'
    : 'running';
  const due =
    state === 'met' ? undefined
    : breachAt ?? (state === 'paused' ? addWorkingTime(Math.max(now, start), Math.max(0, targetMs - usedMs), cal) : undefined);
  return {
    kind,
    priority,
    target: duration,
    calendar: target.calendar,
    state,
    startedAt: start,
    ...(due !== undefined ? { due } : {}),
    ...(stoppedAt !== undefined ? { stoppedAt } : {}),
    ...(breachedAt !== undefined ? { breachedAt } : {}),
    usedMs,
    pausedMs,
    targetMs,
    pauses,
    crossed: thresholds.filter((t) => t.at <= now),
    ...(upcoming.length > 0 ? { next: upcoming[0] } : {}),
    upcoming,
  };
}

/** The targets of a priority, named in the policy as the desk names it or in another case ("normal" for Normal). */
export function targetOf(policy: Pick<SlaPolicy, 'targets'>, priority: string): Target | undefined {
  const exact = policy.targets.get(priority);
  if (exact) return exact;
  const key = priority.trim().toLowerCase();
  for (const [name, target] of policy.targets) if (name.trim().toLowerCase() === key) return target;
  return undefined;
}

/** A ticket's clocks as of `now`: none when its current priority has no target. */
export function deriveClocks(policy: SlaPolicy, history: TicketHistory, now: number, roleOf: RoleOf): Clock[] {
  // What is known at `now`: later observations and replies have not happened yet.
  const known: TicketHistory = {
    ...history,
    observations: history.observations.filter((o) => o.at <= now),
    firstResponseAt: history.firstResponseAt !== undefined && history.firstResponseAt <= now ? history.firstResponseAt : undefined,
  };
  const all = spans(known, roleOf);
  const priority = known.observations[known.observations.length - 1]?.priority;
  if (priority === undefined) return [];
  const kinds: ClockKind[] = ['firstResponse', 'resolution'];
  return kinds.map((k) => deriveClock(k, policy, known, all, priority, now)).filter((c): c is Clock => c !== undefined);
}

/** The earliest instant after `now` at which any of the clocks changes, for the store to keep. */
export function nextChange(clocks: readonly Clock[]): number | undefined {
  let min: number | undefined;
  for (const c of clocks) if (c.next && (min === undefined || c.next.at < min)) min = c.next.at;
  return min;
}

/** The instants after `now` at which any of the clocks changes, ascending and without repeats. */
export function upcomingChanges(clocks: readonly Clock[]): number[] {
  return [...new Set(clocks.flatMap((c) => c.upcoming.map((t) => t.at)))].sort((a, b) => a - b);
}

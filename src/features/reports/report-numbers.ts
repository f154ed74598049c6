/**
 * The report's numbers: what the store counted (report-counts.ts) and summed up
 * (report-times.ts), put together with the period, the ratings and the backlog's groups. Nothing
 * here reads a store or a clock. Times are epoch ms; durations are ms of working time (business
 * calendar) or of wall-clock time, summed up by median and 90th percentile, never by mean: one old
 * ticket would skew a mean. The chart rendering reads these.
 */
import { addressKey } from '../../core/vocabulary';
import type { OpenRow } from './report-table';
import type { PeriodCounts } from './report-counts';
import type { KindStats } from './report-times';
import { countPeriod, volumeOf, type AgeBucket, type CountPeriod } from '../../views/ticket-charts';

// The counts the weekly digest shares live in src/views/ticket-charts.ts (no feature depends on reports being listed).
export { AGE_BUCKETS, ageBucket, type AgeBucket, type VolumeBucket } from '../../views/ticket-charts';


/** The periods a report covers. */
export const REPORT_DAYS = [7, 30, 90] as const;
export type ReportDays = (typeof REPORT_DAYS)[number];

/** A report's period: the last `days` local days of the viewer, today included (src/views/ticket-charts.ts). */
export type ReportPeriod = CountPeriod;

/** The period of `days` ending at `now`, in `zone`. */
export const reportPeriod = countPeriod;

/** A duration summed up: how many, their median and 90th percentile (ms); both absent when none. */
export interface TimeStats {
  count: number;
  median?: number;
  p90?: number;
}

/** Open tickets that share a status, an assignee and an age bucket: the store counts them (ReportTable.openGroups). */
export interface OpenGroup {
  status: string;
  /** Empty when unassigned. */
  assignee: string;
  age: AgeBucket;
  count: number;
}

/** The backlog now: open tickets by age and status, and the three oldest. */
export interface Backlog {
  open: number;
  ages: Record<AgeBucket, number>;
  /** Most first, then by name. */
  byStatus: { status: string; count: number }[];
  oldest: OpenRow[];
}

/** The backlog of the open tickets; `oldest`: the three opened first (ReportTable.oldestOpen). */
export function backlog(groups: readonly OpenGroup[], oldest: readonly OpenRow[]): Backlog {
  const ages: Record<AgeBucket, number> = { under1d: 0, days1to3: 0, days3to7: 0, over7d: 0 };
  const statuses = new Map<string, number>();
  let open = 0;
  for (const g of groups) {
    ages[g.age] += g.count;
    statuses.set(g.status, (statuses.get(g.status) ?? 0) + g.count);
    open += g.count;
  }
  const byStatus = [...statuses].map(([status, count]) => ({ status, count })).sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
  return { open, ages, byStatus, oldest: [...oldest].sort((a, b) => a.created - b.created || a.id - b.id).slice(0, 3) };
}

/** Response and resolution times, for the desk and per agent, and the SLA met share. */
export interface Response {
  /** 'business' when counted in the SLA policy's hours, else 'wall'. */
  basis: 'business' | 'wall';
  /** Of tickets opened in the period (and since measuring began) that had a first response. */
  firstResponse: TimeStats;
  /** Of tickets resolved in the period whose resolution moment is known. */
  resolution: TimeStats;
  /** Per agent (address key): first responses they gave, resolutions of tickets they held. */
  perAgent: { agent: string; firstResponse: TimeStats; resolution: TimeStats }[];
  /** Tickets opened in the period still waiting for a first response. */
  awaiting: number;
  /** Resolved in the period with an SLA verdict, and of those met every clock; share absent when none. */
  sla: { counted: number; met: number; share?: number };
  /** What could not be counted: tickets opened in the period before measuring began (`since`). */
  unknown: { firstResponse: number; resolution: number; since?: number };
}

/** The response part from the period's counts and its times summed up; `calendar`: whether they are business hours. */
export function response(counts: PeriodCounts, times: Record<'firstResponse' | 'resolution', KindStats>, since: number | undefined, business: boolean): Response {
  const none: TimeStats = { count: 0 };
  const keys = new Set([...times.firstResponse.perAgent.keys(), ...times.resolution.perAgent.keys()]);
  const agents = [...keys].map((agent) => ({ agent, firstResponse: times.firstResponse.perAgent.get(agent) ?? none, resolution: times.resolution.perAgent.get(agent) ?? none }));
  agents.sort((a, b) => b.firstResponse.count + b.resolution.count - (a.firstResponse.count + a.resolution.count) || a.agent.localeCompare(b.agent));
  const { slaCounted: counted, slaMet: met } = counts;
  const unknown = { firstResponse: counts.unknownFirst, resolution: counts.unknownResolution };
  return {
    basis: business ? 'business' : 'wall',
    firstResponse: times.firstResponse.desk,
    resolution: times.resolution.desk,
    perAgent: agents,
    awaiting: counts.awaiting,
    sla: counted ? { counted, met, share: met / counted } : { counted, met },
    unknown: since !== undefined ? { ...unknown, since } : unknown,
  };
}

/** Open now and resolved in the period, per agent (address key; '' unassigned), most open first. */
export function load(open: readonly OpenGroup[], resolvedBy: PeriodCounts['resolvedBy']): { agent: string; open: number; resolved: number }[] {
  const per = new Map<string, { open: number; resolved: number }>();
  const of = (email: string) => {
    const key = email ? addressKey(email) : '';
    let a = per.get(key);
    if (!a) per.set(key, (a = { open: 0, resolved: 0 }));
    return a;
  };
  for (const g of open) of(g.assignee).open += g.count;
  for (const r of resolvedBy) of(r.resolver).resolved += r.count;
  return [...per].map(([agent, a]) => ({ agent, ...a })).sort((a, b) => b.open - a.open || b.resolved - a.resolved || a.agent.localeCompare(b.agent));
}

/** Satisfaction: the ratings of the period and the questions the desk's answers settled without a ticket. */
export interface Satisfaction {
  count: number;
  average?: number;
  /** Count per rating 1..5 (thumbs down is 1, up is 5). */
  distribution: { rating: number; count: number }[];
  /** Questions answered without a ticket; absent when not counted (a report of one space or category). */
  answered?: number;
  /** Tickets filed in the same period. */
  filed: number;
}

/** The satisfaction part, from the answered ratings counted per rating. */
export function satisfaction(ratings: readonly { rating: number; count: number }[], filed: number, answered?: number): Satisfaction {
  const distribution = [1, 2, 3, 4, 5].map((rating) => ({ rating, count: ratings.filter((r) => r.rating === rating).reduce((n, r) => n + r.count, 0) }));
  const count = distribution.reduce((n, d) => n + d.count, 0);
  const s: Satisfaction = { count, distribution, filed };
  if (count) s.average = distribution.reduce((n, d) => n + d.rating * d.count, 0) / count;
  if (answered !== undefined) s.answered = answered;
  return s;
}

/** Everything a report shows. */
export interface ReportNumbers {
  period: ReportPeriod;
  volume: ReturnType<typeof volumeOf>;
  backlog: Backlog;
  response: Response;
  load: ReturnType<typeof load>;
  satisfaction: Satisfaction;
}

/** What reportNumbers reads: what the store counted and summed up. */
export interface NumbersInput {
  period: ReportPeriod;
  /** The period's counts (report-counts.ts). */
  counts: PeriodCounts;
  /** First response and resolution times, desk and per agent (report-times.ts). */
  times: Record<'firstResponse' | 'resolution', KindStats>;
  /** Whether the times are in business hours. */
  business: boolean;
  /** The open tickets now, grouped (ReportTable.openGroups). */
  open: readonly OpenGroup[];
  /** The three open tickets opened first (ReportTable.oldestOpen). */
  oldest: readonly OpenRow[];
  /** When the feature began measuring; undefined: not yet. */
  since?: number;
  /** Answered ratings of the period, counted per rating (1..5). */
  ratings: readonly { rating: number; count: number }[];
  /** Questions the desk's answers settled without a ticket; undefined: not counted. */
  answered?: number;
}

/** The whole report's numbers. */
export function reportNumbers(input: NumbersInput): ReportNumbers {
  const v = volumeOf(input.period, input.counts.opened, input.counts.resolved);
  return {
    period: input.period,
    volume: v,
    backlog: backlog(input.open, input.oldest),
    response: response(input.counts, input.times, input.since, input.business),
    load: load(input.open, input.counts.resolvedBy),
    satisfaction: satisfaction(input.ratings, v.opened, input.answered),
  };
}

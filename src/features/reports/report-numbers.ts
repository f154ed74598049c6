/**
 * The report's numbers: pure functions of the rows the store holds (report-table.ts), the
 * ratings, the period, the viewer's time zone and, when an SLA policy is set, its business
 * calendar. Nothing here reads a store or a clock. Times are epoch ms; durations are ms of
 * working time (business calendar) or of wall-clock time. Times are summed up by median and 90th
 * percentile, never by mean: one old ticket would skew a mean. The chart rendering reads these.
 */
import { addressKey } from '../../core/vocabulary';
import { workingTimeBetween, type Calendar } from '../sla/business-time';
import type { OpenRow, PeriodRow } from './report-table';
import { ageBucket, countPeriod, volume, type AgeBucket, type CountPeriod } from '../../views/ticket-charts';

// The counts the weekly digest shares live in src/views/ticket-charts.ts (no feature depends on reports being listed).
export { AGE_BUCKETS, ageBucket, volume, type AgeBucket, type VolumeBucket } from '../../views/ticket-charts';


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

/** The q-quantile of ascending values, linear between the two nearest ranks (as numpy's default). */
export function quantile(sorted: ArrayLike<number>, q: number): number | undefined {
  if (sorted.length === 0) return undefined;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (h - lo);
}

/** Median and 90th percentile of durations. */
export function timeStats(durations: readonly number[]): TimeStats {
  // A typed array sorts numbers natively, without a comparator call per pair (80,000 durations at 1M tickets).
  const sorted = Float64Array.from(durations).sort() as unknown as number[];
  const stats: TimeStats = { count: sorted.length };
  if (sorted.length) {
    // Whole milliseconds: the interpolation's float error is not a difference anyone reads.
    stats.median = Math.round(quantile(sorted, 0.5)!);
    stats.p90 = Math.round(quantile(sorted, 0.9)!);
  }
  return stats;
}

/** Open tickets that share a status, an assignee and an age bucket: the store counts them (ReportTable.openGroups). */
export interface OpenGroup {
  status: string;
  /** Empty when unassigned. */
  assignee: string;
  age: AgeBucket;
  count: number;
}

/** The open tickets grouped as the store groups them (for rows read one by one). */
export function openGroups(open: readonly OpenRow[], now: number): OpenGroup[] {
  const groups = new Map<string, OpenGroup>();
  for (const r of open) {
    const age = ageBucket(r.created, now);
    const key = JSON.stringify([r.status, r.assignee, age]);
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { status: r.status, assignee: r.assignee, age, count: 1 });
  }
  return [...groups.values()];
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

/** Times from the rows; `calendar` counts business hours, else wall-clock. */
export function response(rows: readonly PeriodRow[], period: ReportPeriod, since: number | undefined, calendar?: Calendar): Response {
  const span = (a: number, b: number) => (calendar ? workingTimeBetween(a, b, calendar) : Math.max(0, b - a));
  const first: number[] = [];
  const resolved: number[] = [];
  const perAgent = new Map<string, { first: number[]; resolved: number[] }>();
  // Addresses as stored, each made a key once: a handful of agents, tens of thousands of rows.
  const byAddress = new Map<string, { first: number[]; resolved: number[] }>();
  const agent = (email: string) => {
    let a = byAddress.get(email);
    if (a) return a;
    const key = addressKey(email);
    a = perAgent.get(key);
    if (!a) perAgent.set(key, (a = { first: [], resolved: [] }));
    byAddress.set(email, a);
    return a;
  };
  const unknown = { firstResponse: 0, resolution: 0 };
  let awaiting = 0;
  let counted = 0;
  let met = 0;
  for (const r of rows) {
    const inPeriod = r.created >= period.from && r.created <= period.to;
    const measured = since !== undefined && r.created >= since;
    if (inPeriod && !measured) unknown.firstResponse++;
    if (inPeriod && measured) {
      if (r.firstResponseAt !== undefined) {
        const d = span(r.created, r.firstResponseAt);
        first.push(d);
        if (r.firstResponder) agent(r.firstResponder).first.push(d);
      } else if (r.open) awaiting++;
    }
    if (inPeriod && !r.open && r.resolvedAt === undefined) unknown.resolution++;
    if (r.resolvedAt !== undefined && r.resolvedAt >= period.from && r.resolvedAt <= period.to) {
      const d = span(r.created, r.resolvedAt);
      resolved.push(d);
      if (r.resolver) agent(r.resolver).resolved.push(d);
      if (r.slaMet !== undefined) (counted++, r.slaMet && met++);
    }
  }
  const agents = [...perAgent].map(([key, a]) => ({ agent: key, firstResponse: timeStats(a.first), resolution: timeStats(a.resolved) }));
  agents.sort((a, b) => b.firstResponse.count + b.resolution.count - (a.firstResponse.count + a.resolution.count) || a.agent.localeCompare(b.agent));
  return {
    basis: calendar ? 'business' : 'wall',
    firstResponse: timeStats(first),
    resolution: timeStats(resolved),
    perAgent: agents,
    awaiting,
    sla: counted ? { counted, met, share: met / counted } : { counted, met },
    unknown: since !== undefined ? { ...unknown, since } : unknown,
  };
}

/** Open now and resolved in the period, per agent (address key; '' unassigned), most open first. */
export function load(open: readonly OpenGroup[], rows: readonly PeriodRow[], period: ReportPeriod): { agent: string; open: number; resolved: number }[] {
  const per = new Map<string, { open: number; resolved: number }>();
  const of = (email: string) => {
    const key = email ? addressKey(email) : '';
    let a = per.get(key);
    if (!a) per.set(key, (a = { open: 0, resolved: 0 }));
    return a;
  };
  for (const g of open) of(g.assignee).open += g.count;
  for (const r of rows) if (r.resolvedAt !== undefined && r.resolvedAt >= period.from && r.resolvedAt <= period.to) of(r.resolver ?? '').resolved++;
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
  volume: ReturnType<typeof volume>;
  backlog: Backlog;
  response: Response;
  load: ReturnType<typeof load>;
  satisfaction: Satisfaction;
}

/** What reportNumbers reads. */
export interface NumbersInput {
  /** The tickets opened or resolved in the period (ReportTable.periodRows). */
  rows: readonly PeriodRow[];
  /** The open tickets now, grouped (ReportTable.openGroups, or openGroups over rows). */
  open: readonly OpenGroup[];
  /** The three open tickets opened first (ReportTable.oldestOpen). */
  oldest: readonly OpenRow[];
  period: ReportPeriod;
  /** When the feature began measuring; undefined: not yet. */
  since?: number;
  /** The SLA policy's business calendar, when a policy is set. */
  calendar?: Calendar;
  /** Answered ratings of the period, counted per rating (1..5). */
  ratings: readonly { rating: number; count: number }[];
  /** Questions the desk's answers settled without a ticket; undefined: not counted. */
  answered?: number;
}

/** The whole report's numbers. */
export function reportNumbers(input: NumbersInput): ReportNumbers {
  const v = volume(input.rows, input.period);
  return {
    period: input.period,
    volume: v,
    backlog: backlog(input.open, input.oldest),
    response: response(input.rows, input.period, input.since, input.calendar),
    load: load(input.open, input.rows, input.period),
    satisfaction: satisfaction(input.ratings, v.opened, input.answered),
  };
}

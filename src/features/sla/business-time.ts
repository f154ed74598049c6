/**
 * Working-time arithmetic: a walk over the open intervals of a calendar, day by day in the
 * policy's time zone. Luxon turns local wall times into instants (so DST days have 23 or 25 hours
 * and shifts keep their wall-clock times); everything else is plain millisecond sums.
 * Instants are epoch milliseconds throughout.
 */
import { translator } from '../../i18n';
import { DateTime } from 'luxon';
import type { HolidayLookup } from './holidays';

/** A shift in minutes after local midnight, end exclusive (1440 = midnight of the next day). */
export type Shift = readonly [start: number, end: number];

/** A duration as written in the policy: `d` working days, then minutes of working time. */
export interface Duration {
  text: string;
  days: number;
  minutes: number;
}

/** Where a clock counts: the desk's hours and holidays, or every hour of every day. */
export interface Calendar {
  kind: 'business' | '24/7';
  timeZone: string;
  /** Shifts per ISO weekday, index 1 (Monday) to 7 (Sunday); index 0 is unused. */
  hours: readonly (readonly Shift[])[];
  holidayName: HolidayLookup;
  /** Days already worked out, under each UTC day number they overlap; a calendar lives as long as its policy. */
  days: Map<number, Day[]>;
}

/** One local day of a calendar and the instants it is open. */
export interface Day {
  date: string;
  /** Local midnight, and the next day's local midnight. */
  start: number;
  next: number;
  open: (readonly [number, number])[];
  holiday?: string;
  /** The day after, once asked for. */
  following?: Day;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A walk that finds no open hour for this long has a calendar that is never open. */
const MAX_DAYS = 3 * 366;

/** A calendar over the given hours, zone and holidays. */
export function createCalendar(kind: Calendar['kind'], timeZone: string, hours: Calendar['hours'], holidayName: HolidayLookup): Calendar {
  return { kind, timeZone, hours, holidayName, days: new Map() };
}

/** The local day of the calendar that contains the instant. */
export function dayAt(cal: Calendar, at: number): Day {
  // Luxon is the slow part of a walk, so each local day is worked out once per calendar.
  const known = cal.days.get(Math.floor(at / DAY));
  if (known) for (const d of known) if (d.start <= at && at < d.next) return d;
  const midnight = DateTime.fromMillis(at, { zone: cal.timeZone }).startOf('day');
  const date = midnight.toISODate() as string;
  const next = midnight.plus({ days: 1 }).startOf('day').toMillis();
  const local = (m: number) => (m >= 1440 ? next : midnight.set({ hour: Math.floor(m / 60), minute: m % 60 }).toMillis());
  const holiday = cal.holidayName(date);
  const open = holiday ? [] : cal.hours[midnight.weekday].map(([s, e]) => [local(s), local(e)] as const).filter(([s, e]) => e > s);
  const day: Day = { date, start: midnight.toMillis(), next, open, ...(holiday ? { holiday } : {}) };
  for (let k = Math.floor(day.start / DAY); k <= Math.floor((day.next - 1) / DAY); k++) {
    const list = cal.days.get(k);
    if (list) list.push(day);
    else cal.days.set(k, [day]);
  }
  return day;
}

function nextDay(cal: Calendar, day: Day): Day {
  return (day.following ??= dayAt(cal, day.next));
}

function neverOpen(cal: Calendar): Error {
  return new Error(`calendar in ${cal.timeZone} has no open hour within ${MAX_DAYS} days`);
}

/** The instant at which `ms` of working time after `start` have passed. */
export function addWorkingTime(start: number, ms: number, cal: Calendar): number {
  if (cal.kind === '24/7' || ms <= 0) return start + Math.max(ms, 0);
  let left = ms;
  let day = dayAt(cal, start);
  for (let i = 0; i < MAX_DAYS; i++, day = nextDay(cal, day)) {
    for (const [s, e] of day.open) {
      if (e <= start) continue;
      const from = Math.max(s, start);
      if (left <= e - from) return from + left;
      left -= e - from;
    }
  }
  throw neverOpen(cal);
}

/** Working time between two instants (0 when b is not after a). */
export function workingTimeBetween(a: number, b: number, cal: Calendar): number {
  if (b <= a) return 0;
  if (cal.kind === '24/7') return b - a;
  let sum = 0;
  for (let day = dayAt(cal, a); day.start < b; day = nextDay(cal, day)) {
    for (const [s, e] of day.open) sum += Math.max(0, Math.min(e, b) - Math.max(s, a));
  }
  return sum;
}

function nextWorkingDay(cal: Calendar, day: Day): Day {
  for (let i = 0; i < MAX_DAYS; i++) {
    day = nextDay(cal, day);
    if (day.open.length > 0) return day;
  }
  throw neverOpen(cal);
}

/** The instant `offset` of working time into a day's hours, or its close when the day is shorter. */
function pointInDay(day: Day, offset: number): number {
  let left = offset;
  for (const [s, e] of day.open) {
    if (left <= e - s) return s + left;
    left -= e - s;
  }
  return day.open[day.open.length - 1][1];
}

/**
 * `days` working days after `start`: the same point of a later working day's hours (1 h into
 * Tuesday's hours plus 1 is 1 h into Wednesday's). A start out of hours counts from the next
 * opening; a later day that is shorter ends at its close.
 */
export function addWorkingDays(start: number, days: number, cal: Calendar): number {
  if (cal.kind === '24/7') return start + days * DAY;
  let day = dayAt(cal, start);
  let offset = 0;
  if (day.open.length > 0 && start <= day.open[day.open.length - 1][1]) offset = workingTimeBetween(day.open[0][0], start, cal);
  else day = nextWorkingDay(cal, day);
  for (let i = 0; i < days; i++) day = nextWorkingDay(cal, day);
  return pointInDay(day, offset);
}

/** The instant at which a policy duration that starts at `start` ends. */
export function addDuration(start: number, d: Duration, cal: Calendar): number {
  const afterDays = d.days > 0 ? addWorkingDays(start, d.days, cal) : start;
  return addWorkingTime(afterDays, d.minutes * MINUTE, cal);
}

/** A run of closed days: consecutive days without hours, or one holiday. */
export interface SkippedDays {
  first: string;
  last: string;
  weekdays: [first: number, last: number];
  holiday?: string;
}

/** The closed days (no hours, or a holiday) from a's local day to b's, in order. */
export function skippedDays(a: number, b: number, cal: Calendar): SkippedDays[] {
  const runs: SkippedDays[] = [];
  if (cal.kind === '24/7' || b <= a) return runs;
  let previous: SkippedDays | undefined;
  for (let day = dayAt(cal, a); day.start < b; day = nextDay(cal, day)) {
    const weekday = DateTime.fromISO(day.date).weekday;
    // A holiday on a day the desk is closed anyway reads as part of the weekend.
    const holiday = cal.hours[weekday].length > 0 ? day.holiday : undefined;
    if (day.open.length > 0) {
      previous = undefined;
    } else if (holiday || !previous || previous.holiday) {
      previous = { first: day.date, last: day.date, weekdays: [weekday, weekday], ...(holiday ? { holiday } : {}) };
      runs.push(previous);
    } else {
      previous.last = day.date;
      previous.weekdays[1] = weekday;
    }
  }
  return runs;
}

const WEEKDAYS = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The words closedDaysText needs from the reader's catalog: "{{count}} closed days ({{weekdays}})". */
export type ClosedDaysWords = (count: number, weekdays: string) => string;

/** Weekdays 1–7 as ranges in week order, a range over Sunday–Monday kept whole: [6,7] "Sat–Sun", [7,1] "Sun–Mon". */
function weekdayRanges(days: ReadonlySet<number>, name: (n: number) => string): string {
  const ranges: [number, number][] = [];
  for (let d = 1; d <= 7; d++) {
    if (!days.has(d)) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === d - 1) last[1] = d;
    else ranges.push([d, d]);
  }
  if (ranges.length > 1 && ranges[0][0] === 1 && ranges[ranges.length - 1][1] === 7) ranges[0][0] = ranges.pop()![0];
  return ranges.map(([a, b]) => (a === b ? name(a) : `${name(a)}–${name(b)}`)).join(', ');
}

/**
 * Skipped days in words ("Sat–Sun and 24 Dec"; German "Sa.–So. und 24. Dez."); holidays show
 * their date. One closed run names its weekdays; several (two weekends, or a Sunday at the start
 * and a Saturday at the end) are counted as days with the weekdays they fell on, once:
 * "5 closed days (Sat–Sun)", never "Sun, Sat–Sun and Sat".
 */
export function closedDaysText(runs: readonly SkippedDays[], locale: string, closedDays: ClosedDaysWords): string {
  const en = locale === 'en';
  const weekday = (n: number) => (en ? WEEKDAYS[n] : DateTime.fromObject({ weekday: n as 1 }).setLocale(locale).toFormat('ccc'));
  const closed = runs.filter((r) => !r.holiday);
  let summary: string | undefined;
  if (closed.length > 1) {
    const days = new Set<number>();
    let count = 0;
    for (const run of closed) {
      const length = Math.round((Date.parse(`${run.last}T00:00:00Z`) - Date.parse(`${run.first}T00:00:00Z`)) / 86_400_000) + 1;
      count += length;
      for (let i = 0; i < Math.min(length, 7); i++) days.add(((run.weekdays[0] - 1 + i) % 7) + 1);
    }
    summary = closedDays(count, weekdayRanges(days, weekday));
  }
  // In the order the days came; the closed days' count stands where the first of them was.
  const parts: string[] = [];
  for (const run of runs) {
    const label = run.holiday
      ? DateTime.fromISO(run.first).toFormat(en ? 'd LLL' : 'd. LLL', { locale })
      : summary ?? (run.first === run.last ? weekday(run.weekdays[0]) : `${weekday(run.weekdays[0])}–${weekday(run.weekdays[1])}`);
    if (!parts.includes(label)) parts.push(label);
  }
  if (parts.length <= 1 || !en) return new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts);
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** English wording of skipped days for logs and tests ("skipped Sat–Sun and 24 Dec"). */
export function describeSkipped(runs: readonly SkippedDays[]): string {
  const en = translator('en');
  const list = closedDaysText(runs, 'en', (count, weekdays) => en('sla:command.closedDays', { count, weekdays }));
  return list ? `skipped ${list}` : '';
}

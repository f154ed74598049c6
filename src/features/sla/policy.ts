/**
 * The SLA policy file named by HELPDESK_SLA_FILE: parsed and checked as a whole, so an admin
 * sees every mistake at once, each named by file, JSON path and what is wrong.
 */
import { readSettingsFile } from '../../settings/watched-file';
import { IANAZone } from 'luxon';
import { createCalendar, type Calendar, type Duration, type Shift } from './business-time';
import type { HolidayLookup } from './holidays';

/** The targets of one priority. */
export interface Target {
  firstResponse: Duration;
  resolution: Duration;
  calendar: Calendar['kind'];
}

/** A checked policy, ready for clocks. */
export interface SlaPolicy {
  file: string;
  timeZone: string;
  /** Targets by priority name, as the site spells it. */
  targets: ReadonlyMap<string, Target>;
  /** Fractions of a target (ascending, each in 0..1) at which a warning is due; none without `warnAt`. */
  warnAt: readonly number[];
  /** `afterBreach` counts in the target's calendar and, like the target, not while waiting. */
  escalate?: { afterBreach: Duration; notify: 'channel' };
  /** The desk's hours and holidays, and wall-clock time for `"calendar": "24/7"` targets. */
  calendars: Readonly<Record<Calendar['kind'], Calendar>>;
}

/** A policy, or every error found in its file. */
export type PolicyResult = { ok: true; policy: SlaPolicy } | { ok: false; errors: string[] };

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const TOP_KEYS = ['timeZone', 'hours', 'holidays', 'targets', 'warnAt', 'escalate'];
const DURATION = /^\s*(?:(\d+)\s*d)?\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*m)?\s*$/;
const TIME = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A duration such as "30m", "4h", "1d" or "1d 4h", or undefined when malformed or zero. */
export function parseDuration(text: unknown): Duration | undefined {
  if (typeof text !== 'string') return undefined;
  const m = DURATION.exec(text);
  if (!m || !(m[1] || m[2] || m[3])) return undefined;
  const days = Number(m[1] ?? 0);
  const minutes = Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
  return days + minutes > 0 ? { text: text.trim(), days, minutes } : undefined;
}

function minutesOf(text: Json): number | undefined {
  const m = typeof text === 'string' ? TIME.exec(text) : null;
  if (!m) return undefined;
  return m[3] ? 1440 : Number(m[1]) * 60 + Number(m[2]);
}

/** Checks a policy's JSON text; `file` only names it in messages. */
export async function parsePolicy(text: string, file: string): Promise<PolicyResult> {
  const errors: string[] = [];
  const fail = (path: string, what: string) => errors.push(`${file}: ${path}: ${what}`);
  let raw: Json;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, errors: [`${file}: not valid JSON: ${(e as Error).message}`] };
  }
  if (!isObject(raw)) return { ok: false, errors: [`${file}: (root): must be an object`] };
  for (const key of Object.keys(raw)) if (!TOP_KEYS.includes(key)) fail(key, `unknown key (known: ${TOP_KEYS.join(', ')})`);

  const timeZone = raw.timeZone;
  if (typeof timeZone !== 'string' || !IANAZone.isValidZone(timeZone)) fail('timeZone', `unknown time zone ${JSON.stringify(timeZone)}`);
  const hours = parseHours(raw.hours, fail);
  const targets = parseTargets(raw.targets, fail);
  const warnAt = parseWarnAt(raw.warnAt, fail);
  let escalate: SlaPolicy['escalate'];
  if (raw.escalate !== undefined) {
    if (!isObject(raw.escalate)) fail('escalate', 'must be an object');
    else {
      const afterBreach = parseDuration(raw.escalate.afterBreach);
      if (!afterBreach) fail('escalate.afterBreach', `malformed duration ${JSON.stringify(raw.escalate.afterBreach)} (use m, h or d, e.g. "1h")`);
      if (raw.escalate.notify !== 'channel') fail('escalate.notify', 'must be "channel"');
      if (afterBreach) escalate = { afterBreach, notify: 'channel' };
    }
  }
  const needsHours = [...targets.values()].some((t) => t.calendar === 'business');
  if (hours && needsHours && hours.every((day) => day.length === 0)) fail('hours', 'no working hours, yet some targets count working time');
  const holidayName = await parseHolidays(raw.holidays, fail);

  if (errors.length > 0 || !hours || !holidayName) return { ok: false, errors };
  const tz = timeZone as string;
  const calendars = {
    business: createCalendar('business', tz, hours, holidayName),
    '24/7': createCalendar('24/7', tz, hours, () => undefined),
  };
  return { ok: true, policy: { file, timeZone: tz, targets, warnAt, ...(escalate ? { escalate } : {}), calendars } };
}

type Fail = (path: string, what: string) => void;

function parseHours(raw: Json, fail: Fail): Shift[][] | undefined {
  const week: Shift[][] = Array.from({ length: 8 }, () => []);
  if (raw === undefined) return week;
  if (!isObject(raw)) {
    fail('hours', 'must be an object of weekdays (mon…sun) to lists of ["HH:MM","HH:MM"]');
    return undefined;
  }
  for (const [key, shifts] of Object.entries(raw)) {
    const weekday = (WEEKDAYS as readonly string[]).indexOf(key) + 1;
    if (weekday === 0) {
      fail(`hours.${key}`, `unknown weekday (use ${WEEKDAYS.join(', ')})`);
      continue;
    }
    if (!Array.isArray(shifts)) {
      fail(`hours.${key}`, 'must be a list of ["HH:MM","HH:MM"]');
      continue;
    }
    const day: Shift[] = [];
    shifts.forEach((shift: Json, i) => {
      const path = `hours.${key}[${i}]`;
      const [s, e] = Array.isArray(shift) && shift.length === 2 ? shift.map(minutesOf) : [undefined, undefined];
      if (s === undefined || e === undefined) fail(path, `must be ["HH:MM","HH:MM"], got ${JSON.stringify(shift)}`);
      else if (e <= s) fail(path, `ends (${(shift as string[])[1]}) before it starts (${(shift as string[])[0]})`);
      else day.push([s, e]);
    });
    day.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < day.length; i++) {
      if (day[i][0] < day[i - 1][1]) fail(`hours.${key}`, `shifts overlap (${clock(day[i - 1])} and ${clock(day[i])})`);
    }
    week[weekday] = day;
  }
  return week;
}

function clock([s, e]: Shift): string {
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return `${hhmm(s)}–${hhmm(e)}`;
}

function parseTargets(raw: Json, fail: Fail): Map<string, Target> {
  const targets = new Map<string, Target>();
  if (!isObject(raw)) {
    fail('targets', 'must be an object of priorities to { firstResponse, resolution }');
    return targets;
  }
  for (const [priority, t] of Object.entries(raw)) {
    const path = `targets.${priority}`;
    if (!isObject(t)) {
      fail(path, 'must be an object { firstResponse, resolution, calendar? }');
      continue;
    }
    for (const key of Object.keys(t)) {
      if (!['firstResponse', 'resolution', 'calendar'].includes(key)) fail(`${path}.${key}`, 'unknown key (known: firstResponse, resolution, calendar)');
    }
    const firstResponse = parseDuration(t.firstResponse);
    const resolution = parseDuration(t.resolution);
    if (!firstResponse) fail(`${path}.firstResponse`, `malformed duration ${JSON.stringify(t.firstResponse)} (use m, h or d, e.g. "30m", "4h", "1d")`);
    if (!resolution) fail(`${path}.resolution`, `malformed duration ${JSON.stringify(t.resolution)} (use m, h or d, e.g. "30m", "4h", "1d")`);
    if (t.calendar !== undefined && t.calendar !== '24/7') fail(`${path}.calendar`, `must be "24/7" or left out, got ${JSON.stringify(t.calendar)}`);
    const calendar = t.calendar === '24/7' ? '24/7' : 'business';
    if (firstResponse && resolution) targets.set(priority, { firstResponse, resolution, calendar });
  }
  return targets;
}

function parseWarnAt(raw: Json, fail: Fail): number[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    fail('warnAt', 'must be a list of fractions such as [0.75, 0.9]');
    return [];
  }
  const good: number[] = [];
  raw.forEach((f: Json, i) => {
    if (typeof f === 'number' && f > 0 && f < 1) good.push(f);
    else fail(`warnAt[${i}]`, `must be a fraction between 0 and 1, got ${JSON.stringify(f)}`);
  });
  return [...new Set(good)].sort((a, b) => a - b);
}

async function parseHolidays(raw: Json, fail: Fail): Promise<HolidayLookup | undefined> {
  if (raw === undefined) return () => undefined;
  if (!isObject(raw)) {
    fail('holidays', 'must be an object { country?, region?, dates? }');
    return undefined;
  }
  for (const key of Object.keys(raw)) if (!['country', 'region', 'dates'].includes(key)) fail(`holidays.${key}`, 'unknown key (known: country, region, dates)');
  const listed = new Map<string, string>();
  if (raw.dates !== undefined && !Array.isArray(raw.dates)) fail('holidays.dates', 'must be a list of "YYYY-MM-DD"');
  (Array.isArray(raw.dates) ? raw.dates : []).forEach((d: Json, i) => {
    if (typeof d === 'string' && DATE.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`))) listed.set(d, d);
    else fail(`holidays.dates[${i}]`, `must be a date "YYYY-MM-DD", got ${JSON.stringify(d)}`);
  });
  let lookup: HolidayLookup = () => undefined;
  if (raw.region !== undefined && raw.country === undefined) fail('holidays.region', 'needs holidays.country');
  if (raw.country !== undefined) {
    if (typeof raw.country !== 'string') fail('holidays.country', 'must be a country code such as "DE"');
    else if (raw.region !== undefined && typeof raw.region !== 'string') fail('holidays.region', 'must be a region code such as "BY"');
    else {
      // Loaded only when a policy names a country: the holiday data is most of the library's size.
      const { publicHolidays } = await import('./holidays');
      const made = publicHolidays(raw.country, raw.region as string | undefined);
      if (typeof made === 'function') lookup = made;
      else fail(made.error.startsWith('unknown region') ? 'holidays.region' : 'holidays.country', made.error);
    }
  }
  return (date) => listed.get(date) ?? lookup(date);
}

/** Reads and checks the policy file at `path` (the value of HELPDESK_SLA_FILE); safe to call again on change. */
export async function loadPolicy(path: string): Promise<PolicyResult> {
  const read = await readSettingsFile(path);
  return read.ok ? parsePolicy(read.text, path) : read;
}

/** The policy's priorities that the desk does not have: to be logged once and reported by doctor, then ignored. */
export function checkPriorities(policy: SlaPolicy, sitePriorities: readonly string[]): string[] {
  const known = new Set(sitePriorities.map((p) => p.trim().toLowerCase()));
  return [...policy.targets.keys()].filter((p) => !known.has(p.trim().toLowerCase()));
}

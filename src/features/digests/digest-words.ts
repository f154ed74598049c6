/** The words after `digest`: `daily 09:00 [zone]`, `weekly mon 09:00 [zone]`, read into a schedule. */
import { IANAZone } from 'luxon';
import type { DigestSpec } from '../../core';

/** The weekday words `digest weekly` takes, Monday first (ISO weekday = index + 1). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** What was wrong with a typed schedule: which part, and the word as typed. */
export type ScheduleProblem = { problem: 'cadence' | 'time' | 'day' | 'zone' | 'missing'; value: string };

/** A schedule read from the words after `digest`; the zone is undefined when none was typed. */
export type ParsedSchedule = { spec: Omit<DigestSpec, 'zone'> & { zone?: string } } | ScheduleProblem;

// `mon`, `monday` or any prefix of three letters or more names a day.
const FULL_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const TIME = /^([01]?\d|2[0-3])[:.h]([0-5]\d)$/i;

/** True when `zone` is an IANA zone luxon knows ('UTC' included). */
export const isZone = (zone: string): boolean => IANAZone.isValidZone(zone);

/** The zone as luxon spells it ('europe/berlin' → 'Europe/Berlin'), when it is one. */
export function canonicalZone(zone: string): string | undefined {
  if (!isZone(zone)) return undefined;
  // Luxon keeps the name as typed; Intl spells it as the zone database does.
  return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
}

/** Reads `daily 09:00 [zone]` or `weekly mon 09:00 [zone]`. */
export function parseSchedule(words: readonly string[]): ParsedSchedule {
  const [cadence, ...rest] = words;
  const c = (cadence ?? '').toLowerCase();
  if (c !== 'daily' && c !== 'weekly') return { problem: c ? 'cadence' : 'missing', value: cadence ?? '' };
  let weekday: number | undefined;
  if (c === 'weekly') {
    const day = (rest.shift() ?? '').toLowerCase();
    const index = day.length >= 3 && /^[a-z]+$/.test(day) ? FULL_DAYS.findIndex((d) => d.startsWith(day)) : -1;
    if (index < 0) return { problem: 'day', value: day };
    weekday = index + 1;
  }
  const typedTime = rest.shift() ?? '';
  const m = TIME.exec(typedTime);
  if (!m) return { problem: 'time', value: typedTime };
  const time = `${m[1].padStart(2, '0')}:${m[2]}`;
  const zoneWords = rest.join(' ').trim();
  let zone: string | undefined;
  if (zoneWords) {
    zone = canonicalZone(zoneWords);
    if (!zone) return { problem: 'zone', value: zoneWords };
  }
  return { spec: { cadence: c, time, ...(weekday ? { weekday } : {}), ...(zone ? { zone } : {}) } };
}



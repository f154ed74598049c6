import { beforeAll, describe, expect, it } from 'vitest';
import { addDuration, addWorkingTime, describeSkipped, skippedDays, workingTimeBetween, type Calendar } from '../../src/features/sla/business-time';
import { parseDuration } from '../../src/features/sla/policy';
import { publicHolidays } from '../../src/features/sla/holidays';
import { at, HOUR, MINUTE, policy, wall } from './fixture';

let desk: Calendar;
let allDay: Calendar;
beforeAll(async () => {
  ({ business: desk, '24/7': allDay } = (await policy()).calendars);
});
const plus = (start: string, duration: string, cal = desk) => wall(addDuration(at(start), parseDuration(duration)!, cal));

describe('working time on the desk calendar (Europe/Berlin, split Monday)', () => {
  it('skips the lunch break of a split shift', () => {
    expect(plus('2026-11-23T11:30', '1h')).toBe('Mon 2026-11-23 13:30 +01:00');
    expect(workingTimeBetween(at('2026-11-23T11:00'), at('2026-11-23T14:00'), desk)).toBe(2 * HOUR);
    // Exactly at the end of the morning shift the clock waits for the afternoon one.
    expect(plus('2026-11-23T11:00', '1h')).toBe('Mon 2026-11-23 12:00 +01:00');
    expect(plus('2026-11-23T11:00', '61m')).toBe('Mon 2026-11-23 13:01 +01:00');
  });

  it('starts counting at the next opening when the start is out of hours', () => {
    expect(plus('2026-11-28T10:00', '1h')).toBe('Mon 2026-11-30 09:00 +01:00');
    expect(plus('2026-11-24T19:00', '30m')).toBe('Wed 2026-11-25 08:30 +01:00');
    expect(workingTimeBetween(at('2026-11-27T17:00'), at('2026-11-30T08:00'), desk)).toBe(0);
  });

  it('closes on a public holiday on a Friday and the weekend after it (Good Friday, then Easter Monday)', () => {
    expect(plus('2026-04-02T16:00', '2h')).toBe('Tue 2026-04-07 09:00 +02:00');
    const runs = skippedDays(at('2026-04-02T16:00'), at('2026-04-07T09:00'), desk);
    expect(describeSkipped(runs)).toBe('skipped 3 Apr, Sat–Sun and 6 Apr');
  });

  it('keeps shift wall times across the change to summer time (end of March)', () => {
    // Friday 27 March 2026 is on CET (+01:00), Monday 30 March on CEST (+02:00).
    expect(plus('2026-03-27T09:00', '8h')).toBe('Mon 2026-03-30 09:00 +02:00');
    expect(workingTimeBetween(at('2026-03-27T08:00'), at('2026-03-30T17:00'), desk)).toBe(16 * HOUR);
  });

  it('keeps shift wall times across the change to winter time (end of October)', () => {
    expect(plus('2026-10-23T15:00', '2h')).toBe('Mon 2026-10-26 09:00 +01:00');
    expect(workingTimeBetween(at('2026-10-23T08:00'), at('2026-10-26T17:00'), desk)).toBe(16 * HOUR);
  });

  it('counts the real length of a shift that spans the clock change', async () => {
    const { business: night } = (await policy((p) => (p.hours = { sun: [['01:00', '04:00']] }))).calendars;
    // 02:00 to 03:00 does not exist on 29 March; 02:00 to 03:00 happens twice on 25 October.
    expect(workingTimeBetween(at('2026-03-29T00:00'), at('2026-03-29T12:00'), night)).toBe(2 * HOUR);
    expect(workingTimeBetween(at('2026-10-25T00:00'), at('2026-10-25T12:00'), night)).toBe(4 * HOUR);
    expect(wall(addWorkingTime(at('2026-03-29T01:00'), 90 * MINUTE, night))).toBe('Sun 2026-03-29 03:30 +02:00');
  });
});

describe('working days (d)', () => {
  it('ends at the same point of the next working day’s hours', () => {
    expect(plus('2026-11-24T09:00', '1d')).toBe('Wed 2026-11-25 09:00 +01:00');
    // 5 h into Monday's split hours is 13:00 on Tuesday.
    expect(plus('2026-11-23T14:00', '1d')).toBe('Tue 2026-11-24 13:00 +01:00');
    expect(plus('2026-11-27T15:30', '1d')).toBe('Mon 2026-11-30 16:30 +01:00');
    expect(plus('2026-11-24T09:00', '3d')).toBe('Fri 2026-11-27 09:00 +01:00');
  });

  it('ends at the close of a shorter day, and counts from the next opening when out of hours', () => {
    expect(plus('2026-11-26T16:30', '1d')).toBe('Fri 2026-11-27 16:00 +01:00');
    expect(plus('2026-11-28T10:00', '1d')).toBe('Tue 2026-12-01 08:00 +01:00');
    expect(plus('2026-11-24T09:00', '1d 2h')).toBe('Wed 2026-11-25 11:00 +01:00');
  });

  it('skips holidays, listed dates included', () => {
    // 24 December is listed; 25 and 26 December are public holidays; 27 December is a Sunday.
    expect(plus('2026-12-23T10:00', '1d')).toBe('Mon 2026-12-28 10:00 +01:00');
    expect(describeSkipped(skippedDays(at('2026-12-23T10:00'), at('2026-12-28T10:00'), desk))).toBe('skipped 24 Dec, 25 Dec and Sat–Sun');
  });
});

describe('24/7 calendar', () => {
  it('counts wall-clock time, and a day is 24 h even on a DST day', () => {
    expect(plus('2026-11-28T23:00', '4h', allDay)).toBe('Sun 2026-11-29 03:00 +01:00');
    expect(plus('2026-03-28T12:00', '1d', allDay)).toBe('Sun 2026-03-29 13:00 +02:00');
    expect(plus('2026-10-24T12:00', '1d', allDay)).toBe('Sun 2026-10-25 11:00 +01:00');
    expect(skippedDays(at('2026-12-23T10:00'), at('2026-12-28T10:00'), allDay)).toEqual([]);
  });
});

describe('holidays from date-holidays (DE-BY)', () => {
  const lookup = publicHolidays('DE', 'BY');

  it('closes on public holidays only, not on bank, school or observance days', () => {
    if (typeof lookup !== 'function') throw new Error(lookup.error);
    expect(lookup('2026-06-04')).toBe('Fronleichnam'); // public in Bavaria
    expect(lookup('2026-11-18')).toBeUndefined(); // Buß- und Bettag: school
    expect(lookup('2026-02-16')).toBeUndefined(); // Rosenmontag: observance
    expect(lookup('2026-12-24')).toBeUndefined(); // Heiligabend: bank
  });

  it('keeps the desk open on a school holiday and closed on a public one', () => {
    expect(plus('2026-11-18T16:30', '1h')).toBe('Thu 2026-11-19 08:30 +01:00');
    expect(workingTimeBetween(at('2026-11-18T00:00'), at('2026-11-19T00:00'), desk)).toBe(9 * HOUR);
    expect(workingTimeBetween(at('2026-06-04T00:00'), at('2026-06-05T00:00'), desk)).toBe(0);
  });

  it('names an unknown country or region', () => {
    expect(publicHolidays('XX')).toEqual({ error: 'unknown country "XX"' });
    expect(publicHolidays('DE', 'XY')).toMatchObject({ error: expect.stringMatching(/^unknown region "XY" of DE \(known: .*BY/) });
  });
});

/**
 * Digest slots: which instants a schedule's wall time falls on between two instants. Wall times
 * are read in the schedule's zone with luxon, so a slot keeps its local time across DST changes.
 */
import { DateTime } from 'luxon';
import type { DigestSpec } from '../../core/digests';

/** Whether a local day may have a digest: the SLA calendar's open days, else Monday to Friday for daily. */
export type DayFilter = (day: DateTime, instant: number) => boolean;

/** Monday to Friday: the working days when no SLA calendar says otherwise. */
export const WEEKDAYS_ONLY: DayFilter = (day) => day.weekday <= 5;

/** Look back at most this far for missed slots (a bot down longer gets one late digest anyway). */
const MAX_LOOKBACK_DAYS = 62;

/**
 * The slot instants in (after, until], oldest first. Daily slots fall on the days `workingDay`
 * allows; a weekly slot on its weekday unless `openDay` says the day is closed.
 */
export function slotsBetween(spec: DigestSpec, after: number, until: number, workingDay: DayFilter, openDay: DayFilter = () => true): number[] {
  if (until <= after) return [];
  const [hour, minute] = spec.time.split(':').map(Number);
  const start = Math.max(after, until - MAX_LOOKBACK_DAYS * 86_400_000);
  const out: number[] = [];
  let day = DateTime.fromMillis(start, { zone: spec.zone }).startOf('day');
  const last = DateTime.fromMillis(until, { zone: spec.zone }).startOf('day');
  while (day <= last) {
    const at = day.set({ hour, minute, second: 0, millisecond: 0 });
    const instant = at.toMillis();
    const wanted = spec.cadence === 'weekly' ? day.weekday === spec.weekday && openDay(day, instant) : workingDay(day, instant);
    if (instant > after && instant <= until && wanted) out.push(instant);
    day = day.plus({ days: 1 }).startOf('day');
  }
  return out;
}

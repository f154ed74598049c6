/** Quiet hours: whether a person's DMs wait now, and until when, read in their own time zone (luxon). */
import { DateTime } from 'luxon';
import type { DmPreferences } from './preference-table';

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/**
 * The instant the quiet hours around `now` end, or undefined when `now` is not in them. An end
 * before the start runs overnight (22:00–07:00); the same start and end means none.
 */
export function quietUntil(prefs: DmPreferences | undefined, zone: string, now: number): number | undefined {
  if (!prefs?.quietStart || !prefs.quietEnd) return undefined;
  const start = minutesOf(prefs.quietStart);
  const end = minutesOf(prefs.quietEnd);
  if (start === end) return undefined;
  const local = DateTime.fromMillis(now, { zone });
  const minute = local.hour * 60 + local.minute;
  const quiet = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!quiet) return undefined;
  let until = local.set({ hour: Math.floor(end / 60), minute: end % 60, second: 0, millisecond: 0 });
  if (until <= local) until = until.plus({ days: 1 });
  return until.toMillis();
}

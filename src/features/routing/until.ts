/**
 * The end of an `away`, as typed after `until`: "17:00" (today, or tomorrow once past), "2026-12-24"
 * (that day's start), "2026-12-24 09:00", "tomorrow", or a weekday ("monday": its next start), in
 * the person's zone. A pure function of the text, "now" and the zone.
 */
import { DateTime } from 'luxon';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const GERMAN_WEEKDAYS = ['montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag', 'sonntag'];

/** Epoch ms the away ends, or undefined when the text is not a time this reads. */
export function parseUntil(typed: string, now: number, zone: string): number | undefined {
  const text = typed.trim().toLowerCase().replace(/^until\s+/, '').replace(/^bis\s+/, '');
  const here = DateTime.fromMillis(now, { zone });
  const time = /^(\d{1,2})[:.](\d{2})$/.exec(text);
  if (time) {
    const [h, m] = [Number(time[1]), Number(time[2])];
    if (h > 23 || m > 59) return undefined;
    const today = here.set({ hour: h, minute: m, second: 0, millisecond: 0 });
    return (today.toMillis() > now ? today : today.plus({ days: 1 })).toMillis();
  }
  const dated = /^(\d{4}-\d{2}-\d{2})(?:[ t](\d{1,2}):(\d{2}))?$/.exec(text);
  if (dated) {
    const day = DateTime.fromISO(dated[1], { zone });
    if (!day.isValid) return undefined;
    const at = dated[2] === undefined ? day : day.set({ hour: Number(dated[2]), minute: Number(dated[3]) });
    return at.isValid ? at.toMillis() : undefined;
  }
  if (text === 'tomorrow' || text === 'morgen') return here.plus({ days: 1 }).startOf('day').toMillis();
  const weekday = Math.max(WEEKDAYS.findIndex((d) => d.startsWith(text) && text.length >= 3), GERMAN_WEEKDAYS.findIndex((d) => d.startsWith(text) && text.length >= 2)) + 1;
  if (weekday > 0) {
    const ahead = ((weekday - here.weekday + 7) % 7) || 7;
    return here.plus({ days: ahead }).startOf('day').toMillis();
  }
  return undefined;
}

/**
 * Working hours for routing (issue 42 §2): a group with `availability.businessHours` takes new
 * tickets only while the SLA policy's business calendar (hours, public holidays, listed dates, in
 * the policy's zone, DST included) is open. Outside them its tickets wait in the queue; when the
 * hours start the queue is drained in arrival order, so they are spread as if they had arrived
 * then. Pure functions of the group, the calendar and an instant.
 */
import { addWorkingTime, dayAt, type Calendar } from '../sla/business-time';
import type { SlaPolicy } from '../sla/policy';
import type { Group } from './rules';

/** The business calendar of a policy, when one is set. */
export const businessCalendar = (policy: SlaPolicy | undefined): Calendar | undefined => policy?.calendars.business;

/** Whether the calendar is open at `at` (a holiday is closed all day). */
export function isOpen(calendar: Calendar, at: number): boolean {
  return dayAt(calendar, at).open.some(([s, e]) => s <= at && at < e);
}

/** Whether the group takes tickets at `at`: always, unless it keeps business hours and they are closed then (no policy: always). */
export function inHours(group: Group, calendar: Calendar | undefined, at: number): boolean {
  return !group.availability.businessHours || !calendar || isOpen(calendar, at);
}

/** When the calendar is next open: `at` itself while open, else the next opening (after weekends, holidays and DST changes alike). */
export function nextOpening(calendar: Calendar, at: number): number {
  // One millisecond of working time after `at` ends one millisecond after the first open instant.
  return addWorkingTime(at, 1, calendar) - 1;
}

/** The instant `minutes` after `since` for the group: working minutes when it keeps business hours, else wall-clock minutes. */
export function minutesAfter(group: Group, calendar: Calendar | undefined, since: number, minutes: number): number {
  return group.availability.businessHours && calendar ? addWorkingTime(since, minutes * 60_000, calendar) : since + minutes * 60_000;
}

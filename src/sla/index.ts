/** SLA clocks: the policy file, working-time arithmetic and clocks derived from a ticket's history; pure, no I/O but reading the policy. */
// holidays.ts is left out on purpose: policy.ts imports it (and date-holidays' data) only when a policy names a country.
export { loadPolicy, parsePolicy, parseDuration, checkPriorities, type SlaPolicy, type Target, type PolicyResult } from './policy';
export {
  addDuration, addWorkingTime, addWorkingDays, workingTimeBetween, skippedDays, describeSkipped,
  type Calendar, type Duration, type Shift, type SkippedDays,
} from './business-time';
export {
  deriveClocks, nextChange, upcomingChanges,
  type Clock, type ClockKind, type ClockState, type Threshold, type Pause, type TicketHistory, type Observation, type StatusRole, type RoleOf,
} from './clock';
export type { HolidayLookup } from './holidays';

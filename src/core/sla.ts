/** What `sla <id>` is told about a ticket's clocks (built in src/features/sla/sla-report.ts from the store and the policy). */

/** One clock, as of `SlaReport.now`; instants are epoch ms. */
export interface SlaClockReport {
  kind: 'firstResponse' | 'resolution';
  /** The target as the policy writes it ("4h", "1d"). */
  target: string;
  state: 'running' | 'paused' | 'met' | 'missed' | 'breached';
  /** When the target is due (running, paused: if resumed now), or was breached. */
  due?: number;
  /** When it stopped (met, missed). */
  stoppedAt?: number;
  usedMs: number;
  /** Time paused, per waiting status. */
  pauses: { status: string; ms: number }[];
  /** Closed days the clock skipped, in English words for logs ("skipped Sat–Sun and 24 Dec"); empty when none. */
  skipped: string;
  /** The same days, for the reader's words: runs of closed days (ISO dates, ISO weekdays 1–7) or one holiday. */
  closedDays?: { first: string; last: string; weekdays: [first: number, last: number]; holiday?: string }[];
}

/** The policy that applies to a ticket and each of its clocks. */
export interface SlaReport {
  now: number;
  priority: string;
  calendar: 'business' | '24/7';
  timeZone: string;
  clocks: SlaClockReport[];
}

/**
 * What an agent's ticket card shows of one clock, kept in the store as the clock stood when last
 * settled (a ticket change or a threshold), so a card costs no clock arithmetic and no Graph read.
 * `warning`: a warning threshold has passed. `at`: the due instant (running, warning), the breach
 * (breached, missed), the stop (met); absent while paused, when the due time moves with the clock.
 */
export interface CardClock {
  kind: 'firstResponse' | 'resolution';
  state: 'running' | 'warning' | 'paused' | 'breached' | 'met' | 'missed';
  at?: number;
}

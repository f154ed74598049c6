/** Channel digests as commands, the store and the scheduler name them (src/features/digests runs them). */
import type { Conversation } from './conversation';
import type { IndexedTicket } from './search';

/** When a channel's digest is due: every working day, or one weekday, at a wall time in a zone. */
export interface DigestSpec {
  cadence: 'daily' | 'weekly';
  /** ISO weekday (1 = Monday … 7 = Sunday); weekly only. */
  weekday?: number;
  /** Wall time, `HH:MM`. */
  time: string;
  /** IANA zone the wall time is read in. */
  zone: string;
}

/** What `digest` asks of the scheduler. */
export interface DigestPorts {
  /** The zone a schedule without one uses: the SLA policy's, else HELPDESK_TIME_ZONE. */
  defaultZone(): string;
  /** True when `zone` is an IANA zone name this process knows. */
  isZone(zone: string): boolean;
  /** Sets (or, with undefined, removes) the conversation's digest schedule. */
  setSchedule(conversation: Conversation, spec: DigestSpec | undefined, by: string): Promise<boolean>;
  /** The conversation's schedule, if any. */
  schedule(conversation: Conversation): Promise<DigestSpec | undefined>;
  /**
   * What a digest asked for now would count (the command shows it as its answer), without moving
   * the conversation's "since the last digest".
   */
  digestNow(conversation: Conversation): Promise<DigestNow>;
}

/** A digest's counts and what they count from, in the conversation's zone and language. */
export interface DigestNow {
  figures: DigestFigures;
  /** Epoch ms the counts start at. */
  since: number;
  /** What `since` is: the last digest, when the schedule was set (no digest yet), or a day ago (no schedule). */
  basis: 'last' | 'setUp' | 'day';
  /** The zone its times are written in (named). */
  zone: string;
  /** The conversation's language. */
  locale: string;
}

/** What one digest counts, for the channel's subscriptions (src/features/digests/digest-data.ts). */
export interface DigestFigures {
  /** Open tickets per status, in the vocabulary's order (statuses with none left out). */
  openByStatus: { status: string; count: number }[];
  openTotal: number;
  newSince: number;
  resolvedSince: number;
  unassignedTotal: number;
  /** The oldest unassigned open tickets, oldest first, at most five. */
  unassigned: IndexedTicket[];
  /** With SLA clocks on: open tickets breached, and due before the end of the local day. */
  sla?: { breached: number; dueToday: number };
  /** With the desk's answers kept: questions they settled without a ticket in the same period, next to the tickets filed then (both desk-wide). */
  answered?: { questions: number; filed: number };
  /** A weekly digest's charts: opened and resolved per local day of the last seven, and open tickets by age (src/views/ticket-charts.ts counts both). */
  week?: DigestWeek;
}

/** What a weekly digest draws, from the search index: no Graph request. */
export interface DigestWeek {
  /** The zone whose days the volume counts, and the period's first local midnight and end (epoch ms). */
  zone: string;
  from: number;
  to: number;
  /** One bucket per local day, oldest first: its first instant and `yyyy-MM-dd`. */
  days: { start: number; date: string; opened: number; resolved: number }[];
  /** Open tickets by age: under a day, 1-3 days, 3-7 days, over 7 days. */
  ages: { under1d: number; days1to3: number; days3to7: number; over7d: number };
}

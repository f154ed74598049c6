/** What the clock tracker finds in a poll cycle: thresholds crossed, a new policy's backlog, cards whose clocks changed. */
import type { Ticket } from '../../helpdesk/types';
import type { CardClock } from '../../core/sla';
import type { Clock, Threshold } from './clock';
import type { Backlog } from './sla-backlog';

/** One threshold a ticket's clock crossed, to be told. */
export interface SlaAlert {
  ticketId: number;
  title: string;
  /** Empty when nobody holds the ticket. */
  assignee: string;
  /** What SLA subscriptions' filters match on. */
  facts: Pick<Ticket, 'priority' | 'status' | 'category' | 'spaceId'>;
  clock: Clock;
  threshold: Threshold;
  /** `sla:<ticket>:<clock>:<threshold>`: unique, so the outbox says it once across restarts and replicas. */
  key: string;
}

/** A ticket whose card's clock lines changed, for the cards that show it to be edited. */
export interface CardChange {
  ticketId: number;
  link?: string;
  clocks: CardClock[];
  /** How many changes of the ticket were seen: a card back to an earlier look (paused again) is a new edit. */
  seen: number;
}

/** What one cycle found to tell: alerts one by one, and the backlog of a new or changed policy as one summary. */
export interface SlaFindings {
  alerts: SlaAlert[];
  /** Counts per kind of ticket and the first few, however many tickets it spans. */
  backlog: Backlog;
  /** Tickets whose cards show their clocks differently now (a threshold, a stop, a change); not a new policy's backlog. */
  cards?: CardChange[];
  /** The policy fingerprint the backlog belongs to (its summary's key). */
  policy: string;
  /** Records what was found as told: call once the alerts are owed (in the outbox), so a failure in between retells, never loses. */
  save(): Promise<void>;
}

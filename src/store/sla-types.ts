/**
 * What the store keeps for SLA clocks (src/sla): per ticket the history the poller saw, the next
 * instant at which a clock changes (indexed: a cycle reads only instants before the next cycle),
 * the nearest due time (indexed: `queue due`) and which thresholds were already announced.
 */
import type { CardClock } from '../core/sla';

/** src/sla's TicketHistory, spelled out so the store depends on nothing but core (the shapes must agree). */
export interface TicketHistory {
  created: number;
  observations: readonly { at: number; status: string; priority: string }[];
  firstResponseAt?: number;
  breachedAt?: Partial<Record<'firstResponse' | 'resolution', number>>;
}

/** One ticket's SLA record. */
export interface SlaRecord {
  id: number;
  history: TicketHistory;
  /** Epoch ms of the next threshold of any clock; absent when no clock counts towards one. */
  nextAt?: number;
  /** Epoch ms of the nearest due time of a clock not stopped; absent when none runs (closed, met). */
  dueAt?: number;
  /** Thresholds already announced, as `<clock>:<kind>[:<fraction>]`; never announced twice. */
  announced: string[];
  /** What agents' ticket cards show of each clock, as of the last settle. */
  clocks?: CardClock[];
  /** The ticket's page in the help desk, for a card rebuilt from the store at a threshold. */
  link?: string;
  /** The policy version the instants were computed with. */
  policy: string;
  /** Who asked and who holds it, as last seen: the one-off comment scan reads as the requester; alerts DM the assignee. */
  requester?: string;
  assignee?: string;
  title?: string;
  /** What SLA subscriptions' filters match on. */
  category?: string;
  spaceId?: string;
}

/** The SLA part of the Store (src/store/sla-clocks.ts, both engines). */
export interface SlaStore {
  /** The records of these tickets (absent: never seen under a policy). */
  slaRecords(ids: number[]): Promise<Map<number, SlaRecord>>;
  /** Adds or replaces records by id. */
  putSlaRecords(records: SlaRecord[]): Promise<void>;
  /** Records whose nextAt is at or before `until`, earliest first, at most `limit`. */
  slaDueBefore(until: number, limit: number): Promise<SlaRecord[]>;
  /** Tickets with a due time, nearest (so breached) first: one page and the total. */
  slaQueue(offset: number, limit: number): Promise<{ rows: { id: number; dueAt: number }[]; total: number }>;
  /** Every record, by id, after `afterId`, at most `limit` (a changed policy recomputes them all). */
  slaRecordPage(afterId: number, limit: number): Promise<SlaRecord[]>;
  /** Records whose first response is unknown and still has a running clock (the one-off comment scan), at most `limit`, after id `afterId`. */
  slaWithoutFirstResponse(afterId: number, limit: number): Promise<SlaRecord[]>;
  /** A small named value of the SLA tracker (policy in force, scan progress). */
  getSlaMeta(name: string): Promise<string | undefined>;
  putSlaMeta(name: string, value: string): Promise<void>;
}

/** Whether the one-off scan should read this ticket's comments: no known first response, clock not stopped. */
export const needsResponse = (r: SlaRecord) => r.history.firstResponseAt === undefined && r.dueAt !== undefined;

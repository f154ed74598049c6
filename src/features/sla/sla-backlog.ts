/**
 * A new or changed policy's backlog: thresholds already past when it came into force, told as one
 * summary per SLA channel. It may span every open ticket (100,000), so it is kept as counts per
 * kind of ticket (the facts SLA filters match on) with the first few tickets of each kind, never
 * as one entry per ticket: a summary names at most a few rows and counts the rest.
 */
import type { SlaAlert } from './clock-tracker';

/** How many tickets a summary names; the rest are counted (and listed by `queue due`). */
export const BACKLOG_ROWS = 5;

/** One kind of ticket: how many are past a threshold, how many breached, and the first few. */
export interface BacklogGroup {
  facts: SlaAlert['facts'];
  tickets: number;
  breached: number;
  /** The first tickets of this kind, in the order they were found, with that order. */
  first: { seq: number; alert: SlaAlert }[];
}

/** The backlog, grouped by facts. */
export interface Backlog {
  groups: BacklogGroup[];
  /** Tickets in all groups. */
  tickets: number;
}

/** An empty backlog to add to. */
export function createBacklog(): Backlog & { add(alerts: readonly SlaAlert[]): void } {
  const byFacts = new Map<string, BacklogGroup>();
  let seq = 0;
  const backlog = {
    groups: [] as BacklogGroup[],
    tickets: 0,
    /** Adds one ticket's past thresholds (one per clock): it counts once, as breached if any clock is. */
    add(alerts: readonly SlaAlert[]) {
      if (alerts.length === 0) return;
      const worst = alerts.find((a) => a.threshold.kind !== 'warning') ?? alerts[0];
      const f = worst.facts;
      const key = `${f.priority}\u0000${f.status}\u0000${f.category}\u0000${f.spaceId ?? ''}`;
      let group = byFacts.get(key);
      if (!group) {
        group = { facts: { ...f }, tickets: 0, breached: 0, first: [] };
        byFacts.set(key, group);
        backlog.groups.push(group);
      }
      group.tickets += 1;
      backlog.tickets += 1;
      if (worst.threshold.kind !== 'warning') group.breached += 1;
      // Only what a summary row says is kept of the clock.
      if (group.first.length < BACKLOG_ROWS) group.first.push({ seq: seq++, alert: { ...worst, clock: { ...worst.clock, pauses: [], crossed: [], upcoming: [], next: undefined } } });
    },
  };
  return backlog;
}

/** A backlog of tickets' past thresholds (tests, and callers holding a few alerts): grouped per ticket, in order. */
export function backlogOf(alerts: readonly SlaAlert[]): Backlog {
  const backlog = createBacklog();
  const byTicket = new Map<number, SlaAlert[]>();
  for (const a of alerts) byTicket.set(a.ticketId, [...(byTicket.get(a.ticketId) ?? []), a]);
  for (const own of byTicket.values()) backlog.add(own);
  return { groups: backlog.groups, tickets: backlog.tickets };
}

/** What one channel's summary says: the tickets its filter matches, breached among them, and the first rows. */
export function backlogFor(backlog: Backlog, wants: (facts: SlaAlert['facts']) => boolean): { tickets: number; breached: number; rows: SlaAlert[] } {
  let tickets = 0;
  let breached = 0;
  const first: { seq: number; alert: SlaAlert }[] = [];
  for (const g of backlog.groups) {
    if (!wants(g.facts)) continue;
    tickets += g.tickets;
    breached += g.breached;
    first.push(...g.first);
  }
  first.sort((a, b) => a.seq - b.seq);
  return { tickets, breached, rows: first.slice(0, BACKLOG_ROWS).map((f) => f.alert) };
}

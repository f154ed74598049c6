/**
 * Routing's decisions for the poll cycle (routing-cycle.ts): `routeTicket(ticket)` gathers what
 * the decision reads (the rules in force, who is active, each agent's signals and load, last
 * assignments, cursors, business hours), decides, and claims the decision once across replicas
 * (its row). The caller writes the assignment (If-Match) and marks it `written`; when its write
 * loses to a claim, it calls `taken`. `snapshot()` is what the `routing` command shows.
 */
import { addressKey, type RoleVocabulary } from '../../core/vocabulary';
import type { HelpdeskService, Ticket } from '../../helpdesk/types';
import type { Kysely } from 'kysely';
import type { PolicySource } from '../sla/policy-source';
import { awayReason, type AwayReason, type Signals } from './away-reason';
import { needsOf, type Availability, type SourceName } from './availability';
import { decide, groupFor, type AgentNow, type Decision, type DecisionInput, type Why } from './decide';
import { minutesOf } from './escalation-rules';
import { businessCalendar, isOpen } from './hours';
import { loadsOf } from './load';
import { capOf, type Group, type RoutingRules } from './rules';
import type { RoutingSource } from './rules-source';
import type { Queued, RoutingTable, Settled } from './routing-table';

/** One agent as the `routing` command shows them. */
export interface AgentLine {
  address: string;
  name?: string;
  active: boolean;
  groups: string[];
  load: number;
  cap?: number;
  /** Why they get nothing now (under their first group's rules), if anything says so. */
  away?: AwayReason;
  atCap: boolean;
  /** Tickets routing gave them today. */
  today: number;
}

/** What `routing` shows. */
export interface Snapshot {
  rules: RoutingRules;
  agents: AgentLine[];
  queue: Queued[];
  failing: ReadonlyMap<SourceName, string>;
  /** Undefined: no SLA policy, so no business hours. */
  inHours?: boolean;
}

export interface RouterConfig {
  rules: RoutingSource;
  table: RoutingTable;
  availability: Availability;
  helpdesk: Pick<HelpdeskService, 'activeAgents'>;
  /** The store's database (the poller's ticket states, for loads). */
  db: Kysely<any>;
  vocabulary: RoleVocabulary;
  slaPolicy: PolicySource | undefined;
  now: () => Date;
  /** The start of today in the desk's zone, for today's assignments. */
  dayStart: (now: number) => number;
}

/** The router. */
export interface Router {
  /**
   * Decides a new ticket and claims that decision once across replicas (before anything is written
   * to the ticket); undefined when another replica has it, it was routed before, or it already has
   * an assignee. An assignment so claimed is owed until `written`.
   */
  routeTicket(ticket: Ticket): Promise<Decision | undefined>;
  /**
   * Decides a queued ticket again (the queue's drain) and records the new decision while it is still
   * queued: the decision when it was taken from the queue (an assignment, owed until `written`, or
   * left unassigned), undefined when it still waits or another replica took it.
   */
  fromQueue(ticket: Ticket): Promise<Decision | undefined>;
  /** The claimed assignment is on the ticket now. */
  written(ticketId: number): Promise<void>;
  /** The claimed assignment cannot be written now (the assignee is no longer an agent): the ticket waits in the queue again. */
  requeue(ticketId: number, group: string, why: Why): Promise<void>;
  /** What routing would decide for this ticket now, without taking it up (an agent's hand-over before they go away; an escalation, passing over its holder). */
  decideFor(ticket: Ticket, options?: { passOver?: string }): Promise<Decision>;
  /**
   * Records a hand-over the caller wrote (moves the cursor, counts towards today's assignments), as of `at` (default now):
   * when it was written. `late`: it was written earlier by a process that died before recording it (an escalation's
   * takeover); the cursor then moves only if nothing moved it since.
   */
  handedOver(ticketId: number, decision: Decision, options?: { at?: number; late?: boolean }): Promise<void>;
  /** The assignment write lost (someone claimed it first, `by`), or the ticket was closed or deleted first: it is recorded as not routed. */
  taken(ticketId: number, by?: string): Promise<void>;
  /** Everything a decision would read now, for the `routing` command. */
  snapshot(): Promise<Snapshot>;
}

const routed = (ticket: Ticket) => ({ id: ticket.id, category: ticket.category, priority: ticket.priority, ...(ticket.spaceId ? { spaceId: ticket.spaceId } : {}) });

/** Creates the router over the feature's table and sources. */
export function createRouter(config: RouterConfig): Router {
  const { table, availability } = config;

  /** Every input of a decision but the ticket. */
  async function inputs(rules: RoutingRules, now: number): Promise<Omit<DecisionInput, 'ticket'> & { names: Map<string, string> }> {
    const everyone = [...new Set(rules.groups.flatMap((g) => g.agents))];
    const [active, signals, own, loads, lastAssigned, cursors] = await Promise.all([
      config.helpdesk.activeAgents(),
      availability.signals(everyone, needsOf(rules.groups)),
      table.awayAt(now),
      loadsOf(config.db, config.vocabulary, now),
      table.lastAssigned(),
      table.cursors(),
    ]);
    const names = new Map(active.filter((a) => a.isActive).map((a) => [addressKey(a.email), a.name]));
    const agents = new Map<string, AgentNow>();
    for (const address of everyone) {
      const s: Signals = { ...(signals.get(address) ?? {}) };
      const away = own.get(address);
      if (away) s.own = away;
      agents.set(address, { active: names.has(address), signals: s, load: loads.get(address) ?? 0 });
    }
    const calendar = businessCalendar(config.slaPolicy?.current());
    return { rules, agents, lastAssigned, cursors, now, names, ...(calendar ? { calendar } : {}) };
  }

  /** What the table keeps of a decision, and the cursor it moves. */
  function settledOf(decision: Decision): [Settled, { group: string; agent: string } | undefined] {
    if ('assignee' in decision) {
      const cursor = decision.method === 'round-robin' ? { group: decision.group, agent: decision.assignee } : undefined;
      return [{ state: 'assigned', group: decision.group, assignee: decision.assignee, why: decision.why }, cursor];
    }
    if ('wait' in decision) return [{ state: 'queued', group: decision.group, why: decision.why }, undefined];
    return [{ state: 'unassigned', ...(decision.group ? { group: decision.group } : {}), why: decision.why }, undefined];
  }

  /** A hand-over the caller already wrote. */
  async function record(ticketId: number, decision: Decision, at: number, late: boolean): Promise<void> {
    const [settled, cursor] = settledOf(decision);
    await table.settle(ticketId, settled, at, cursor, { written: true, late });
  }

  async function decideNow(ticket: Ticket): Promise<{ decision: Decision; now: number }> {
    await config.rules.refresh();
    const now = config.now().getTime();
    return { decision: decide({ ...(await inputs(config.rules.current(), now)), ticket: routed(ticket) }), now };
  }

  return {
    async routeTicket(ticket) {
      // A ticket routing took up before costs one indexed read, not a decision.
      if (ticket.assignedTo || (await table.ticket(ticket.id))) return undefined;
      const { decision, now } = await decideNow(ticket);
      const [settled, cursor] = settledOf(decision);
      return (await table.claimDecided(ticket.id, settled, now, cursor)) ? decision : undefined;
    },
    async fromQueue(ticket) {
      const { decision, now } = await decideNow(ticket);
      if ('wait' in decision) return undefined;
      const [settled, cursor] = settledOf(decision);
      return (await table.settleQueued(ticket.id, settled, now, cursor)) ? decision : undefined;
    },
    async written(ticketId) {
      await table.written(ticketId, config.now().getTime());
    },
    async requeue(ticketId, group, why) {
      await table.settle(ticketId, { state: 'queued', group, why }, config.now().getTime());
    },
    async decideFor(ticket, options = {}) {
      await config.rules.refresh();
      const now = config.now().getTime();
      const input = await inputs(config.rules.current(), now);
      const passed = options.passOver === undefined ? undefined : addressKey(options.passOver);
      const agents = passed === undefined ? input.agents : new Map([...input.agents].filter(([address]) => address !== passed));
      return decide({ ...input, agents, ticket: routed(ticket) });
    },
    async handedOver(ticketId, decision, options = {}) {
      await record(ticketId, decision, options.at ?? config.now().getTime(), options.late === true);
    },
    async taken(ticketId, by) {
      const skipped = by ? [{ agent: addressKey(by), reason: { source: 'inactive' as const } }] : [];
      await table.settle(ticketId, { state: 'unassigned', why: { code: 'manual', groups: [], skipped } }, config.now().getTime());
    },
    async snapshot() {
      await config.rules.refresh();
      const rules = config.rules.current();
      const now = config.now().getTime();
      const [input, queue, today] = await Promise.all([inputs(rules, now), table.queue(50), table.assignedSince(config.dayStart(now))]);
      const groupsOf = (address: string): Group[] => rules.groups.filter((g) => g.agents.includes(address));
      const agents: AgentLine[] = [...input.agents].map(([address, a]) => {
        const groups = groupsOf(address);
        const cap = capOf(rules, address);
        const away = awayReason(a.signals, groups[0].availability, now);
        const name = input.names.get(address);
        return {
          address, ...(name ? { name } : {}), active: a.active, groups: groups.map((g) => g.name), load: a.load, ...(cap !== undefined ? { cap } : {}),
          ...(away ? { away } : {}), atCap: cap !== undefined && a.load >= cap, today: today.get(address) ?? 0,
        };
      });
      return { rules, agents, queue, failing: availability.failing(), ...(input.calendar ? { inHours: isOpen(input.calendar, now) } : {}) };
    },
  };
}

/** The minutes before an unanswered routed ticket moves on (escalation-rules.ts's `minutesOf`, over the policy in force). */
export const escalationMinutes = (group: Group, policy: PolicySource | undefined, priority: string): number | undefined => minutesOf(group, policy?.current(), priority);

/** The group a ticket goes to first (for the wiring's DM and card wording). */
export const firstGroup = (rules: RoutingRules, ticket: Ticket) => groupFor(rules, routed(ticket));

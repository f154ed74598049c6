/**
 * Routing in the poll cycle (issue 42 §3). The poller runs `afterCycle` on its lease holder only,
 * after each cycle's commit, so one replica routes at a time. Each cycle, oldest first:
 *
 * 1. Assignments claimed earlier whose write is still owed (the process died between claim and
 *    write, or Graph failed) are finished: assigned to our pick already -> done; unassigned -> written.
 *    So are agents' hand-overs (handover.ts) let go by a process that failed, or whose process died.
 * 2. The queue drains: a waiting ticket goes to whoever is free now (back, an away that ended,
 *    presence, below their cap).
 * 3. Every new ticket (no assignee, a status in the new role) is decided and its decision claimed
 *    in the store (one insert-or-nothing) before the assignment is written with the ticket's etag
 *    in If-Match. So an agent who claimed first keeps the ticket, routing never overwrites an
 *    assignment, and a ticket gets one assignment across replicas and a kill -9 at any point.
 *    The new tickets are the cycle's, and any the poller knows that routing never took up (a
 *    process died after a cycle's commit and before routing it).
 *
 * Nobody is told of an assignment here: the next poll sees it, and the notifier's DM for it (one per
 * event) says why through the feature's `assignmentReason` (routing-reason.ts). A new ticket that
 * nobody can take and whose group's fallback leaves it unassigned is said in its channels, once.
 */
import type { Kysely } from 'kysely';
import { isDone, roleOf, sameAddress, statusesWithRole } from '../../core/vocabulary';
import { HelpdeskError, type Ticket } from '../../helpdesk/types';
import { translator } from '../../i18n';
import type { CycleHook, HostServices } from '../types';
import { tellChannels } from './channel-lines';
import type { Why } from './decide';
import { finishHandOvers, handOverRun } from './handover';
import type { Router } from './router';
import { routerOf, tableOf, type RoutingServices } from './routing-services';

/** At most this many owed writes, queued tickets and unrouted tickets the poller knows are taken up per cycle; the rest next cycle. */
const PER_CYCLE = 100;
/** A ticket the poller knows that routing never took up is routed while it was modified less than this long ago. */
const UNROUTED_MS = 24 * 3_600_000;
/** Writes of one assignment per cycle while the ticket keeps changing under it (each lost write re-reads it). */
const ATTEMPTS = 3;

/** The poller's last-known ticket states, as this reader needs them. */
interface TicketStates {
  ticket_state: { id: number; status: string; assigned: string; modified: number | string };
  routing_tickets: { ticket_id: number };
}

/** The routing feature's cycle hook. */
export function routingCycle(services: RoutingServices & Pick<HostServices, 'locale'>): CycleHook {
  const { helpdesk, logger, vocabulary } = services;
  const table = tableOf(services);
  const isNew = (t: Ticket) => !t.assignedTo.trim() && roleOf(vocabulary, t.status) === 'new';

  /** A ticket as the search index the poller keeps has it (no Graph request); the write's If-Match finds out if it is stale. */
  async function indexed(id: number): Promise<Ticket | undefined> {
    const [hit] = await services.store.searchTickets({ words: [`#${id}`], limit: 1 });
    if (!hit || hit.id !== id) return undefined;
    return {
      id, etag: hit.etag, created: hit.created, modified: hit.modified, title: hit.title, description: hit.description, priority: hit.priority,
      status: hit.status, category: hit.category, submittedBy: hit.requesterName, submittedByName: hit.requesterName, submittedByEmail: hit.requesterEmail,
      assignedTo: hit.assigneeEmail, ...(hit.spaceId ? { spaceId: hit.spaceId } : {}),
    };
  }

  /** What the ticket as it is now says of a claimed assignment: already done or taken (recorded), or the version to write it on. */
  async function verdict(router: Router, assignee: string, current: Ticket): Promise<Ticket | undefined> {
    if (current.assignedTo.trim()) {
      // Our pick is on it (an earlier write landed before a crash, or another replica finished it), or someone claimed it first.
      if (sameAddress(current.assignedTo, assignee)) await router.written(current.id);
      else await router.taken(current.id, current.assignedTo);
      return undefined;
    }
    if (isDone(vocabulary, current.status)) {
      await router.taken(current.id);
      return undefined;
    }
    return current;
  }

  /**
   * Writes a claimed assignment: one PATCH guarded by the etag of the version at hand (the index's,
   * handed to `assign` whole, so it is not read first). A lost write (412) re-reads the ticket: assigned now
   * means taken (no DM of ours), unassigned means it is written again on the new version. A failure
   * that is not the ticket's (Graph unreachable) leaves it owed: the next cycle finishes it.
   */
  async function write(router: Router, ticket: Ticket, assignee: string, group: string, why: Why): Promise<void> {
    // Routing has no agent of its own: the change is made as the assignee, an active agent (no command recorded it, so the notifier tells them).
    const actor = { email: assignee, name: assignee };
    let current: Ticket | undefined = ticket;
    for (let attempt = 0; attempt < ATTEMPTS && current; attempt++) {
      const version = await verdict(router, assignee, current);
      if (!version) return;
      try {
        await helpdesk.assign(actor, ticket.id, assignee, version);
        await router.written(ticket.id);
        logger.info('routing assigned a ticket', { ticketId: ticket.id, group, method: why.code });
        return;
      } catch (err) {
        if (!(err instanceof HelpdeskError)) throw err;
        if (err.kind === 'not-found') return void (await router.taken(ticket.id));
        // The assignee is no longer an active agent: the ticket waits for someone who is.
        if (err.kind === 'forbidden' || err.kind === 'invalid') return void (await router.requeue(ticket.id, group, why));
        if (err.kind !== 'conflict') throw err;
        // Someone changed the ticket first: the conflict carries it as it is now (absent when that read failed: owed).
        current = err.details.current;
      }
    }
  }

  /** 1. Assignments claimed before whose write is still owed. */
  async function finishOwed(router: Router): Promise<void> {
    for (const owed of await table.owed(PER_CYCLE)) {
      await each(owed.ticketId, async () => {
        const ticket = await indexed(owed.ticketId);
        if (ticket) await write(router, ticket, owed.assignee, owed.group, owed.why);
      });
    }
  }

  /** 2. The queue, oldest first; once a group's ticket still waits, the rest of that group's wait too this cycle. */
  async function drainQueue(router: Router): Promise<void> {
    const waiting = new Set<string>();
    for (const queued of await table.queue(PER_CYCLE)) {
      if (waiting.has(queued.group)) continue;
      await each(queued.ticketId, async () => {
        const ticket = await indexed(queued.ticketId);
        if (!ticket) return;
        if (ticket.assignedTo.trim() || isDone(vocabulary, ticket.status)) return void (await router.taken(ticket.id, ticket.assignedTo || undefined));
        const decision = await router.fromQueue(ticket);
        if (!decision) waiting.add(queued.group);
        else if ('assignee' in decision) await write(router, ticket, decision.assignee, decision.group, decision.why);
      });
    }
  }

  /** The tickets the poller knows, unassigned in a new status, that routing never took up (their cycle's routing did not run). */
  async function unrouted(now: number, seen: ReadonlySet<number>): Promise<Ticket[]> {
    const fresh = statusesWithRole(vocabulary, 'new');
    if (fresh.length === 0) return [];
    const db = services.db as unknown as Kysely<TicketStates>;
    const rows = await db.selectFrom('ticket_state as s').leftJoin('routing_tickets as r', 'r.ticket_id', 's.id').select('s.id')
      .where('r.ticket_id', 'is', null).where('s.assigned', '=', '').where('s.status', 'in', fresh).where('s.modified', '>', now - UNROUTED_MS)
      .orderBy('s.id').limit(PER_CYCLE).execute();
    const out: Ticket[] = [];
    for (const { id } of rows) {
      if (seen.has(id)) continue;
      const ticket = await indexed(id);
      if (ticket) out.push(ticket);
    }
    return out;
  }

  /** 3. A new ticket: decided, its decision claimed, then written. */
  async function routeNew(router: Router, ticket: Ticket): Promise<void> {
    const decision = await router.routeTicket(ticket);
    if (decision && 'assignee' in decision) await write(router, ticket, decision.assignee, decision.group, decision.why);
    else if (decision && 'unassigned' in decision && decision.why.code === 'nobody') {
      // The group's fallback leaves it unassigned: its channels hear why, so an agent claims it.
      const vars = { id: ticket.id, group: decision.group ?? '' };
      await tellChannels(services, ticket.id, `routing-unassigned:${ticket.id}`, services.now().getTime(), (locale) => translator(locale)('routing:fallback.line', vars));
    }
  }

  /** One ticket's part: a failure is logged and the others go on; what it left (an owed write, an unrouted ticket) is taken up next cycle. */
  async function each(ticketId: number, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      logger.warn('routing could not finish a ticket; the next cycle takes it up again', { ticketId, error: err });
    }
  }

  return {
    async afterCycle(tickets, _comments, now) {
      const router = routerOf(services, helpdesk);
      if (!router) return;
      await finishOwed(router);
      await finishHandOvers(handOverRun(services, helpdesk, router), PER_CYCLE);
      await drainQueue(router);
      const fresh = tickets.filter(isNew).sort((a, b) => a.id - b.id);
      const stragglers = await unrouted(now, new Set(fresh.map((t) => t.id)));
      for (const ticket of [...stragglers, ...fresh]) await each(ticket.id, () => routeNew(router, ticket));
    },
    // What the bot wrote reaches the lease holder's next poll, which routes it; a replica that is
    // not the lease holder must not route (it would race the poller), and it cannot tell which it is here.
    afterWrite: async () => undefined,
  };
}

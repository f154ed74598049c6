/**
 * Each agent's load: their tickets in the new and working status roles, from the last-known state
 * the poller keeps of every ticket (the store's ticket_state; no Graph request), plus what routing
 * assigned in the last hour that the poller has not seen yet, so a burst of tickets in one cycle
 * never takes an agent past their cap.
 */
import { sql, type Kysely } from 'kysely';
import { addressKey, statusesWithRole, type RoleVocabulary } from '../../core/vocabulary';
import type { RoutingTables } from './routing-table';

/** The poller's table of last-known ticket states, as this reader needs it. */
interface TicketStates {
  ticket_state: { id: number; status: string; assigned: string };
}

const HOUR = 3_600_000;

/** Open tickets (new and working roles) per agent address key. */
export async function loadsOf(db: Kysely<any>, vocabulary: RoleVocabulary, now: number): Promise<Map<string, number>> {
  const open = [...statusesWithRole(vocabulary, 'new'), ...statusesWithRole(vocabulary, 'working')];
  const loads = new Map<string, number>();
  const states = db as Kysely<TicketStates>;
  if (open.length > 0) {
    const rows = await states.selectFrom('ticket_state').select([sql<string>`lower(assigned)`.as('agent'), (eb) => eb.fn.countAll().as('n')])
      .where('assigned', '<>', '').where('status', 'in', open).groupBy(sql`lower(assigned)`).execute();
    for (const r of rows) loads.set(addressKey(r.agent), Number(r.n));
  }
  const routed = db as Kysely<RoutingTables & TicketStates>;
  const unseen = await routed.selectFrom('routing_tickets as r').leftJoin('ticket_state as s', 's.id', 'r.ticket_id')
    .select(['r.assignee', (eb) => eb.fn.countAll().as('n')])
    .where('r.state', '=', 'assigned').where('r.settled_at', '>', now - HOUR)
    .where((eb) => eb.or([eb('s.id', 'is', null), eb(sql`lower(s.assigned)`, '<>', eb.ref('r.assignee'))]))
    .groupBy('r.assignee').execute();
  for (const r of unseen) if (r.assignee) loads.set(r.assignee, (loads.get(r.assignee) ?? 0) + Number(r.n));
  return loads;
}

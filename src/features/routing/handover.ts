/**
 * An agent's hand-over of their open tickets (the `away` answer's button), one ticket at a time,
 * safe across replicas and a kill -9 at any step, like escalation's hop: the decision is recorded
 * in routing's row before the assignment is written (handover-table.ts), so `routing` and the new
 * holder's DM name the new holder from the start; the write carries the version the decision was
 * made on in If-Match, so a ticket someone changed meanwhile stays as it is (its row goes back to
 * what it was). A write that failed (the site unavailable) is let go, and the next poll cycle
 * finishes it at once; one whose process died is finished once its aim is stale. A write whose
 * answer was lost is found on the ticket (its 412 shows it), so a ticket is written once.
 * Nobody is told here: the next poll sees the new holder, and the notifier's DM (one per event)
 * says why (routing-reason.ts).
 */
import { addressKey, sameAddress } from '../../core/vocabulary';
import { HelpdeskError, type Actor, type HelpdeskService, type Ticket } from '../../helpdesk/types';
import type { Logger } from '../../log';
import { createHandOverTable, type HandOverTable, type OwedHandOver } from './handover-table';
import type { Router } from './router';
import type { RoutingServices } from './routing-services';

/** A hand-over whose process died (its aim never let go) is taken over after this long. */
export const STALE_HANDOVER_MS = 5 * 60_000;

/** What became of one ticket of a hand-over, for the clicker's answer. */
export type Handed =
  | { ticketId: number; outcome: 'moved' | 'later' | 'refused'; to: string }
  | { ticketId: number; outcome: 'nobody' | 'changed' | 'failed' };

/** What a hand-over uses: the ticket service it writes with, its router, its table, the log and the clock. */
export interface HandOverRun {
  helpdesk: Pick<HelpdeskService, 'assign'>;
  router: Router;
  table: HandOverTable;
  logger: Logger;
  now: () => number;
}

/** A run over the feature's services. */
export function handOverRun(services: Pick<RoutingServices, 'db' | 'logger' | 'now'>, helpdesk: Pick<HelpdeskService, 'assign'>, router: Router): HandOverRun {
  return { helpdesk, router, table: createHandOverTable(services.db), logger: services.logger, now: () => services.now().getTime() };
}

/**
 * Sends an owed hand-over's write: `moved` when the assignment is on the ticket (written now, or
 * found there by its 412), `changed` or `refused` when it will not happen (the ticket changed or is
 * gone; the new holder is no longer an agent). Throws when the site's answer is not known: it stays owed.
 */
async function send(run: HandOverRun, owed: OwedHandOver, actor: Actor): Promise<'moved' | 'changed' | 'refused'> {
  try {
    await run.helpdesk.assign(actor, owed.ticketId, owed.to, owed.ifMatch);
    return 'moved';
  } catch (e) {
    // Only the ticket's own answers are handled; the site unreachable or failing leaves the write owed.
    if (!(e instanceof HelpdeskError) || e.kind === 'unavailable') throw e;
    if (e.kind === 'conflict') {
      // A 412 without the ticket as it is (that read failed too): not known, so owed.
      if (!e.details.current) throw e;
      // A 412 that shows this very assignment: the write landed before (its answer lost, or its process died after it).
      return sameAddress(e.details.current.assignedTo, owed.to) ? 'moved' : 'changed';
    }
    return e.kind === 'not-found' ? 'changed' : 'refused';
  }
}

/** Records how an owed hand-over ended: written (the new holder's time counts from when it was sent), or the row as it was. */
async function record(run: HandOverRun, owed: OwedHandOver, end: 'moved' | 'changed' | 'refused'): Promise<void> {
  if (end === 'moved') await run.table.written(owed.ticketId, owed.aimedAt);
  else await run.table.drop(owed);
}

/**
 * Hands one of `from`'s open tickets (as read, with its etag) to whoever routing would pick now:
 * decided, recorded, written, recorded as written. A hand-over of it already owed is finished here
 * when its process let it go or died, else left to the one on it.
 */
export async function handOne(run: HandOverRun, ticket: Ticket, from: Actor): Promise<Handed> {
  const id = ticket.id;
  let owed = await run.table.owedOf(id);
  if (owed) {
    const at = run.now();
    if (!(await run.table.takeOver(owed, at, at - STALE_HANDOVER_MS))) return { ticketId: id, outcome: 'later', to: owed.to };
    owed = { ...owed, aimedAt: at };
  } else {
    const decision = await run.router.decideFor(ticket);
    if (!('assignee' in decision) || sameAddress(decision.assignee, from.email)) return { ticketId: id, outcome: 'nobody' };
    const at = run.now();
    try {
      if (!(await run.table.aim(id, addressKey(from.email), ticket.etag, decision, at))) {
        // Another click or process recorded a hand-over of it a moment ago: it finishes it.
        return { ticketId: id, outcome: 'later', to: (await run.table.owedOf(id))?.to ?? decision.assignee };
      }
    } catch (err) {
      // The store refused the record: nothing is written and nothing is owed; the ticket stays with its holder.
      run.logger.warn('a hand-over could not be recorded; the ticket stays with its holder', { ticketId: id, error: err });
      return { ticketId: id, outcome: 'failed' };
    }
    owed = { ticketId: id, from: addressKey(from.email), to: decision.assignee, ifMatch: ticket.etag, aimedAt: at };
  }
  let end: 'moved' | 'changed' | 'refused';
  try {
    end = await send(run, owed, from);
  } catch (err) {
    // The site did not answer (after the client's retries): let go, so the next poll cycle writes it at once.
    run.logger.warn('a hand-over could not be written; the next cycle finishes it', { ticketId: id, error: err });
    await run.table.release(owed).catch(() => undefined);
    return { ticketId: id, outcome: 'later', to: owed.to };
  }
  try {
    await record(run, owed, end);
  } catch (err) {
    // The store failed after the site answered: what the site did stands, and the next cycle records it (its 412 shows the write).
    run.logger.warn('a hand-over\'s end could not be recorded; the next cycle records it', { ticketId: id, error: err });
    await run.table.release(owed).catch(() => undefined);
  }
  if (end === 'changed') return { ticketId: id, outcome: 'changed' };
  return { ticketId: id, outcome: end, to: owed.to };
}

/**
 * The poll cycle's part: every owed hand-over let go, or whose process died (stale), is taken over
 * by one caller and finished once. One ticket's failure is logged and leaves it owed; the others go on.
 */
export async function finishHandOvers(run: HandOverRun, limit: number): Promise<void> {
  for (const found of await run.table.owed(limit)) {
    const at = run.now();
    try {
      if (!(await run.table.takeOver(found, at, at - STALE_HANDOVER_MS))) continue;
      const owed = { ...found, aimedAt: at };
      try {
        const end = await send(run, owed, { email: owed.from, name: owed.from });
        await record(run, owed, end);
        run.logger.info('routing finished a hand-over', { ticketId: owed.ticketId, to: owed.to, end });
      } catch (err) {
        // Any failure: this process is out of it, so it lets it go and the next cycle takes it over at once.
        await run.table.release(owed).catch(() => undefined);
        throw err;
      }
    } catch (err) {
      // The site unavailable, the store busy: the hand-over stays owed for the next cycle.
      run.logger.warn('routing could not finish a hand-over; the next cycle takes it up again', { ticketId: found.ticketId, error: err });
    }
  }
}

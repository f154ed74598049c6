/**
 * How a ticket change is written: guarded by the version the person acted on, with as few Graph
 * requests as that version allows, and a lost race turned into a conflict that shows the ticket as
 * it is now and who holds it. The actions (ticket-actions.ts) only decide what to write.
 */
import type { TicketSchema } from './ticket-schema';
import { errorOf, say } from './error-messages';
import { isGraphError } from '../graph/errors';
import type { ServiceContext } from './context';
import { guarded } from './errors';
import { TICKET, ticketFields, toTicket, type TicketWrite } from './fields';
import { fetchTicket } from './ticket-queries';
import { inSpace } from './access';
import type { Actor, Changed, HelpdeskError, Ticket } from './types';
import { claimedBy, holderNames, otherHolder } from './claim-conflict';

/**
 * The conflict for a change that lost to another version: for a claim, what claim-conflict.ts
 * decides (who holds it now); for any change, who holds it, so the answer can name them.
 */
async function conflictWith(ctx: ServiceContext, actor: Actor, id: number, current: Ticket | undefined, cause: unknown, claiming: boolean): Promise<HelpdeskError> {
  // The agents list is read (cached) only when someone holds the ticket.
  const names = current?.assignedTo ? await holderNames(ctx) : undefined;
  const holder = current && names ? otherHolder(current, actor.email, names) : undefined;
  if (current && holder && claiming) return claimedBy(id, current, holder, cause);
  return errorOf('conflict', say('changedBySomeoneElse', { id }), { current, holder, cause });
}

/** The error for an etag mismatch: refetches so the person sees who changed what, and who holds it now. */
async function conflictError(ctx: ServiceContext, actor: Actor, id: number, cause: unknown, claiming: boolean): Promise<HelpdeskError> {
  let current: Ticket | undefined;
  try {
    current = await fetchTicket(ctx, id);
  } catch (err) {
    // The write was refused either way: the conflict is told without the ticket as it is now (the answer reads it, or says it could not).
    ctx.logger.warn('ticket unreadable after a refused write; the conflict is told without it', { component: 'helpdesk', ticketId: id, error: err });
  }
  return conflictWith(ctx, actor, id, current, cause, claiming);
}

/**
 * The ticket as a PATCH .../fields answer shows it (Graph returns the whole field set with the
 * new @odata.etag), or undefined when the answer lacks what a ticket needs, so it is read instead.
 */
function fromPatchAnswer(id: number, body: Record<string, unknown>, schema: TicketSchema): Ticket | undefined {
  const etag = body['@odata.etag'];
  if (typeof etag !== 'string' || !etag || typeof body[TICKET.status] !== 'string' || typeof body.Modified !== 'string') return undefined;
  return toTicket({ id: String(id), etag, createdDateTime: '', lastModifiedDateTime: '', fields: body }, schema);
}

/** PATCHes only the given fields guarded by `ifMatch` and returns the ticket as the answer shows it; a 412 is thrown as Graph's conflict. */
async function patch(ctx: ServiceContext, id: number, changes: TicketWrite, ifMatch: string): Promise<Ticket> {
  const answer = await guarded(`Ticket #${id}`, ctx.logger, () => ctx.graph.updateFields('SD_Tickets', String(id), ticketFields(changes), ifMatch));
  const ticket = fromPatchAnswer(id, answer, ctx.columns.current());
  if (ticket && inSpace(ctx, ticket)) {
    ctx.seen.remember(ticket);
    return ticket;
  }
  return fetchTicket(ctx, id);
}

/** PATCHes only the given fields, guarded by `etag` (`*` when undefined), and returns the ticket as the answer shows it. */
export async function write(ctx: ServiceContext, actor: Actor, id: number, changes: TicketWrite, etag: string | undefined, claiming = false): Promise<Ticket> {
  try {
    return await patch(ctx, id, changes, etag ?? '*');
  } catch (err) {
    if (isGraphError(err, 'conflict')) {
      ctx.seen.forget(id);
      throw await conflictError(ctx, actor, id, err, claiming);
    }
    throw err;
  }
}

/** The ticket as it is, returned unwritten: the change asked for is already true. */
export function unchanged(ticket: Ticket): Changed {
  return { ticket, outcome: 'unchanged' };
}

/** What a guarded change writes to a given version of the ticket; undefined when that version already is so. May throw (e.g. someone else holds it). */
export type Decide = (ticket: Ticket) => TicketWrite | undefined;

/**
 * Makes a change honestly with as few Graph requests as the version at hand allows. `version` is
 * the version the person acted on: its etag (a card's, `*` or none for a typed command, which then
 * acts on the latest version this service saw), or the ticket itself when the caller holds it (the
 * poller's index). When that version is known here and the change differs from it, the PATCH goes
 * straight out guarded by its etag: if it succeeds the ticket was exactly that version, so
 * something really changed. Otherwise (nothing known, a known version that already looks done, a
 * 412) the ticket is read first and a change that changes nothing writes nothing. A version that
 * is no longer the ticket's is a conflict showing the ticket as it is now, never a silent overwrite.
 */
export async function change(ctx: ServiceContext, actor: Actor, id: number, version: string | Ticket | undefined, decide: Decide, claiming = false): Promise<Changed> {
  const etag = typeof version === 'object' ? version.etag : version;
  const anyVersion = etag === undefined || etag === '*';
  const seen = typeof version === 'object' ? version : ctx.seen.get(id);
  const known = seen?.etag && (anyVersion || seen.etag === etag) ? seen : undefined;
  const straight = known ? wouldWrite(decide, known) : undefined;
  if (known && straight) {
    try {
      return { ticket: await patch(ctx, id, straight, known.etag), outcome: 'saved' };
    } catch (err) {
      if (!isGraphError(err, 'conflict')) throw err;
      ctx.seen.forget(id);
    }
  }
  const current = await fetchTicket(ctx, id);
  const w = decide(current);
  if (!w) return unchanged(current);
  // The card's version is not the ticket's any more: the If-Match would be refused, so say so now.
  if (!anyVersion && etag !== current.etag) throw await conflictWith(ctx, actor, id, current, undefined, claiming);
  return { ticket: await write(ctx, actor, id, w, etag ?? (claiming ? current.etag : undefined), claiming), outcome: 'saved' };
}

/** What `decide` would write to a remembered version; undefined when it would not write or would refuse (then the ticket is read and decided again). */
function wouldWrite(decide: Decide, known: Ticket): TicketWrite | undefined {
  try {
    return decide(known);
  } catch {
    // A refusal on a remembered version is not trusted (it may be stale): the ticket is read and decided again, and a refusal then is thrown.
    return undefined;
  }
}

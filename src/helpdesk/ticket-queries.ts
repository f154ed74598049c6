/** Reading tickets: one ticket with access checks, and lists built from the spec's filter forms. */
import { errorOf, say, type Message } from './error-messages';
import { f, type Filter } from '../graph/odata';
import type { ListQuery } from '../graph/types';
import { inSpace, isOwner, notYours } from './access';
import type { ServiceContext } from './context';
import { guarded } from './errors';
import { ORDER, TICKET, toTicket } from './fields';
import { type Actor, type Ticket, type TicketQuery } from './types';
import { limit as checkLimit, oneOf } from './validate';

/** Reads a ticket as the system (no person): not-found when missing or outside the configured space. */
export async function fetchTicket(ctx: ServiceContext, id: number, notFound: Message = say('ticketNotFound', { id })): Promise<Ticket> {
  if (!Number.isInteger(id) || id < 1) throw errorOf('invalid', say('notATicketNumber', { id }), { field: 'id' });
  const ticket = await guarded(`Ticket #${id}`, ctx.logger, async () => toTicket(await ctx.graph.getItem('SD_Tickets', String(id)), ctx.columns.current()), notFound);
  if (!inSpace(ctx, ticket)) throw errorOf('not-found', notFound);
  ctx.seen.remember(ticket);
  return ticket;
}

/** Reads a ticket as `actor`: requesters get 'not-found' for tickets that are not theirs. */
export async function readTicket(ctx: ServiceContext, actor: Actor, id: number): Promise<{ ticket: Ticket; agent: boolean }> {
  const agent = await ctx.agents.isAgent(actor.email);
  const ticket = await fetchTicket(ctx, id, agent ? undefined : notYours(id));
  if (!agent && !isOwner(actor, ticket)) throw errorOf('not-found', notYours(id));
  return { ticket, agent };
}

/** Builds the Graph filter for a query; requesters are always limited to their own tickets. */
export function ticketFilter(ctx: ServiceContext, q: TicketQuery, ownerEmail?: string): Filter | undefined {
  const v = ctx.vocabulary;
  const parts: Filter[] = [];
  if (q.status !== undefined) parts.push(f.eq(TICKET.status, oneOf('status', q.status, v.statuses)));
  if (q.open) parts.push(f.anyOf(TICKET.status, v.openStatuses));
  if (q.statuses?.length) parts.push(f.anyOf(TICKET.status, q.statuses.map((s) => oneOf('status', s, v.statuses))));
  if (q.highPriority) parts.push(f.anyOf(TICKET.priority, v.highPriorities));
  if (q.assignedTo !== undefined && q.assignedTo.trim() !== '') parts.push(f.eq(TICKET.assignedTo, q.assignedTo.trim()));
  const submitter = ownerEmail ?? q.submittedBy?.trim();
  if (submitter) parts.push(f.eq(TICKET.submittedByEmail, submitter));
  const space = ctx.settings.spaceId ?? q.spaceId?.trim();
  if (space) parts.push(f.eq(TICKET.spaceId, space));
  if (q.category !== undefined) parts.push(f.eq(TICKET.category, oneOf('category', q.category, v.categories)));
  if (q.modifiedSince !== undefined) {
    if (!(q.modifiedSince instanceof Date) || Number.isNaN(q.modifiedSince.getTime())) {
      throw errorOf('invalid', say('badModifiedSince'), { field: 'modifiedSince' });
    }
    parts.push(f.ge(TICKET.modified, q.modifiedSince));
  }
  return parts.length ? f.and(...parts) : undefined;
}

// Page size when some tickets are dropped after reading (unassigned): the spec shows no filter
// form for an empty field, so those are filtered here and more pages are read as needed.
const SCAN_PAGE = 200;

/** Lists tickets for `actor`, newest change first unless asked otherwise. */
export async function listTickets(ctx: ServiceContext, actor: Actor, q: TicketQuery): Promise<Ticket[]> {
  const agent = await ctx.agents.isAgent(actor.email);
  const wanted = checkLimit(q.limit);
  const filter = ticketFilter(ctx, q, agent ? undefined : actor.email.trim());
  const keep = (t: Ticket) =>
    (agent || isOwner(actor, t)) &&
    inSpace(ctx, t) &&
    (!q.unassigned || t.assignedTo.trim() === '');
  const scanning = !!q.unassigned;
  const query: ListQuery = {
    filter,
    orderby: q.order === 'asc' ? ORDER.modifiedAsc : ORDER.modifiedDesc,
    top: scanning ? Math.max(wanted, SCAN_PAGE) : wanted,
  };
  return guarded('The ticket list', ctx.logger, async () => {
    const out: Ticket[] = [];
    let next: string | undefined;
    do {
      const page = await ctx.graph.listPage('SD_Tickets', query, next);
      const schema = ctx.columns.current();
      for (const item of page.items) {
        const t = toTicket(item, schema);
        if (inSpace(ctx, t)) ctx.seen.remember(t);
        if (keep(t)) out.push(t);
        if (out.length >= wanted) return out;
      }
      next = scanning ? page.nextLink : undefined;
    } while (next);
    return out;
  });
}

/** Changing tickets: create, edit, claim, assign, status, priority, resolve, delete. */
import { errorOf, say } from './messages';
import { SPEC_STATUS, isDone, reopenStatus, sameText, statusNamed } from '../core/vocabulary';
import { isGraphError } from '../graph/errors';
import { agentsOnly, requireAgent } from './access';
import { postComment } from './comments';
import type { ServiceContext } from './context';
import { guarded } from './errors';
import { TICKET, ticketFields, toTicket, type TicketWrite } from './fields';
import { fetchTicket, readTicket } from './ticket-queries';
import { inSpace } from './access';
import { HelpdeskError, LIMITS, type Actor, type Changed, type Claimed, type Holder, type NewTicket, type Resolved, type Ticket } from './types';
import { newTicket, oneOf, sameAddress, text, ticketEdit } from './validate';

const STATUS = SPEC_STATUS;

/** The configured spelling of a spec status, or the spec's own word if the vocabulary lacks it. */
function status(ctx: ServiceContext, word: string): string {
  return statusNamed(ctx.vocabulary, word);
}

/** The agent other than `actor` who holds the ticket, if any: the one place that decides "someone else has it". */
async function otherHolder(ctx: ServiceContext, actor: Actor, current: Ticket): Promise<Holder | undefined> {
  if (!current.assignedTo || sameAddress(current.assignedTo, actor.email)) return undefined;
  const name = await ctx.agents.nameOf(current.assignedTo).catch(() => current.assignedTo);
  return { email: current.assignedTo, name };
}

/** The conflict for a claim that lost to someone who holds the ticket. */
function claimedBy(id: number, current: Ticket, holder: Holder, cause?: unknown): HelpdeskError {
  return errorOf('conflict', say('alreadyClaimed', { id, holder: holder.name }), { current, holder, cause });
}

/** The error for an etag mismatch: refetches so the person sees who changed what, and who holds it now. */
async function conflictError(ctx: ServiceContext, actor: Actor, id: number, cause: unknown, claiming: boolean): Promise<HelpdeskError> {
  const current = await fetchTicket(ctx, id).catch(() => undefined);
  const holder = current ? await otherHolder(ctx, actor, current) : undefined;
  if (current && holder && claiming) return claimedBy(id, current, holder, cause);
  return errorOf('conflict', say('changedBySomeoneElse', { id }), { current, holder, cause });
}

/** With a configured space, a ticket outside it is 'not found' before anything is written. */
async function checkSpace(ctx: ServiceContext, id: number): Promise<void> {
  if (ctx.settings.spaceId) await fetchTicket(ctx, id);
}

/**
 * The ticket as a PATCH .../fields answer shows it (Graph returns the whole field set with the
 * new @odata.etag), or undefined when the answer lacks what a ticket needs, so it is read instead.
 */
function fromPatchAnswer(id: number, body: Record<string, unknown>): Ticket | undefined {
  const etag = body['@odata.etag'];
  if (typeof etag !== 'string' || !etag || typeof body[TICKET.status] !== 'string' || typeof body.Modified !== 'string') return undefined;
  return toTicket({ id: String(id), etag, createdDateTime: '', lastModifiedDateTime: '', fields: body });
}

/** PATCHes only the given fields, guarded by `etag` (`*` when undefined), and returns the ticket as the answer shows it. */
async function write(ctx: ServiceContext, actor: Actor, id: number, changes: TicketWrite, etag: string | undefined, claiming = false): Promise<Ticket> {
  let answer: Record<string, unknown>;
  try {
    answer = await guarded(`Ticket #${id}`, ctx.logger, () => ctx.graph.updateFields('SD_Tickets', String(id), ticketFields(changes), etag ?? '*'));
  } catch (err) {
    if (isGraphError(err, 'conflict')) throw await conflictError(ctx, actor, id, err, claiming);
    throw err;
  }
  const ticket = fromPatchAnswer(id, answer);
  if (ticket && inSpace(ctx, ticket)) return ticket;
  return fetchTicket(ctx, id);
}

/** The ticket as it is, returned unwritten: the change asked for is already true. */
function unchanged(ticket: Ticket): Changed {
  return { ticket, outcome: 'unchanged' };
}

/** Creates a ticket as `actor` with status New, in the configured space if any. */
export async function createTicket(ctx: ServiceContext, actor: Actor, input: NewTicket): Promise<Ticket> {
  const checked = newTicket(ctx.vocabulary, input);
  const email = actor.email.trim();
  if (!email) throw errorOf('invalid', say('noEmail'), { field: 'email' });
  const fields = ticketFields({
    title: checked.title,
    description: checked.description,
    priority: checked.priority,
    category: checked.category,
    status: status(ctx, STATUS.new),
    submittedBy: email,
    submittedByEmail: email,
    submittedByName: actor.name,
    spaceId: ctx.settings.spaceId,
  });
  return guarded('The new ticket', ctx.logger, async () => toTicket(await ctx.graph.createItem('SD_Tickets', fields)));
}

/**
 * Edits title, description, priority or category; requesters only on their own tickets. Only
 * fields that differ from the ticket as it is are written; none differ -> unchanged, no write.
 */
export async function updateTicket(ctx: ServiceContext, actor: Actor, id: number, changes: Partial<NewTicket>, etag?: string): Promise<Changed> {
  const checked = ticketEdit(ctx.vocabulary, changes);
  const { ticket, agent } = await readTicket(ctx, actor, id);
  // Priority is triage, which is the agents' call; requesters may reword their own ticket.
  if (!agent && checked.priority !== undefined && checked.priority !== ticket.priority) {
    throw agentsOnly('priority');
  }
  // Category is triage too; a requester rewords her own ticket while it is open.
  if (!agent && checked.category !== undefined && checked.category !== ticket.category) {
    throw agentsOnly('category');
  }
  if (!agent && isDone(ticket.status)) {
    throw errorOf('forbidden', say('reopenFirst', { id, status: ticket.status }));
  }
  const w: TicketWrite = {};
  if (checked.title !== undefined && checked.title !== ticket.title) w.title = checked.title;
  if (checked.description !== undefined && checked.description !== ticket.description) w.description = checked.description;
  if (checked.priority !== undefined && checked.priority !== ticket.priority) w.priority = checked.priority;
  if (checked.category !== undefined && checked.category !== ticket.category) w.category = checked.category;
  if (Object.keys(w).length === 0) return unchanged(ticket);
  return { ticket: await write(ctx, actor, id, w, etag), outcome: 'saved' };
}

/**
 * Assigns the ticket to the acting agent, guarded by the etag they saw. A ticket someone else
 * holds is never taken silently, typed or clicked: it is a conflict naming the holder, unless
 * the agent confirmed `takeOver` (then the etag they confirmed on guards the write).
 */
export async function claim(ctx: ServiceContext, actor: Actor, id: number, etag?: string, options: { takeOver?: boolean } = {}): Promise<Claimed> {
  await requireAgent(ctx, actor, 'claim');
  const me = (await ctx.agents.find(actor.email))?.email ?? actor.email.trim();
  const current = await fetchTicket(ctx, id);
  const holder = await otherHolder(ctx, { ...actor, email: me }, current);
  if (holder && !options.takeOver) throw claimedBy(id, current, holder);
  if (sameAddress(current.assignedTo, me)) return { ticket: current, outcome: 'unchanged' };
  try {
    return { ticket: await write(ctx, actor, id, { assignedTo: me, status: status(ctx, STATUS.assigned) }, etag ?? current.etag, true), outcome: 'saved' };
  } catch (err) {
    // A second click on the same card after the claim went through is not a conflict.
    const now = err instanceof HelpdeskError && err.kind === 'conflict' ? err.details.current : undefined;
    if (now && sameAddress(now.assignedTo, me)) return { ticket: now, outcome: 'unchanged' };
    throw err;
  }
}

/** Assigns the ticket to an active agent; a New ticket becomes Assigned. */
export async function assign(ctx: ServiceContext, actor: Actor, id: number, assigneeEmail: string, etag?: string): Promise<Ticket> {
  await requireAgent(ctx, actor, 'assign');
  const address = typeof assigneeEmail === 'string' ? assigneeEmail.trim() : '';
  if (!address) throw errorOf('invalid', say('assignWho'), { field: 'assignee' });
  const agent = await ctx.agents.find(address);
  if (!agent) throw errorOf('invalid', say('notAnAgent', { address }), { field: 'assignee' });
  const current = await fetchTicket(ctx, id);
  const w: TicketWrite = { assignedTo: agent.email };
  if (sameText(current.status, STATUS.new)) w.status = status(ctx, STATUS.assigned);
  return write(ctx, actor, id, w, etag);
}

/** Sets a status from the vocabulary; the status it already has is unchanged, unwritten. */
export async function setStatus(ctx: ServiceContext, actor: Actor, id: number, value: string, etag?: string): Promise<Changed> {
  await requireAgent(ctx, actor, 'status');
  const checked = oneOf('status', value, ctx.vocabulary.statuses);
  const current = await fetchTicket(ctx, id);
  if (sameText(current.status, checked)) return unchanged(current);
  return { ticket: await write(ctx, actor, id, { status: checked }, etag), outcome: 'saved' };
}

/** Sets a priority from the vocabulary; the priority it already has is unchanged, unwritten. */
export async function setPriority(ctx: ServiceContext, actor: Actor, id: number, value: string, etag?: string): Promise<Changed> {
  await requireAgent(ctx, actor, 'priority');
  const checked = oneOf('priority', value, ctx.vocabulary.priorities);
  const current = await fetchTicket(ctx, id);
  if (sameText(current.priority, checked)) return unchanged(current);
  return { ticket: await write(ctx, actor, id, { priority: checked }, etag), outcome: 'saved' };
}

/**
 * Resolves the ticket; a note is posted as a public comment titled "Resolution". A ticket that
 * is already done is left alone: no write and no second resolution comment.
 */
export async function resolve(ctx: ServiceContext, actor: Actor, id: number, note?: string, etag?: string): Promise<Resolved> {
  await requireAgent(ctx, actor, 'resolve');
  const checkedNote = text('note', note, { max: LIMITS.comment });
  const current = await fetchTicket(ctx, id);
  if (isDone(current.status)) return unchanged(current);
  const ticket = await write(ctx, actor, id, { status: status(ctx, STATUS.resolved) }, etag);
  if (!checkedNote) return { ticket, outcome: 'saved' };
  return { ticket, outcome: 'saved', note: await postComment(ctx, actor, id, checkedNote, { internal: false, title: 'Resolution' }) };
}
/**
 * Reopens a done ticket: its requester or an agent, with a reason that is posted as a public
 * comment titled "Reopened" after the status is written (guarded by the etag they saw). A ticket
 * that is not done is unchanged: nothing is written and no comment is posted.
 */
export async function reopen(ctx: ServiceContext, actor: Actor, id: number, reason: string, etag?: string): Promise<Changed> {
  const checked = text('reason', reason, { required: true, max: LIMITS.comment }) as string;
  const { ticket } = await readTicket(ctx, actor, id);
  if (!isDone(ticket.status)) return unchanged(ticket);
  const reopened = await write(ctx, actor, id, { status: reopenStatus(ctx.vocabulary, ticket.assignedTo !== '') }, etag ?? ticket.etag);
  await postComment(ctx, actor, id, checked, { internal: false, title: 'Reopened' });
  return { ticket: reopened, outcome: 'saved' };
}

/** Deletes a ticket (agents only). */
export async function deleteTicket(ctx: ServiceContext, actor: Actor, id: number): Promise<void> {
  await requireAgent(ctx, actor, 'delete');
  await fetchTicket(ctx, id);
  await guarded(`Ticket #${id}`, ctx.logger, () => ctx.graph.deleteItem('SD_Tickets', String(id)));
}

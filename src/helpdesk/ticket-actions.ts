/** Changing tickets: create, edit, claim, assign, status, priority, resolve, delete. How a change is written: ticket-writes.ts. */
import { errorOf, say } from './error-messages';
import { assignedStatus, isDone, newStatus, reopenStatus, resolvedStatus, roleOf, sameText } from '../core/vocabulary';
import { agentsOnly, requireAgent } from './access';
import { postComment } from './comments';
import type { ServiceContext } from './context';
import { guarded } from './errors';
import { ticketFields, toTicket, type TicketWrite } from './fields';
import { fetchTicket, readTicket } from './ticket-queries';
import { change, unchanged, write, type Decide } from './ticket-writes';
import { alreadyMine, claimMeets, holderNames } from './claim-conflict';
import { LIMITS, type Actor, type Changed, type Claimed, type NewTicket, type Resolved, type Ticket } from './types';
import { bringsUnknown, schemaFor } from './site-columns';
import { newTicket, oneOf, text, ticketEdit } from './validate';

/** Creates a ticket as `actor` with the new status (New by default), in the configured space, else the one asked for, if any. */
export async function createTicket(ctx: ServiceContext, actor: Actor, input: NewTicket): Promise<Ticket> {
  const schema = await schemaFor(ctx.columns, { priority: input.priority, category: input.category }, input.extra);
  const checked = newTicket(ctx.vocabulary, input, schema);
  const email = actor.email.trim();
  if (!email) throw errorOf('invalid', say('noEmail'), { field: 'email' });
  const fields = ticketFields({
    title: checked.title,
    description: checked.description,
    priority: checked.priority,
    category: checked.category,
    status: newStatus(ctx.vocabulary),
    submittedBy: email,
    submittedByEmail: email,
    submittedByName: actor.name,
    spaceId: ctx.settings.spaceId ?? (input.spaceId?.trim() || undefined),
    extra: checked.extra,
  });
  const ticket = await guarded('The new ticket', ctx.logger, async () => toTicket(await ctx.graph.createItem('SD_Tickets', fields), schema));
  ctx.seen.remember(ticket);
  return ticket;
}

/**
 * Edits title, description, priority or category; requesters only on their own tickets. Only
 * fields that differ from the ticket as it is are written; none differ -> unchanged, no write.
 */
export async function updateTicket(ctx: ServiceContext, actor: Actor, id: number, changes: Partial<NewTicket>, etag?: string): Promise<Changed> {
  const schema = await schemaFor(ctx.columns, { priority: changes.priority, category: changes.category }, changes.extra);
  // A value the site removed from a choice column, or one an extra column's new type does not fit, is
  // no change while the ticket still holds it (an edit form sends it back): the ticket is read first.
  const held = bringsUnknown(schema, { priority: changes.priority, category: changes.category }) || Object.keys(changes.extra ?? {}).length > 0;
  const read = held ? await readTicket(ctx, actor, id) : undefined;
  const kept = read ? withoutHeld(changes, read.ticket) : changes;
  const checked = ticketEdit(ctx.vocabulary, kept, schema);
  const { ticket, agent } = read ?? (await readTicket(ctx, actor, id));
  // Priority is triage, which is the agents' call; requesters may reword their own ticket.
  if (!agent && checked.priority !== undefined && checked.priority !== ticket.priority) {
    throw agentsOnly('priority');
  }
  // Category is triage too; a requester rewords her own ticket while it is open.
  if (!agent && checked.category !== undefined && checked.category !== ticket.category) {
    throw agentsOnly('category');
  }
  if (!agent && isDone(ctx.vocabulary, ticket.status)) {
    throw errorOf('forbidden', say('reopenFirst', { id, status: ticket.status }));
  }
  const w: TicketWrite = {};
  if (checked.title !== undefined && checked.title !== ticket.title) w.title = checked.title;
  if (checked.description !== undefined && checked.description !== ticket.description) w.description = checked.description;
  if (checked.priority !== undefined && checked.priority !== ticket.priority) w.priority = checked.priority;
  if (checked.category !== undefined && checked.category !== ticket.category) w.category = checked.category;
  const extra = changedExtra(checked.extra, ticket);
  if (extra) w.extra = extra;
  if (Object.keys(w).length === 0) return unchanged(ticket);
  return { ticket: await write(ctx, actor, id, w, etag), outcome: 'saved' };
}

/** The edit without the priority, category or extra values the ticket already holds (which may no longer be a choice, or fit the column's type). */
function withoutHeld(changes: Partial<NewTicket>, ticket: Ticket): Partial<NewTicket> {
  const out = { ...changes };
  if (out.priority !== undefined && sameText(out.priority, ticket.priority)) delete out.priority;
  if (out.category !== undefined && sameText(out.category, ticket.category)) delete out.category;
  if (out.extra) {
    const extra = { ...out.extra };
    for (const [name, value] of Object.entries(extra)) {
      const now = ticket.extra?.[name];
      if (value !== null && value !== undefined && now !== undefined && sameText(String(value), String(now))) delete extra[name];
    }
    out.extra = extra;
  }
  return out;
}

/** The extra values that differ from the ticket's; undefined when none does. */
function changedExtra(extra: TicketWrite['extra'], ticket: Ticket): TicketWrite['extra'] {
  let out: TicketWrite['extra'];
  for (const [name, value] of Object.entries(extra ?? {})) {
    const now = ticket.extra?.[name];
    if (value === null ? now === undefined : value === now) continue;
    (out ??= {})[name] = value;
  }
  return out;
}

/**
 * Assigns the ticket to the acting agent, guarded by the etag they saw. A ticket someone else
 * holds is never taken silently, typed or clicked: it is a conflict naming the holder, unless
 * the agent confirmed `takeOver` (then the etag they confirmed on guards the write).
 */
export async function claim(ctx: ServiceContext, actor: Actor, id: number, etag?: string, options: { takeOver?: boolean } = {}): Promise<Claimed> {
  await requireAgent(ctx, actor, 'claim');
  const me = (await ctx.agents.find(actor.email))?.email ?? actor.email.trim();
  // The holder's name comes from the cached agents list, so deciding needs no request.
  const names = await holderNames(ctx);
  const decide: Decide = (current) => (claimMeets(id, current, me, names, options.takeOver === true) === 'mine' ? undefined : { assignedTo: me, status: assignedStatus(ctx.vocabulary) });
  try {
    return await change(ctx, actor, id, etag, decide, true);
  } catch (err) {
    // A second click on the same card after the claim went through is not a conflict.
    const mine = alreadyMine(err, me);
    if (mine) return { ticket: mine, outcome: 'unchanged' };
    throw err;
  }
}

/**
 * Assigns the ticket to an active agent; a new ticket becomes assigned (a working status). Guarded
 * by `version`, the etag the person saw, or the whole version a caller acted on (routing, from the
 * poller's index): then one PATCH with its etag, and no read unless it is refused.
 */
export async function assign(ctx: ServiceContext, actor: Actor, id: number, assigneeEmail: string, version?: string | Ticket): Promise<Ticket> {
  await requireAgent(ctx, actor, 'assign');
  const address = typeof assigneeEmail === 'string' ? assigneeEmail.trim() : '';
  if (!address) throw errorOf('invalid', say('assignWho'), { field: 'assignee' });
  const agent = await ctx.agents.find(address);
  if (!agent) throw errorOf('invalid', say('notAnAgent', { address }), { field: 'assignee' });
  const decide: Decide = (current) => {
    const w: TicketWrite = { assignedTo: agent.email };
    if (roleOf(ctx.vocabulary, current.status) === 'new') w.status = assignedStatus(ctx.vocabulary);
    return w;
  };
  return (await change(ctx, actor, id, version, decide)).ticket;
}

/** Sets a status from the vocabulary; the status it already has is unchanged, unwritten. */
export async function setStatus(ctx: ServiceContext, actor: Actor, id: number, value: string, etag?: string): Promise<Changed> {
  await requireAgent(ctx, actor, 'status');
  await schemaFor(ctx.columns, { status: value });
  const checked = oneOf('status', value, ctx.vocabulary.statuses);
  return change(ctx, actor, id, etag, (current) => (sameText(current.status, checked) ? undefined : { status: checked }));
}

/** Sets a priority from the vocabulary; the priority it already has is unchanged, unwritten. */
export async function setPriority(ctx: ServiceContext, actor: Actor, id: number, value: string, etag?: string): Promise<Changed> {
  await requireAgent(ctx, actor, 'priority');
  await schemaFor(ctx.columns, { priority: value });
  const checked = oneOf('priority', value, ctx.vocabulary.priorities);
  return change(ctx, actor, id, etag, (current) => (sameText(current.priority, checked) ? undefined : { priority: checked }));
}

/**
 * Resolves the ticket; a note is posted as a public comment titled "Resolution". A ticket that
 * is already done is left alone: no write and no second resolution comment.
 */
export async function resolve(ctx: ServiceContext, actor: Actor, id: number, note?: string, etag?: string): Promise<Resolved> {
  await requireAgent(ctx, actor, 'resolve');
  const checkedNote = text('note', note, { max: LIMITS.comment });
  const { ticket, outcome } = await change(ctx, actor, id, etag, (current) => (isDone(ctx.vocabulary, current.status) ? undefined : { status: resolvedStatus(ctx.vocabulary) }));
  if (outcome === 'unchanged' || !checkedNote) return { ticket, outcome };
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
  if (!isDone(ctx.vocabulary, ticket.status)) return unchanged(ticket);
  const reopened = await write(ctx, actor, id, { status: reopenStatus(ctx.vocabulary, ticket.assignedTo !== '') }, etag ?? ticket.etag);
  await postComment(ctx, actor, id, checked, { internal: false, title: 'Reopened' });
  return { ticket: reopened, outcome: 'saved' };
}

/** Deletes a ticket (agents only). */
export async function deleteTicket(ctx: ServiceContext, actor: Actor, id: number): Promise<void> {
  await requireAgent(ctx, actor, 'delete');
  await fetchTicket(ctx, id);
  await guarded(`Ticket #${id}`, ctx.logger, () => ctx.graph.deleteItem('SD_Tickets', String(id)));
  ctx.seen.forget(id);
}

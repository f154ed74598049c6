/** Ticket comments: requesters read and write public ones on their own tickets; agents also internal notes. */
import { f } from '../graph/odata';
import type { ServiceContext } from './context';
import { guarded } from './errors';
import { commentFields, COMMENT, ORDER, toComment } from './fields';
import { agentsOnly, isOwner, notYours } from './access';
import { errorOf } from './error-messages';
import { readTicket } from './ticket-queries';
import { LIMITS, type Actor, type Comment, type Commented, type Ticket, type TicketWithComments } from './types';
import { text } from './validate';

const TITLE_LENGTH = 60;

/** A comment's Title: its first line, cut to about 60 characters. */
export function commentTitle(body: string): string {
  const line = body.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '';
  return line.length <= TITLE_LENGTH ? line : `${line.slice(0, TITLE_LENGTH - 1).trimEnd()}…`;
}

/** Every comment on a ticket, oldest first, internal ones too: callers filter for the actor. */
export async function readComments(ctx: ServiceContext, ticketId: number): Promise<Comment[]> {
  return guarded(`Comments on ticket #${ticketId}`, ctx.logger, async () => {
    const out: Comment[] = [];
    const query = { filter: f.eq(COMMENT.ticketId, ticketId), orderby: ORDER.createdAsc, top: 200 };
    for await (const item of ctx.graph.listAll('SD_Comments', query)) {
      const c = toComment(item);
      if (c.ticketId === ticketId) out.push(c);
    }
    return out;
  });
}

/** What `actor` may see of a ticket's comments. */
const visible = (comments: Comment[], agent: boolean) => (agent ? comments : comments.filter((c) => !c.isInternal));

/** Oldest first; internal notes only for agents. A ticket the service returned is checked, not read again. */
export async function listComments(ctx: ServiceContext, actor: Actor, ticket: number | Ticket): Promise<Comment[]> {
  if (typeof ticket === 'number') {
    const { agent } = await readTicket(ctx, actor, ticket);
    return visible(await readComments(ctx, ticket), agent);
  }
  const agent = await ctx.agents.isAgent(actor.email);
  if (!agent && !isOwner(actor, ticket)) throw errorOf('not-found', notYours(ticket.id));
  return visible(await readComments(ctx, ticket.id), agent);
}

/** The ticket and its comments in one round trip; a requester learns nothing of a ticket not theirs. */
export async function getTicketWithComments(ctx: ServiceContext, actor: Actor, id: number): Promise<TicketWithComments> {
  // The comments read starts with the ticket read; what it finds is shown only once access is settled.
  const comments = readComments(ctx, id);
  // Not left unhandled while the ticket read runs; its failure is awaited (and thrown) below.
  comments.catch(() => undefined);
  const { ticket, agent } = await readTicket(ctx, actor, id);
  return { ticket, comments: visible(await comments, agent) };
}

/** Posts a comment without access checks (callers check); `title` overrides the derived one. */
export async function postComment(
  ctx: ServiceContext,
  actor: Actor,
  ticketId: number,
  body: string,
  opts: { internal: boolean; title?: string },
): Promise<Comment> {
  return guarded(`Ticket #${ticketId}`, ctx.logger, async () => {
    const fields = commentFields({
      ticketId,
      title: opts.title ?? commentTitle(body),
      body,
      authorEmail: actor.email.trim(),
      authorName: actor.name,
      isInternal: opts.internal,
    });
    return toComment(await ctx.graph.createItem('SD_Comments', fields));
  });
}

/**
 * Internal notes are for agents, whatever the ticket: checked before the ticket is read, so the
 * refusal is the same for one's own ticket, someone else's and one that does not exist.
 */
async function refuseNotesFromNonAgents(ctx: ServiceContext, actor: Actor, internal: boolean | undefined): Promise<void> {
  if (internal && !(await ctx.agents.isAgent(actor.email))) throw agentsOnly('internalNotes');
}

/** Adds a public comment, or an internal note (agents only). */
export async function addComment(
  ctx: ServiceContext,
  actor: Actor,
  ticketId: number,
  body: string,
  options: { internal?: boolean } = {},
): Promise<Comment> {
  const checked = text('comment', body, { required: true, max: LIMITS.comment }) as string;
  await refuseNotesFromNonAgents(ctx, actor, options.internal);
  await readTicket(ctx, actor, ticketId);
  return postComment(ctx, actor, ticketId, checked, { internal: !!options.internal });
}

/** Adds a comment and returns the ticket with its comments: the two reads run together, then the write. */
export async function commentOn(
  ctx: ServiceContext,
  actor: Actor,
  ticketId: number,
  body: string,
  options: { internal?: boolean; withComments?: boolean } = {},
): Promise<Commented> {
  const checked = text('comment', body, { required: true, max: LIMITS.comment }) as string;
  await refuseNotesFromNonAgents(ctx, actor, options.internal);
  const { ticket, comments } = options.withComments === false
    ? { ticket: (await readTicket(ctx, actor, ticketId)).ticket, comments: [] }
    : await getTicketWithComments(ctx, actor, ticketId);
  const comment = await postComment(ctx, actor, ticketId, checked, { internal: !!options.internal });
  return { ticket, comment, comments: [...comments.filter((c) => c.id !== comment.id), comment] };
}

/** Ticket comments: requesters read and write public ones on their own tickets; agents also internal notes. */
import { f } from '../graph/odata';
import type { ServiceContext } from './context';
import { guarded } from './errors';
import { commentFields, COMMENT, ORDER, toComment } from './fields';
import { readTicket } from './ticket-queries';
import { HelpdeskError, LIMITS, type Actor, type Comment } from './types';
import { text } from './validate';

const TITLE_LENGTH = 60;

/** A comment's Title: its first line, cut to about 60 characters. */
export function commentTitle(body: string): string {
  const line = body.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '';
  return line.length <= TITLE_LENGTH ? line : `${line.slice(0, TITLE_LENGTH - 1).trimEnd()}…`;
}

/** Oldest first; internal notes only for agents. */
export async function listComments(ctx: ServiceContext, actor: Actor, ticketId: number): Promise<Comment[]> {
  const { agent } = await readTicket(ctx, actor, ticketId);
  return guarded(`Comments on ticket #${ticketId}`, ctx.logger, async () => {
    const out: Comment[] = [];
    const query = { filter: f.eq(COMMENT.ticketId, ticketId), orderby: ORDER.createdAsc, top: 200 };
    for await (const item of ctx.graph.listAll('SD_Comments', query)) {
      const c = toComment(item);
      if (c.ticketId === ticketId && (agent || !c.isInternal)) out.push(c);
    }
    return out;
  });
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

/** Adds a public comment, or an internal note (agents only). */
export async function addComment(
  ctx: ServiceContext,
  actor: Actor,
  ticketId: number,
  body: string,
  options: { internal?: boolean } = {},
): Promise<Comment> {
  const checked = text('comment', body, { required: true, max: LIMITS.comment }) as string;
  const { agent } = await readTicket(ctx, actor, ticketId);
  if (options.internal && !agent) throw new HelpdeskError('forbidden', 'Only help-desk agents can post internal notes.');
  return postComment(ctx, actor, ticketId, checked, { internal: !!options.internal });
}

/**
 * A requester's answer to the satisfaction survey, written to the ticket as an internal comment so
 * the desk's own portal sees it. Only the ticket's requester writes it; it is the one internal
 * comment a requester can add.
 */
import type { ServiceContext } from './context';
import { isOwner, notYours } from './access';
import { errorOf } from './error-messages';
import { postComment } from './comments';
import { readTicket } from './ticket-queries';
import type { Actor, Comment } from './types';

/** Adds `body` ("Satisfaction 4/5: …") as an internal comment by the ticket's requester. */
export async function addSatisfactionNote(ctx: ServiceContext, actor: Actor, ticketId: number, body: string): Promise<Comment> {
  const { ticket } = await readTicket(ctx, actor, ticketId);
  // An agent reads every ticket; only the requester answers the survey about it.
  if (!isOwner(actor, ticket)) throw errorOf('not-found', notYours(ticketId));
  return postComment(ctx, actor, ticketId, body, { internal: true });
}

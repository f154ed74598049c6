/**
 * A requester's answer to the satisfaction survey, written to the ticket as an internal comment so
 * the desk's own portal sees it. Only the ticket's requester writes it; it is the one internal
 * comment a requester can add, so the survey's note is found again by that: a later answer to the
 * same survey (a changed rating, a comment) replaces its text instead of adding a second note.
 */
import type { ServiceContext } from './context';
import { isOwner, notYours } from './access';
import { errorOf } from './error-messages';
import { commentTitle, postComment, readComments } from './comments';
import { guarded } from './errors';
import { COMMENT } from './fields';
import { readTicket } from './ticket-queries';
import { sameAddress } from '../core';
import type { Actor, Comment } from './types';

/**
 * Writes `body` ("Satisfaction 4/5: …") as the requester's internal comment on the ticket: the
 * survey's note written since `since` (the survey's sending) is updated in place, else one is added.
 */
export async function addSatisfactionNote(ctx: ServiceContext, actor: Actor, ticketId: number, body: string, since?: string): Promise<Comment> {
  const { ticket } = await readTicket(ctx, actor, ticketId);
  // An agent reads every ticket; only the requester answers the survey about it.
  if (!isOwner(actor, ticket)) throw errorOf('not-found', notYours(ticketId));
  const earlier = since === undefined ? undefined : await surveyNote(ctx, actor, ticketId, since);
  if (!earlier) return postComment(ctx, actor, ticketId, body, { internal: true });
  if (earlier.body === body) return earlier;
  await guarded(`Ticket #${ticketId}`, ctx.logger, () => ctx.graph.updateFields('SD_Comments', String(earlier.id), { [COMMENT.body]: body, [COMMENT.title]: commentTitle(body) }, '*'));
  return { ...earlier, body, title: commentTitle(body) };
}

/** The requester's internal comment on the ticket written at or after `since`: the survey's note. */
async function surveyNote(ctx: ServiceContext, actor: Actor, ticketId: number, since: string): Promise<Comment | undefined> {
  // Every comment: the requester's own view hides internal ones, her note among them.
  const all = await readComments(ctx, ticketId);
  // SharePoint's Created has whole seconds; the survey's time has milliseconds.
  const from = Math.floor(Date.parse(since) / 1000) * 1000;
  return [...all].reverse().find((c) => c.isInternal && sameAddress(c.authorEmail, actor.email) && !(Date.parse(c.created) < from));
}

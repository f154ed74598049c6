/**
 * Tells notifications who made a change, so they are not notified about their own action, and
 * hands over what was written so the change is told at once instead of at the next poll.
 */
import type { Comment, Ticket } from '../helpdesk/types';
import type { CommandContext } from './types';

/** Records that the person of `ctx` wrote this version of the ticket (and the resolution note, if any). */
export async function actedOnTicket(ctx: CommandContext, ticket: Ticket, note?: Comment): Promise<void> {
  const n = ctx.notifications;
  await n?.recordAction({ kind: 'ticket', itemId: ticket.id, etag: ticket.etag, actorEmail: ctx.actor.email });
  if (note) await n?.recordAction({ kind: 'comment', itemId: note.id, actorEmail: ctx.actor.email });
  await n?.wrote?.({ actorEmail: ctx.actor.email, tickets: [ticket], comments: note ? [{ comment: note, ticket }] : [] });
}

/** Records that the person of `ctx` wrote this comment on `ticket`. */
export async function actedOnComment(ctx: CommandContext, comment: Comment, ticket: Ticket): Promise<void> {
  await ctx.notifications?.recordAction({ kind: 'comment', itemId: comment.id, actorEmail: ctx.actor.email });
  await ctx.notifications?.wrote?.({ actorEmail: ctx.actor.email, comments: [{ comment, ticket }] });
}

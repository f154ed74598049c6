/** Tells notifications who made a change, so they are not notified about their own action. */
import type { Comment, Ticket } from '../helpdesk/types';
import type { CommandContext } from './types';

/** Records that the person of `ctx` wrote this version of the ticket. */
export async function actedOnTicket(ctx: CommandContext, ticket: Ticket): Promise<void> {
  await ctx.notifications?.recordAction?.({ kind: 'ticket', itemId: ticket.id, etag: ticket.etag, actorEmail: ctx.actor.email });
}

/** Records that the person of `ctx` wrote this comment. */
export async function actedOnComment(ctx: CommandContext, comment: Comment): Promise<void> {
  await ctx.notifications?.recordAction?.({ kind: 'comment', itemId: comment.id, actorEmail: ctx.actor.email });
}

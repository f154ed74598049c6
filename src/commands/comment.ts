/**
 * `comment <id> <text>`, `reply <id> <text>` (public), `note <id> <text>` (internal), the
 * Comment/Reply/Internal note buttons (form) and the form submit. Private: channel cards show
 * new comments through notifications, in the card's thread.
 */
import { LIMITS } from '../helpdesk/types';
import { commentForm as buildCommentForm } from '../views/forms';
import { formReply, errorReply, needTicket, ticketReply } from './respond';
import type { Handler } from './types';

function commandName(internal: string | undefined): string {
  return internal === 'true' ? 'note' : internal === 'false' ? 'reply' : 'comment';
}

/** Opens the comment form for a ticket (Comment, Reply or Internal note button). */
export const commentForm: Handler = async (ctx, input) => {
  const id = needTicket(input, 'comment');
  if (typeof id !== 'number') return id;
  const [ticket, isAgent] = await Promise.all([ctx.helpdesk.getTicket(ctx.actor, id), ctx.helpdesk.isAgent(ctx.actor.email)]);
  const values: Record<string, string> = { internal: input.values?.internal ?? 'false' };
  if (input.values?.comment) values.comment = input.values.comment;
  return formReply(buildCommentForm(ticket, ctx.helpdesk.vocabulary, isAgent, values));
};

/** Adds a comment; empty or too-long text never becomes a comment and is never thrown away. */
export const comment: Handler = async (ctx, input) => {
  const internalFlag = input.values?.internal;
  const command = commandName(internalFlag);
  const id = needTicket(input, command);
  if (typeof id !== 'number') return id;
  const fromForm = input.values?.comment !== undefined;
  const body = (fromForm ? input.values?.comment : input.text) ?? '';
  const internal = internalFlag === 'true';
  const problem = !body.trim()
    ? 'Write something first: an empty comment is not added.'
    : body.trim().length > LIMITS.comment
      ? `A comment can be at most ${LIMITS.comment.toLocaleString('en-US')} characters; this one is ${body.trim().length.toLocaleString('en-US')}.`
      : undefined;
  if (problem) {
    if (!fromForm && !body.trim()) return errorReply(problem, command);
    // Hand the text back in the form so the person can shorten it instead of retyping it.
    const isAgent = await ctx.helpdesk.isAgent(ctx.actor.email);
    const form = buildCommentForm({ id, etag: input.etag ?? '' }, ctx.helpdesk.vocabulary, isAgent, {
      comment: body,
      internal: internal ? 'true' : 'false',
    }, [{ field: 'comment', message: problem }]);
    return formReply(form);
  }
  await ctx.helpdesk.addComment(ctx.actor, id, body, { internal });
  const ticket = await ctx.helpdesk.getTicket(ctx.actor, id);
  const notice = internal ? 'Internal note added: only agents see it.' : 'Comment added.';
  return ticketReply(ctx, ticket, 'private', notice);
};

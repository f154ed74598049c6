/**
 * `comment <id> <text>`, `reply <id> <text>` (public), `note <id> <text>` (internal), the
 * Comment/Reply/Internal note buttons (form) and the form submit. Private: channel cards show
 * new comments through notifications, in the card's thread.
 */
import { actedOnComment } from './acted';
import { LIMITS, type Ticket } from '../helpdesk/types';
import { commentForm as buildCommentForm } from '../views/forms';
import { errorReply, formReply, needTicket, saved, ticketReply, tooLong, tr } from './respond';
import { extensionsOf } from './extensions';
import { sameAddress, VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import { noteCommand } from './note';
import { replyCommand } from './reply';
import type { CommandContext, Handler } from './types';

/** The usage line of the command the person typed: `note`, `reply` or `comment`. */
function usageFor(internal: string | undefined): string {
  return internal === 'true' ? noteCommand.usage : internal === 'false' ? replyCommand.usage : commentCommand.usage;
}

/** Opens the comment form for a ticket (Comment, Reply or Internal note button). */
const commentForm: Handler = async (ctx, input) => {
  const id = needTicket(ctx, input, commentCommand.usage);
  if (typeof id !== 'number') return id;
  const [ticket, isAgent] = await Promise.all([ctx.helpdesk.getTicket(ctx.actor, id), ctx.helpdesk.isAgent(ctx.actor.email)]);
  const values: Record<string, string> = { internal: input.values?.internal ?? 'false' };
  if (input.values?.comment) values.comment = input.values.comment;
  // A pick on the form's picker (a feature's) comes back here and fills the text, which the agent can still edit.
  const submitted = { values: input.values, etag: input.etag };
  const errors = isAgent ? await extensionsOf(ctx).fillPicked(ctx, ticket, values, 'comment', submitted) : [];
  return formReply(await extensionsOf(ctx).agentForm(ctx, buildCommentForm(ticket, ctx.helpdesk.vocabulary, isAgent, values, errors, ctx.locale), isAgent, submitted));
};

/** What the writer is told: a note stays with agents; a public comment on someone else's ticket is a reply its requester sees. */
function addedText(ctx: CommandContext, ticket: Ticket, internal: boolean): [string, Record<string, unknown>?] {
  if (internal) return ['commands:comment.noteAdded'];
  const requester = ticket.submittedByEmail?.trim();
  if (!requester || sameAddress(requester, ctx.actor.email)) return ['commands:comment.added'];
  return ['commands:comment.replyPosted', { id: ticket.id, requester: ticket.submittedByName || requester }];
}

/** Adds a comment; empty or too-long text never becomes a comment and is never thrown away. */
const comment: Handler = async (ctx, input) => {
  const internalFlag = input.values?.internal;
  const usage = usageFor(internalFlag);
  const id = needTicket(ctx, input, usage);
  if (typeof id !== 'number') return id;
  let body = input.values?.comment ?? '';
  // `reply 12 /greeting`: a shortcut a feature expands (typedShortcut); a name it does not know posts nothing.
  const shortcut = await extensionsOf(ctx).typedShortcut(ctx, id, body);
  if (shortcut && 'problem' in shortcut) return errorReply(shortcut.problem, usage);
  if (shortcut) body = shortcut.text;
  const internal = internalFlag === 'true';
  const t = tr(ctx);
  const problem = !body.trim()
    ? t('commands:comment.empty')
    : body.trim().length > LIMITS.comment
      ? tooLong(ctx, 'comment', LIMITS.comment, body.trim().length)
      : undefined;
  if (problem) {
    // Hand the text back in the form so the person can shorten it instead of retyping it.
    const isAgent = await ctx.helpdesk.isAgent(ctx.actor.email);
    const form = buildCommentForm({ id, etag: input.etag ?? '' }, ctx.helpdesk.vocabulary, isAgent, {
      comment: body,
      internal: internal ? 'true' : 'false',
    }, [{ field: 'comment', message: problem }], ctx.locale);
    return formReply(form);
  }
  const { comment, ticket, comments } = await ctx.helpdesk.commentOn(ctx.actor, id, body, { internal });
  await actedOnComment(ctx, comment, ticket);
  return ticketReply(ctx, ticket, 'private', saved(t(...addedText(ctx, ticket, internal))), comments);
};

/** `comment <ticket id> <text>`; the note and reply commands reach the same verb. */
export const commentCommand: CommandDeclaration = {
  name: 'comment',
  usage: 'comment <ticket id> <text>',
  description: 'commands:describe.comment',
  who: 'everyone',
  scopes: EVERYWHERE,
  menus: ['personal', 'group'],
  args: { kind: 'id text', key: 'comment', what: 'commands:what.comment' },
  verb: VERBS.comment,
  handles: { [VERBS.comment]: comment, [VERBS.commentForm]: commentForm },
  once: [VERBS.comment],
  inThread: true,
  writes: true,
  form: { name: 'comment', opens: VERBS.commentForm, template: 'comment-form' },
  answers: 'ticket',
  examples: [
    { name: 'comment form', verb: VERBS.commentForm, values: { internal: 'false' }, ticket: 'open' },
    { name: 'note form', verb: VERBS.commentForm, values: { internal: 'true' }, ticket: 'open' },
    { name: 'comment', typed: 'comment {id} matrix comment', values: { comment: 'matrix comment', internal: 'false' }, ticket: 'open', effect: 'comment' },
  ],
  helpGroup: 'tickets',
};

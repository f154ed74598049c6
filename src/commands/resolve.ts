/** `resolve <id> [note]`, the Resolve button (form) and its submit. Public result. */
import { LIMITS } from '../helpdesk/types';
import { resolveForm as buildResolveForm } from '../views/forms';
import { formReply, needTicket, ticketReply } from './respond';
import type { Handler } from './types';

/** Opens the resolve form with a place for the public resolution note. */
export const resolveForm: Handler = async (ctx, input) => {
  const id = needTicket(input, 'resolve');
  if (typeof id !== 'number') return id;
  const ticket = await ctx.helpdesk.getTicket(ctx.actor, id);
  return formReply(buildResolveForm(ticket, ctx.helpdesk.vocabulary));
};

/** Resolves the ticket; a note over the comment limit comes back in the form, not cut. */
export const resolve: Handler = async (ctx, input) => {
  const id = needTicket(input, 'resolve');
  if (typeof id !== 'number') return id;
  const note = (input.values?.note ?? input.text ?? '').trim();
  if (note.length > LIMITS.comment) {
    const message = `A resolution note can be at most ${LIMITS.comment.toLocaleString('en-US')} characters; this one is ${note.length.toLocaleString('en-US')}.`;
    return formReply(buildResolveForm({ id, etag: input.etag ?? '' }, ctx.helpdesk.vocabulary, { note }, [{ field: 'note', message }]));
  }
  const ticket = await ctx.helpdesk.resolve(ctx.actor, id, note || undefined, input.etag);
  return ticketReply(ctx, ticket, 'public', `Resolved by ${ctx.actor.name || ctx.actor.email}.`);
};

/** `resolve <id> [note]`, the Resolve button (form) and its submit. Public result. */
import { actedOnTicket } from './acted';
import { unchangedReply } from './unchanged';
import { LIMITS } from '../helpdesk/types';
import { resolveForm as buildResolveForm } from '../views/forms';
import { errorReply, formReply, needTicket, saved, ticketReply } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Opens the resolve form with a place for the public resolution note. */
const resolveForm: Handler = async (ctx, input) => {
  const id = needTicket(input, resolveCommand.usage);
  if (typeof id !== 'number') return id;
  // Only agents resolve: asked before the ticket is read, so the refusal is the same for every ticket, existing or not.
  if (!(await ctx.helpdesk.isAgent(ctx.actor.email))) return errorReply('Only help-desk agents can resolve tickets.');
  const ticket = await ctx.helpdesk.getTicket(ctx.actor, id);
  return formReply(buildResolveForm(ticket, ctx.helpdesk.vocabulary));
};

/** Resolves the ticket; a note over the comment limit comes back in the form, not cut. */
const resolve: Handler = async (ctx, input) => {
  const id = needTicket(input, resolveCommand.usage);
  if (typeof id !== 'number') return id;
  const note = (input.values?.note ?? '').trim();
  if (note.length > LIMITS.comment) {
    const message = `A resolution note can be at most ${LIMITS.comment.toLocaleString('en-US')} characters; this one is ${note.length.toLocaleString('en-US')}.`;
    return formReply(buildResolveForm({ id, etag: input.etag ?? '' }, ctx.helpdesk.vocabulary, { note }, [{ field: 'note', message }]));
  }
  const { ticket, outcome, note: written } = await ctx.helpdesk.resolve(ctx.actor, id, note || undefined, input.etag);
  // A note typed for a ticket that is already done is not dropped silently: the reply says so.
  if (outcome === 'unchanged') return unchangedReply(ctx, ticket, ticket.status, note ? `Your note was not posted; use \`reply ${id}\` to add it.` : undefined);
  await actedOnTicket(ctx, ticket, written);
  return ticketReply(ctx, ticket, 'public', saved(`Resolved by ${ctx.actor.name || ctx.actor.email}.`));
};

/** `resolve <ticket id> [note]`. */
export const resolveCommand: CommandDeclaration = {
  name: 'resolve',
  usage: 'resolve <ticket id> [note]',
  description: 'Resolve, with an optional public note',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: EVERYWHERE,
  args: { kind: 'id text', key: 'note', what: 'note', optional: true },
  verb: VERBS.resolve,
  handles: { [VERBS.resolve]: resolve, [VERBS.resolveForm]: resolveForm },
};

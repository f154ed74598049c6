/** `resolve <id> [note]`, the Resolve button (form) and its submit. Public result. */
import { actedOnTicket } from './acted';
import { unchangedReply } from './unchanged';
import { LIMITS } from '../helpdesk/types';
import { resolveForm as buildResolveForm } from '../views/forms';
import { byWhom, errorReply, formReply, needTicket, saved, ticketReply, tooLong, tr } from './respond';
import { valueLabel } from '../views/format';
import { extensionsOf } from './extensions';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Opens the resolve form with a place for the public resolution note. */
const resolveForm: Handler = async (ctx, input) => {
  const id = needTicket(ctx, input, resolveCommand.usage);
  if (typeof id !== 'number') return id;
  // Only agents resolve: asked before the ticket is read, so the refusal is the same for every ticket, existing or not.
  if (!(await ctx.helpdesk.isAgent(ctx.actor.email))) return errorReply(tr(ctx)('commands:resolve.agentsOnly'));
  const ticket = await ctx.helpdesk.getTicket(ctx.actor, id);
  const values: Record<string, string> = {};
  if (input.values?.note) values.note = input.values.note;
  // A pick on the form's picker (a feature's) comes back here and fills the note, which the agent can still edit.
  const submitted = { values: input.values, etag: input.etag };
  const errors = await extensionsOf(ctx).fillPicked(ctx, ticket, values, 'note', submitted);
  return formReply(await extensionsOf(ctx).agentForm(ctx, buildResolveForm(ticket, ctx.helpdesk.vocabulary, values, errors, ctx.locale), true, submitted));
};

/** Resolves the ticket; a note over the comment limit comes back in the form, not cut. */
const resolve: Handler = async (ctx, input) => {
  const id = needTicket(ctx, input, resolveCommand.usage);
  if (typeof id !== 'number') return id;
  let note = (input.values?.note ?? '').trim();
  // `resolve 12 /fixed`: a shortcut a feature expands into the note (typedShortcut); a name it does not know resolves nothing.
  const shortcut = await extensionsOf(ctx).typedShortcut(ctx, id, note);
  if (shortcut && 'problem' in shortcut) return errorReply(shortcut.problem, resolveCommand.usage);
  if (shortcut) note = shortcut.text;
  if (note.length > LIMITS.comment) {
    const message = tooLong(ctx, 'note', LIMITS.comment, note.length);
    return formReply(buildResolveForm({ id, etag: input.etag ?? '' }, ctx.helpdesk.vocabulary, { note }, [{ field: 'note', message }], ctx.locale));
  }
  const { ticket, outcome, note: written } = await ctx.helpdesk.resolve(ctx.actor, id, note || undefined, input.etag);
  // A note typed for a ticket that is already done is not dropped silently: the reply says so.
  const t = tr(ctx);
  if (outcome === 'unchanged') return unchangedReply(ctx, ticket, valueLabel(t, 'status', ticket.status), note ? t('commands:resolve.noteNotPosted', { id }) : undefined);
  await actedOnTicket(ctx, ticket, written);
  return ticketReply(ctx, ticket, 'public', saved(t('commands:resolve.done', { by: byWhom(ctx) })));
};

/** `resolve <ticket id> [note]`. */
export const resolveCommand: CommandDeclaration = {
  name: 'resolve',
  usage: 'resolve <ticket id> [note]',
  description: 'commands:describe.resolve',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: EVERYWHERE,
  args: { kind: 'id text', key: 'note', what: 'commands:what.note', optional: true },
  verb: VERBS.resolve,
  handles: { [VERBS.resolve]: resolve, [VERBS.resolveForm]: resolveForm },
  once: [VERBS.resolve],
  inThread: true,
  writes: true,
  form: { name: 'resolve', opens: VERBS.resolveForm, template: 'resolve-form' },
  answers: 'ticket',
  examples: [
    { name: 'resolve form', verb: VERBS.resolveForm, ticket: 'open' },
    { name: 'resolve', typed: 'resolve {id} matrix resolution', values: { note: 'matrix resolution' }, ticket: 'open', effect: 'resolved' },
  ],
  helpGroup: 'work',
};

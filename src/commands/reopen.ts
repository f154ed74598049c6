/**
 * `reopen <id> <reason>`, the Reopen button on a requester's resolved ticket (form) and its
 * submit. The reason is stored as a public comment; an open ticket is left alone and said so.
 */
import { actedOnTicket } from './acted';
import { HelpdeskError } from '../helpdesk/types';
import { reopenForm as buildReopenForm } from '../views/forms';
import { byWhom, formReply, needTicket, saved, ticketReply, tr } from './respond';
import { errorText } from '../helpdesk/error-messages';
import { valueLabel } from '../views/format';
import { unchangedReply } from './unchanged';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Opens the reopen form, asking why. */
const reopenForm: Handler = async (ctx, input) => {
  const id = needTicket(ctx, input, reopenCommand.usage);
  if (typeof id !== 'number') return id;
  const ticket = await ctx.helpdesk.getTicket(ctx.actor, id);
  return formReply(buildReopenForm(ticket, ctx.helpdesk.vocabulary, {}, [], ctx.locale));
};

/** Reopens with the reason; a missing or refused reason comes back in the form, kept as typed. */
const reopen: Handler = async (ctx, input) => {
  const id = needTicket(ctx, input, reopenCommand.usage);
  if (typeof id !== 'number') return id;
  const reason = input.values?.reason ?? '';
  const t = tr(ctx);
  const back = (message: string) => formReply(buildReopenForm({ id, etag: input.etag ?? '' }, ctx.helpdesk.vocabulary, { reason }, [{ field: 'reason', message }], ctx.locale));
  if (!reason.trim()) return back(t('commands:reopen.why'));
  let result;
  try {
    result = await ctx.helpdesk.reopen(ctx.actor, id, reason, input.etag);
  } catch (err) {
    if (err instanceof HelpdeskError && err.kind === 'invalid') return back(errorText(err, t));
    throw err;
  }
  const { ticket, outcome } = result;
  if (outcome === 'unchanged') return unchangedReply(ctx, ticket, valueLabel(t, 'status', ticket.status), t('commands:reopen.reasonNotPosted', { id }));
  await actedOnTicket(ctx, ticket);
  return ticketReply(ctx, ticket, 'public', saved(t('commands:reopen.done', { by: byWhom(ctx) })));
};

/** `reopen <ticket id> <reason>`. */
export const reopenCommand: CommandDeclaration = {
  name: 'reopen',
  usage: 'reopen <ticket id> <reason>',
  description: 'commands:describe.reopen',
  who: 'everyone',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'id text', key: 'reason', what: 'commands:what.reason' },
  verb: VERBS.reopen,
  handles: { [VERBS.reopen]: reopen, [VERBS.reopenForm]: reopenForm },
  once: [VERBS.reopen],
  form: { name: 'reopen', opens: VERBS.reopenForm, template: 'reopen-form' },
  answers: 'ticket',
  examples: [
    { name: 'reopen form', verb: VERBS.reopenForm, ticket: 'resolved' },
    { name: 'reopen', typed: 'reopen {id} matrix reopen reason', values: { reason: 'matrix reopen reason' }, ticket: 'resolved', effect: 'reopened' },
  ],
  helpGroup: 'tickets',
};

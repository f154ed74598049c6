/**
 * `reopen <id> <reason>`, the Reopen button on a requester's resolved ticket (form) and its
 * submit. The reason is stored as a public comment; an open ticket is left alone and said so.
 */
import { actedOnTicket } from './acted';
import { HelpdeskError } from '../helpdesk/types';
import { reopenForm as buildReopenForm } from '../views/forms';
import { formReply, needTicket, saved, ticketReply } from './respond';
import { unchangedReply } from './unchanged';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Opens the reopen form, asking why. */
const reopenForm: Handler = async (ctx, input) => {
  const id = needTicket(input, reopenCommand.usage);
  if (typeof id !== 'number') return id;
  const ticket = await ctx.helpdesk.getTicket(ctx.actor, id);
  return formReply(buildReopenForm(ticket, ctx.helpdesk.vocabulary));
};

/** Reopens with the reason; a missing or refused reason comes back in the form, kept as typed. */
const reopen: Handler = async (ctx, input) => {
  const id = needTicket(input, reopenCommand.usage);
  if (typeof id !== 'number') return id;
  const reason = input.values?.reason ?? '';
  const back = (message: string) => formReply(buildReopenForm({ id, etag: input.etag ?? '' }, ctx.helpdesk.vocabulary, { reason }, [{ field: 'reason', message }]));
  if (!reason.trim()) return back('Say why the ticket needs more work; it is posted on the ticket.');
  let result;
  try {
    result = await ctx.helpdesk.reopen(ctx.actor, id, reason, input.etag);
  } catch (err) {
    if (err instanceof HelpdeskError && err.kind === 'invalid') return back(err.message);
    throw err;
  }
  const { ticket, outcome } = result;
  if (outcome === 'unchanged') return unchangedReply(ctx, ticket, ticket.status, `Your reason was not posted; use \`comment ${id}\` to add it.`);
  await actedOnTicket(ctx, ticket);
  return ticketReply(ctx, ticket, 'public', saved(`Reopened by ${ctx.actor.name || ctx.actor.email}.`));
};

/** `reopen <ticket id> <reason>`. */
export const reopenCommand: CommandDeclaration = {
  name: 'reopen',
  usage: 'reopen <ticket id> <reason>',
  description: 'Reopen a resolved ticket, saying why',
  who: 'everyone',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'id text', key: 'reason', what: 'reason' },
  verb: VERBS.reopen,
  handles: { [VERBS.reopen]: reopen, [VERBS.reopenForm]: reopenForm },
};

/**
 * `assign <id> <email or @mention>`, the Assign button (form) and its submit. Public result.
 * Mentions are resolved by the channel (ctx.channel.resolveUser); a typed address is checked
 * for shape here and for being an active agent by the service.
 */
import { actedOnTicket } from './acted';
import { assignForm as buildAssignForm } from '../views/forms';
import { agentName, byWhom, errorReply, formReply, needTicket, saved, ticketReply, tr } from './respond';
import { VERBS } from '../core';
import { addressKey } from '../core/vocabulary';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { CommandContext, Handler } from './types';

const EMAIL = /^[^\s@<>()[\]",;:]+@[^\s@<>()[\]",;:]+\.[^\s@<>()[\]",;:]+$/;

/** Turns what was typed or chosen into an address, or undefined with nothing guessed. */
async function resolveAssignee(ctx: CommandContext, reference: string): Promise<string | undefined> {
  // Slack wraps typed addresses as <mailto:a@b.test|a@b.test>.
  const ref = reference.trim().replace(/^<mailto:([^|>]+)(?:\|[^>]*)?>$/i, '$1').replace(/^mailto:/i, '');
  if (/^me$/i.test(ref)) return ctx.actor.email;
  if (ctx.channel.resolveUser) {
    const found = await ctx.channel.resolveUser(ref);
    if (found?.email) return addressKey(found.email);
  }
  return EMAIL.test(ref) ? addressKey(ref) : undefined;
}

/** Opens the assign form with the active agents to choose from. */
const assignForm: Handler = async (ctx, input) => {
  const id = needTicket(ctx, input, assignCommand.usage);
  if (typeof id !== 'number') return id;
  // Only agents assign: asked before the ticket is read, so the refusal is the same for every ticket, existing or not.
  if (!(await ctx.helpdesk.isAgent(ctx.actor.email))) return errorReply(tr(ctx)('commands:assign.agentsOnly'));
  const [ticket, agents] = await Promise.all([ctx.helpdesk.getTicket(ctx.actor, id), ctx.helpdesk.activeAgents()]);
  const choices = agents.map((a) => ({ name: a.name || a.email, email: a.email }));
  return formReply(buildAssignForm(ticket, ctx.helpdesk.vocabulary, choices, { assignee: ticket.assignedTo }, [], ctx.locale));
};

/** Assigns the ticket to the named agent. */
const assign: Handler = async (ctx, input) => {
  const id = needTicket(ctx, input, assignCommand.usage);
  if (typeof id !== 'number') return id;
  const reference = (input.values?.assignee ?? '').trim();
  if (!reference) {
    const agents = await ctx.helpdesk.activeAgents();
    const choices = agents.map((a) => ({ name: a.name || a.email, email: a.email }));
    return formReply(buildAssignForm({ id, etag: input.etag ?? '' }, ctx.helpdesk.vocabulary, choices, { assignee: '' }, [
      { field: 'assignee', message: tr(ctx)('commands:assign.choose') },
    ], ctx.locale));
  }
  const email = await resolveAssignee(ctx, reference);
  if (!email) {
    return errorReply(tr(ctx)('commands:assign.whoIs', { reference }), assignCommand.usage);
  }
  const ticket = await ctx.helpdesk.assign(ctx.actor, id, email, input.etag);
  await actedOnTicket(ctx, ticket);
  const name = await agentName(ctx, email);
  return ticketReply(ctx, ticket, 'public', saved(tr(ctx)('commands:assign.done', { name, by: byWhom(ctx) })));
};

/** `assign <ticket id> <email or @mention>`. */
export const assignCommand: CommandDeclaration = {
  name: 'assign',
  usage: 'assign <ticket id> <email or @mention>',
  description: 'commands:describe.assign',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: ['channel', 'group'],
  args: { kind: 'id text', key: 'assignee', what: 'commands:what.agent' },
  verb: VERBS.assign,
  handles: { [VERBS.assign]: assign, [VERBS.assignForm]: assignForm },
  once: [VERBS.assign],
  inThread: true,
  writes: true,
  form: { name: 'assign', opens: VERBS.assignForm, template: 'assign-form' },
  answers: 'ticket',
  examples: [
    { name: 'assign form', verb: VERBS.assignForm, ticket: 'open' },
    { name: 'assign', typed: 'assign {id} alexw@example.com', values: { assignee: 'alexw@example.com' }, ticket: 'open', effect: 'assigned-other' },
  ],
  helpGroup: 'work',
};

/**
 * Reply builders shared by the handlers. Visibility rule: what is about "me" (my tickets, forms,
 * help, errors, look-ups) is private; agent changes the conversation should see (claim, assign,
 * status, priority, resolve, subscriptions) are public. A public ticket card in a channel or
 * group chat never carries internal notes, because people who are not agents may read it.
 */
import { english, normalizeLocale, translator, type Translate } from '../i18n';
import { isPrivate, type Notice, type NoticeTone, type Outcome } from '../core';
import type { Comment, Ticket } from '../helpdesk/types';
import { errorView } from '../views/error-view';
import { sameEmail } from '../views/format';
import { extraFieldId } from '../views/site-fields';
import { ticketView } from '../views/ticket-view';
import type { FormView, View } from '../views/types';
import { peopleNames } from './people';
import type { CommandContext, CommandInput, Reply } from './types';

/** The reader's message function: the language of the person acting (unknown: English). */
export function tr(ctx: Pick<CommandContext, 'locale'>): Translate {
  return translator(ctx.locale);
}

/** "A comment can be at most 10,000 characters; this one is 10,412." in the reader's language. */
export function tooLong(ctx: Pick<CommandContext, 'locale'>, what: 'title' | 'description' | 'comment' | 'note', limit: number, length: number): string {
  const t = tr(ctx);
  const lng = normalizeLocale(ctx.locale);
  return t('commands:common.tooLong', { label: t(`commands:label.${what}`), limit: limit.toLocaleString(lng), length: length.toLocaleString(lng) });
}

/** The name a notice gives the person acting ("Claimed by Dana Agent."). */
export function byWhom(ctx: CommandContext): string {
  return ctx.actor.name || ctx.actor.email;
}

/** A reply only the person who asked sees. */
export function privately(view: View, ticketId?: number): Reply {
  return ticketId === undefined ? { view, visibility: 'private' } : { view, visibility: 'private', ticketId };
}

/** A reply the whole conversation sees. */
export function publicly(view: View, ticketId?: number): Reply {
  return ticketId === undefined ? { view, visibility: 'public' } : { view, visibility: 'public', ticketId };
}

/** A private error naming what was wrong, with the command's usage line when given. */
export function errorReply(message: string, usage?: string): Reply {
  return privately({ type: 'error', error: errorView(message, usage) });
}

/** A private form reply. */
export function formReply(form: FormView): Reply {
  return privately({ type: 'form', form }, form.ticketId);
}

/**
 * The form field a service error names: a known field the form has, an extra column's field
 * (the service names the column), else the title, where the form shows what has no field.
 */
export function formField(field: string | undefined, values: Record<string, string>): string {
  if (field && Object.hasOwn(values, field)) return field;
  if (field && Object.hasOwn(values, extraFieldId(field))) return extraFieldId(field);
  return 'title';
}

/**
 * An answer without a card of its own (one line, or a heading and lines). Its tone says how it
 * reads: a change announced to the conversation is good news; a private answer is information
 * (a report, a list, a state) unless the caller says it is good news, a warning or an error.
 */
export function confirm(message: string, visibility: Reply['visibility'] = 'private', tone: NoticeTone = visibility === 'public' ? 'success' : 'info'): Reply {
  return { view: { type: 'confirmation', confirmation: { message, tone, actions: [] } }, visibility };
}

/**
 * A private answer about the shared conversation it was asked in. It is read in the asker's private
 * chat, so it names that conversation when the channel knows its title (`${key}Named`, whose
 * {{where}} is the title, marked so a channel can show it as a mention); else `key` ("This conversation …").
 */
export function confirmAboutHere(ctx: CommandContext, key: string, params: Record<string, unknown> = {}, rest = ''): Reply {
  const t = tr(ctx);
  const title = isPrivate(ctx.conversation) ? undefined : ctx.conversation.title?.trim();
  if (!title) return confirm(`${t(key, params)}${rest}`);
  const named = t(key.concat('Named'), { ...params, where: title });
  const message = named + rest;
  return { view: { type: 'confirmation', confirmation: { message, tone: 'info', actions: [], conversations: [{ text: title, id: ctx.conversation.id }] } }, visibility: 'private' };
}

/** The ticket id of a command, or an error reply with the usage line when it is missing. */
export function needTicket(ctx: CommandContext, input: CommandInput, usage: string): number | Reply {
  if (typeof input.ticketId === 'number' && Number.isSafeInteger(input.ticketId) && input.ticketId > 0) return input.ticketId;
  return errorReply(tr(ctx)('commands:common.whichTicket'), usage);
}

/** A notice with its tone. */
export function notice(text: string, tone: NoticeTone): Notice {
  return { text, tone };
}

/** Good news about a change that was saved, e.g. "Claimed by Dana Agent.". */
export function saved(text: string): { notice: Notice; outcome: Outcome } {
  return { notice: notice(text, 'success'), outcome: 'saved' };
}

/**
 * The ticket card as a reply, with what happened; a public card in a shared conversation drops
 * internal notes whoever asked.
 */
export async function ticketReply(
  ctx: CommandContext,
  ticket: Ticket,
  visibility: Reply['visibility'],
  result: { notice?: Notice; outcome?: Outcome } = {},
  known?: Comment[],
): Promise<Reply> {
  const { notice, outcome } = result;
  // Comments already read with the ticket (or none, for a ticket just filed) are not read again.
  const [isAgent, all] = await Promise.all([ctx.helpdesk.isAgent(ctx.actor.email), known ?? ctx.helpdesk.listComments(ctx.actor, ticket)]);
  const shared = visibility === 'public' && !isPrivate(ctx.conversation);
  const comments = shared ? all.filter((c) => !c.isInternal) : all;
  const view = ticketView(ticket, comments, { email: ctx.actor.email, isAgent, locale: ctx.locale }, ctx.helpdesk.vocabulary, notice, await peopleNames(ctx));
  const reply: Reply = { view: { type: 'ticket', ticket: view }, visibility, ticketId: ticket.id, about: { ticket, comments: all.filter((c) => !c.isInternal) } };
  if (outcome) reply.outcome = outcome;
  return reply;
}

/** An agent's display name for notices ("Already claimed by Dana Agent"); the address if unknown. */
export async function agentName(ctx: CommandContext, email: string): Promise<string> {
  if (sameEmail(email, ctx.actor.email)) return ctx.actor.name || email;
  try {
    const agents = await ctx.helpdesk.activeAgents();
    return agents.find((a) => sameEmail(a.email, email))?.name || email;
  } catch {
    // The service logged the Graph failure; the notice names the address instead.
    return email;
  }
}

/** Catalog key: what a shared conversation is told when an answer meant for one person went to their private chat. */
export const SENT_PRIVATELY_KEY = 'commands:common.sentPrivately';
/** Catalog key: what a shared conversation is told when that private chat could not be reached; nothing private is shown. */
export const PRIVATE_UNREACHABLE_KEY = 'commands:common.privateUnreachable';
/** English forms of the two above, for channels not yet reading the catalog. */
export const SENT_PRIVATELY = english(SENT_PRIVATELY_KEY);
export const PRIVATE_UNREACHABLE = english(PRIVATE_UNREACHABLE_KEY);

/**
 * Using saved replies where agents write: the picker of the reply and resolve forms (its search
 * and its pick), and the typed `reply <id> /<name>`.
 */
import { VERBS } from '../../core/verbs';
import type { Ticket } from '../../helpdesk/types';
import { replyValuesOf, savedReplyChoice, savedReplyPicker } from './saved-replies-view';
import type { Choice, FormFieldError, FormView } from '../../views/types';
import { notFoundMessage } from './saved-replies-command';
import { tr } from '../../commands/respond';
import { commandLogger } from '../../commands/logger';
import { renderReply, shortcutName } from '../../views/reply-template';
import type { CommandContext } from '../../commands/types';
import type { FormSubmit } from '../../commands/extensions';
import { PICKER_INPUT } from '../../views/forms';
import type { SavedReplyPorts } from '../../core/saved-replies';

/** Teams shows at most 15 choices in a typeahead, Slack 100 options: each asks for its own. */
export const MAX_PICKER_CHOICES = 100;

/**
 * Adds the picker to an agent's reply or resolve form when saved replies can be kept. After a
 * pick (`picked`), the form keeps the etag the agent first saw, so a change made meanwhile is
 * still caught when they submit.
 */
export async function withPicker(ports: SavedReplyPorts, ctx: CommandContext, form: FormView, isAgent: boolean, submitted?: FormSubmit): Promise<FormView> {
  if (pickedIn(submitted) && submitted?.etag) form.etag = submitted.etag;
  if (!isAgent || form.ticketId === undefined) return form;
  // No saved reply yet: no picker to search nothing with.
  const all = await ports.list().catch((error: unknown) => {
    // The form still opens; the agent types the reply instead of picking one.
    const logger = commandLogger(ctx);
    logger.warn('saved replies unreadable; the form opens without the picker', { ticketId: form.ticketId, error });
    return [];
  });
  if (all.length > 0) form.picker = savedReplyPicker(form.form === 'resolve' ? VERBS.resolveForm : VERBS.commentForm, all.slice(0, FIRST_CHOICES), ctx.locale);
  return form;
}

/** How many saved replies a picker offers before anything is typed (Teams shows at most 15 choices). */
const FIRST_CHOICES = 15;

/**
 * The saved replies whose name or text holds `query` (names starting with it first), as picker
 * choices; none for someone who is not an agent.
 */
export async function savedReplyChoices(ports: SavedReplyPorts, ctx: CommandContext, query: string, limit: number): Promise<Choice[]> {
  if (!(await ctx.helpdesk.isAgent(ctx.actor.email))) return [];
  const q = query.trim().toLowerCase();
  const all = await ports.list();
  const rank = (name: string, body: string) => (name.toLowerCase().startsWith(q) ? 0 : name.toLowerCase().includes(q) ? 1 : body.toLowerCase().includes(q) ? 2 : 3);
  return all
    .map((r) => ({ r, rank: rank(r.name, r.body) }))
    .filter((x) => x.rank < 3)
    .sort((a, b) => a.rank - b.rank || a.r.name.localeCompare(b.r.name))
    .slice(0, Math.max(0, Math.min(limit, MAX_PICKER_CHOICES)))
    .map((x) => savedReplyChoice(x.r));
}

/**
 * The name of the saved reply picked on a form: under the picker's input, or under `savedReply`,
 * the id the picker's input had on cards posted before it was named neutrally (they stay in chats).
 */
function pickedIn(submitted: FormSubmit | undefined): string {
  const values = submitted?.values;
  return (values?.[PICKER_INPUT] || values?.savedReply || '').trim();
}

/** The form's text filled with the saved reply the agent picked (pickedIn), or the problem under that text; nothing picked: unchanged. */
export async function fillPicked(ports: SavedReplyPorts, ctx: CommandContext, ticket: Pick<Ticket, 'id' | 'title' | 'submittedByName' | 'submittedByEmail'>, values: Record<string, string>, field: string, submitted: FormSubmit): Promise<FormFieldError[]> {
  const name = pickedIn(submitted);
  if (!name) return [];
  const found = await savedReplyText(ports, ctx, ticket, name);
  if ('problem' in found) return [{ field, message: found.problem }];
  values[field] = found.text;
  return [];
}

/** A saved reply's text for a ticket, or what to tell the agent (no such reply, none kept). */
export async function savedReplyText(ports: SavedReplyPorts, ctx: CommandContext, ticket: Pick<Ticket, 'id' | 'title' | 'submittedByName' | 'submittedByEmail'>, name: string): Promise<{ text: string } | { problem: string }> {
  const reply = await ports.get(name);
  if (!reply) return { problem: await notFoundMessage(ctx, ports, name) };
  return { text: renderReply(reply.body, replyValuesOf(ticket, ctx.actor)) };
}

/**
 * `reply 12 /greeting` typed by an agent: the saved reply's text for the ticket, a problem when
 * there is none of that name (nothing is posted), or undefined when the text is to be posted as typed.
 */
export async function typedShortcut(ports: SavedReplyPorts, ctx: CommandContext, ticketId: number, text: string): Promise<{ text: string } | { problem: string } | undefined> {
  const name = shortcutName(text);
  if (!name || !(await ctx.helpdesk.isAgent(ctx.actor.email))) return undefined;
  const ticket = await ctx.helpdesk.getTicket(ctx.actor, ticketId);
  const found = await savedReplyText(ports, ctx, ticket, name);
  return 'problem' in found ? { problem: `${found.problem} ${tr(ctx)('saved-replies:nothingPosted')}` } : found;
}

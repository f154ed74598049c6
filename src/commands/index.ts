/**
 * The command registry: typed commands and card/button/modal actions reach the same handlers
 * through `dispatch`. Adding a command = one handler file + one line here + its test.
 *
 * Card actions: a button's `data` and a form's inputs arrive as `CommandInput.values`:
 *   ticket.create      title, description, priority, category, sourceLink?
 *   ticket.new         title?, description?, sourceLink? (prefill)
 *   ticket.comment     comment, internal 'true'|'false'     ticket.commentForm  internal
 *   ticket.resolve     note?                                 ticket.assign       assignee (email or mention)
 *   ticket.status      status        ticket.priority  priority        ticket.queue  queue     asset.find  tag
 *   notify.subscribe / notify.unsubscribe   kind, value?     notify.preference    state 'on'|'off'
 * Typed commands put the words after the id in `text`; values win when both are present.
 */
import { asset } from './asset';
import { assets } from './assets';
import { assign, assignForm } from './assign';
import { claim } from './claim';
import { comment, commentForm } from './comment';
import { create } from './create';
import { failureReply } from './failure';
import { help } from './help';
import { mine } from './mine';
import { newForm } from './new';
import { notifications } from './notifications';
import { parseCommand } from './parse';
import { priority } from './priority';
import { queue } from './queue';
import { resolve, resolveForm } from './resolve';
import { errorReply } from './respond';
import { show } from './show';
import { status } from './status';
import { subscribe } from './subscribe';
import { subscriptions } from './subscriptions';
import type { CommandContext, CommandInput, Handler, Reply } from './types';
import { unsubscribe } from './unsubscribe';
import { VERBS, type Verb } from '../core/verbs';

export { parseCommand, parseTicketId, type ParseOptions, type ParseResult } from './parse';
export { COMMANDS, usageOf, type CommandInfo } from './catalog';

/** Verb -> handler. */
export const HANDLERS: Record<Verb, Handler> = {
  [VERBS.help]: help,
  [VERBS.newForm]: newForm,
  [VERBS.create]: create,
  [VERBS.show]: show,
  [VERBS.refresh]: show,
  [VERBS.mine]: mine,
  [VERBS.queue]: queue,
  [VERBS.claim]: claim,
  [VERBS.assignForm]: assignForm,
  [VERBS.assign]: assign,
  [VERBS.status]: status,
  [VERBS.priority]: priority,
  [VERBS.resolveForm]: resolveForm,
  [VERBS.resolve]: resolve,
  [VERBS.commentForm]: commentForm,
  [VERBS.comment]: comment,
  [VERBS.assets]: assets,
  [VERBS.asset]: asset,
  [VERBS.subscribe]: subscribe,
  [VERBS.unsubscribe]: unsubscribe,
  [VERBS.subscriptions]: subscriptions,
  [VERBS.notifications]: notifications,
};

/** Routes a verb (typed command or card action) to its handler; every failure becomes a reply. */
export async function dispatch(ctx: CommandContext, input: CommandInput): Promise<Reply> {
  const handler = Object.hasOwn(HANDLERS, input.verb) ? HANDLERS[input.verb as Verb] : undefined;
  if (!handler) {
    return errorReply(`I don't recognise the action “${String(input.verb)}”; it may come from an old card. Type \`help\` to see what I can do.`);
  }
  try {
    return await handler(ctx, input);
  } catch (err) {
    return failureReply(ctx, input, err);
  }
}

/** Parses and dispatches typed text; a parse error becomes a private error reply showing the right form. */
export async function handleText(ctx: CommandContext, text: string): Promise<Reply> {
  let parsed = parseCommand(text);
  if (!parsed.ok && !parsed.error.usage) {
    // Only an unknown command has no usage line; its hint should list what this person can use.
    const isAgent = await ctx.helpdesk.isAgent(ctx.actor.email).catch(() => true);
    parsed = parseCommand(text, { isAgent });
  }
  if (!parsed.ok) return { view: { type: 'error', error: parsed.error }, visibility: 'private' };
  return dispatch(ctx, parsed.input);
}

/**
 * The command registry's entry points: typed commands and card/button/modal actions reach the
 * same handlers through `dispatch`. What each command is lives in its own file's declaration
 * (see declaration.ts); registry.ts lists them. These entry points are what the channels, notify
 * and tests call: a context without its own registry runs the product's (REGISTRY) here; the
 * modules behind them take the registry from their caller, so no feature reaches the list.
 *
 * Card actions: a button's `data` and a form's inputs arrive as `CommandInput.values`, under the
 * same keys the parser writes for typed commands:
 *   ticket.create      title, description, priority, category, sourceLink?
 *   ticket.new         title?, description?, sourceLink? (prefill)
 *   ticket.comment     comment, internal 'true'|'false'     ticket.commentForm  internal
 *   ticket.resolve     note?                                 ticket.assign       assignee (email or mention)
 *   ticket.status      status        ticket.priority  priority        ticket.queue  queue     asset.find  tag
 *   notify.subscribe / notify.unsubscribe   kind, value?     notify.preference    state 'on'|'off'
 *   help.show          topic?
 */
import { isPrivate } from '../core';
import { commandLogger } from './logger';
import { didYouMean } from './did-you-mean';
import { withDraft } from './drafts';
import { failureReply } from './failure';
import { freeTextReply } from './free-text';
import { checkInput } from './input';
import { commandNamed as namedIn, parseCommand as parseWith, type ParseOptions, type ParseResult } from './parse';
import { REGISTRY } from './registry';
import type { CommandRegistry } from './command-registry';
import type { CommandDeclaration } from './declaration';
import { errorReply, tr } from './respond';
import type { Translate } from '../i18n';
import { withFeatureParts } from './card-hooks';
import { decided, once } from './once';
import { labelledError } from '../views/error-view';
import type { CommandContext, CommandInput, Reply } from './types';

export { parseTicketId, type ParseOptions, type ParseResult } from './parse';
export {
  COMMAND_DECLARATIONS,
  COMMANDS,
  commandInfos,
  createRegistry,
  FORM_OPEN_VERB,
  FORM_TEMPLATES,
  HANDLERS,
  REGISTRY,
  TEAMS_MENU_LIMIT,
  teamsCommandLists,
  usageOf,
  type CommandInfo,
  type CommandRegistry,
} from './registry';
export type { Access, ArgShape, CommandDeclaration, CommandExample, FormDeclaration, TicketEffect } from './declaration';
export { ANSWER_RETRY_MS, savedLaterText, sendAnswer, type AnswerRoutes } from './saved-later';
export { answersBeforeFiling } from './new';

/** Parses one typed command (parse.ts) against `options.commands`, by default the product's. */
export function parseCommand(text: string, options: Partial<ParseOptions> = {}): ParseResult {
  return parseWith(text, { ...options, commands: options.commands ?? REGISTRY });
}

/** The declaration a typed word names, by name or alias, in `commands` (default the product's). */
export function commandNamed(word: string, commands: CommandRegistry = REGISTRY): CommandDeclaration | undefined {
  return namedIn(word, commands);
}

/** An error reply's usage line gets its label in the reader's language. */
function labelled(reply: Reply, ctx: CommandContext): Reply {
  return reply.view.type === 'error' ? { ...reply, view: { type: 'error', error: labelledError(reply.view.error, ctx.locale) } } : reply;
}

/** Routes a verb (typed command or card action) to its handler; every failure becomes a reply. */
export async function dispatch(ctx: CommandContext, raw: CommandInput): Promise<Reply> {
  const commands = ctx.commands ?? REGISTRY;
  return decided(await withFeatureParts(labelled(await route(ctx, commands, raw), ctx), ctx), commands);
}

async function route(ctx: CommandContext, commands: CommandRegistry, raw: CommandInput): Promise<Reply> {
  const t = tr(ctx);
  const input = checkInput(await withDraft(ctx, raw), t);
  if ('view' in input) return input;
  const handler = commands.handler(input.verb);
  if (!handler) {
    return errorReply(t('commands:dispatch.unknownAction', { verb: String(input.verb) }));
  }
  const declaration = commands.declarationFor(input.verb);
  if (declaration && !declaration.scopes.includes(ctx.conversation.kind)) {
    return errorReply(t(declaration.elsewhere ?? 'commands:dispatch.notHere', { command: declaration.name }));
  }
  try {
    // A writing click carries its decision: it acts once however often it arrives (once.ts).
    return await once(ctx, commands, input, (clean) => handler(ctx, clean, commands.declarations));
  } catch (err) {
    return failureReply(ctx, input, err);
  }
}

/**
 * Runs typed text, parsed once by the caller (Slack looks at the verb first to open a modal) or
 * here; a parse error becomes a private error reply showing the right form. Only an unknown
 * command has no usage line: its hint lists what this person can use, so that case alone asks
 * the service whether they are an agent.
 */
export async function handleText(ctx: CommandContext, text: string, parsed?: ParseResult): Promise<Reply> {
  if (typeof text !== 'string') return errorReply(tr(ctx)('commands:dispatch.messageNotText'));
  const commands = ctx.commands ?? REGISTRY;
  parsed ??= parseWith(text, { locale: ctx.locale, commands });
  // A near miss of a command is offered back corrected before anything else is made of it.
  if (!parsed.ok && !parsed.error.usage) {
    const suggestion = await didYouMean(ctx, commands, text);
    if (suggestion) return suggestion;
  }
  // In a personal chat, words that are not a command are a greeting or a problem, not a mistake.
  if (!parsed.ok && !parsed.error.usage && isPrivate(ctx.conversation) && text.trim()) return freeTextReply(ctx, text);
  if (!parsed.ok) {
    // A channel may have parsed without the reader's language: the error is worded again in it, not parsed again.
    const isAgent = parsed.error.usage ? undefined : await isAgentForHint(ctx);
    return { view: { type: 'error', error: labelledError(parsed.errorFor({ locale: ctx.locale, isAgent }), ctx.locale) }, visibility: 'private' };
  }
  const reply = await dispatch(ctx, parsed.input);
  return commands.writes(parsed.input.verb) ? quoted(reply, text, tr(ctx)) : reply;
}

/**
 * Whether the unknown-command hint may list the agents' commands. A help desk that cannot say
 * lists them all: a hint naming a command someone may not use is better than none, and running
 * one is refused by the handler anyway.
 */
async function isAgentForHint(ctx: CommandContext): Promise<boolean> {
  try {
    return await ctx.helpdesk.isAgent(ctx.actor.email);
  } catch (err) {
    const logger = commandLogger(ctx);
    logger.warn('agents list unreadable; the unknown-command hint lists every command', { error: err });
    return true;
  }
}

/** A failed write's error quotes the typed command, so nothing a person wrote is lost to an outage. */
function quoted(reply: Reply, text: string, t: Translate): Reply {
  if (reply.outcome !== 'failed' || reply.view.type !== 'error' || !text.trim()) return reply;
  const error = reply.view.error;
  return { ...reply, view: { type: 'error', error: { ...error, message: t('commands:dispatch.whatYouTyped', { message: error.message, typed: text.trim() }) } } };
}

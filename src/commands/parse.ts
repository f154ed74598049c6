/**
 * The one typed-command grammar shared by Teams and Slack. It checks shape only (ids, required
 * words, fixed keywords); values that depend on configuration (statuses, priorities) and length
 * limits are checked by the handlers, so card submits get the same checks.
 */
import type { ErrorView } from '../views/types';
import { COMMANDS, usageOf } from './catalog';
import type { CommandInput } from './types';
import { FILTER_KINDS, VERBS } from '../core';

/** A parsed command, or an error that names what was wrong and shows the right form. */
export type ParseResult = { ok: true; input: CommandInput } | { ok: false; error: ErrorView };

const QUEUES = ['unassigned', 'mine', 'high', 'all'] as const;

function ok(input: CommandInput): ParseResult {
  return { ok: true, input };
}

/** Every grammar error carries the command's usage; only an unknown command has none. */
function fail(message: string, command: string): ParseResult {
  return { ok: false, error: { message, usage: usageOf(command) } };
}

/** Splits off the first word; the rest keeps its inner spacing and line breaks. */
function head(text: string): [string, string] {
  const m = /^(\S+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  return m ? [m[1], (m[2] ?? '').trim()] : ['', ''];
}

/** `12` or `#12` -> 12. */
export function parseTicketId(word: string): number | undefined {
  const m = /^#?(\d{1,9})$/.exec(word);
  const n = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

type IdResult = { ok: true; id: number; rest: string } | { ok: false; result: ParseResult };

function withId(command: string, args: string): IdResult {
  const [word, rest] = head(args);
  if (!word) return { ok: false, result: fail(`Which ticket? Give its number, e.g. \`${command} 12\`.`, command) };
  const id = parseTicketId(word);
  if (id === undefined) return { ok: false, result: fail(`“${word}” is not a ticket number.`, command) };
  return { ok: true, id, rest };
}

function noArgs(command: string, args: string, input: CommandInput): ParseResult {
  if (args) return fail(`\`${command}\` takes nothing after it, but you typed “${args}”.`, command);
  return ok(input);
}

/** Commands of the form `<verb> <id>` with nothing after. */
function idOnly(command: string, args: string, verb: string): ParseResult {
  const r = withId(command, args);
  if (!r.ok) return r.result;
  if (r.rest) return fail(`\`${command}\` takes only a ticket number, but you also typed “${r.rest}”.`, command);
  return ok({ verb, ticketId: r.id });
}

/** Commands of the form `<verb> <id> <text>`; text required unless `optional`. */
function idText(command: string, args: string, verb: string, what: string, extra?: Record<string, string>, optional = false): ParseResult {
  const r = withId(command, args);
  if (!r.ok) return r.result;
  if (!r.rest && !optional) return fail(`Add the ${what} after the ticket number.`, command);
  const input: CommandInput = { verb, ticketId: r.id };
  if (r.rest) input.text = r.rest;
  if (extra) input.values = { ...extra };
  return ok(input);
}

function subscriptionFilter(command: 'subscribe' | 'unsubscribe', args: string): ParseResult {
  const verb = command === 'subscribe' ? VERBS.subscribe : VERBS.unsubscribe;
  if (!args) return ok(command === 'subscribe' ? { verb, values: { kind: 'all' } } : { verb });
  const [word, rest] = head(args);
  const kind = word.toLowerCase();
  if (!(FILTER_KINDS as readonly string[]).includes(kind)) {
    return fail(`“${word}” is not a filter. Use all, high, space <id>, category <name> or status <status>.`, command);
  }
  if (kind === 'all' || kind === 'high') {
    if (rest) return fail(`\`${command} ${kind}\` takes nothing after it, but you typed “${rest}”.`, command);
    return ok({ verb, values: { kind } });
  }
  if (!rest) return fail(`Say which ${kind}, e.g. \`${command} ${kind} ${kind === 'status' ? 'New' : kind === 'category' ? 'Hardware' : 'main'}\`.`, command);
  return ok({ verb, values: { kind, value: rest } });
}

/** What the parser may know about the person: requesters are not offered agent commands. */
export interface ParseOptions {
  isAgent?: boolean;
}

function unknown(word: string, options: ParseOptions): ParseResult {
  const names = COMMANDS.filter((c) => options.isAgent !== false || !c.agentOnly).map((c) => c.name).join(', ');
  return { ok: false, error: { message: `I don't know “${word}”. Try \`help\`. Commands: ${names}.` } };
}

/**
 * Parses one typed command (bot mention already stripped; a leading `/helpdesk` is tolerated).
 * With `isAgent: false` the unknown-command hint lists only commands this person can use.
 */
export function parseCommand(text: string, options: ParseOptions = {}): ParseResult {
  const cleaned = text.replace(/\u00a0/g, ' ').trim().replace(/^\/helpdesk\b/i, '').trim();
  if (!cleaned) return ok({ verb: VERBS.help });
  const [word, args] = head(cleaned);
  const command = word.toLowerCase();
  const bareId = parseTicketId(word);
  if (bareId !== undefined && !args) return ok({ verb: VERBS.show, ticketId: bareId });

  switch (command) {
    case 'help':
    case '?':
      return ok(args ? { verb: VERBS.help, values: { topic: args.toLowerCase() } } : { verb: VERBS.help });
    case 'new':
      return ok(args ? { verb: VERBS.newForm, values: { title: args } } : { verb: VERBS.newForm });
    case 'mine':
      return noArgs('mine', args, { verb: VERBS.mine });
    case 'show':
      return idOnly('show', args, VERBS.show);
    case 'comment':
      return idText('comment', args, VERBS.comment, 'comment');
    case 'assets':
      return noArgs('assets', args, { verb: VERBS.assets });
    case 'queue': {
      if (!args) return ok({ verb: VERBS.queue, text: 'unassigned' });
      const q = args.toLowerCase();
      if (!(QUEUES as readonly string[]).includes(q)) return fail(`“${args}” is not a queue.`, 'queue');
      return ok({ verb: VERBS.queue, text: q });
    }
    case 'claim':
      return idOnly('claim', args, VERBS.claim);
    case 'assign':
      return idText('assign', args, VERBS.assign, 'agent (email address or @mention)');
    case 'status':
      return idText('status', args, VERBS.status, 'new status');
    case 'priority':
      return idText('priority', args, VERBS.priority, 'new priority');
    case 'resolve':
      return idText('resolve', args, VERBS.resolve, 'note', undefined, true);
    case 'note':
      return idText('note', args, VERBS.comment, 'note', { internal: 'true' });
    case 'reply':
      return idText('reply', args, VERBS.comment, 'reply', { internal: 'false' });
    case 'asset':
      if (!args) return fail('Which asset? Give its tag or serial number.', 'asset');
      return ok({ verb: VERBS.asset, text: args });
    case 'subscribe':
    case 'unsubscribe':
      return subscriptionFilter(command, args);
    case 'subscriptions':
      return noArgs('subscriptions', args, { verb: VERBS.subscriptions });
    case 'notifications': {
      const v = args.toLowerCase();
      if (v !== 'on' && v !== 'off') {
        return fail(args ? `“${args}” is not on or off.` : 'Say `notifications off` or `notifications on`.', 'notifications');
      }
      return ok({ verb: VERBS.notifications, text: v });
    }
    default:
      return unknown(word, options);
  }
}

/**
 * The one typed-command grammar shared by Teams and Slack, driven by the commands' declared
 * argument shapes. It checks shape only (ids, required words, fixed keywords); values that depend
 * on configuration (statuses, priorities) and length limits are checked by the handlers, so card
 * submits get the same checks. It writes the same `values` keys the cards send.
 */
import { translator, type Translate } from '../i18n';
import { FILTER_KINDS, VERBS } from '../core';
import type { ErrorView } from '../views/types';
import type { ArgShape, CommandDeclaration } from './declaration';
import type { CommandRegistry } from './command-registry';
import type { CommandInput } from './types';

/**
 * A parsed command, or an error that names what was wrong and shows the right form. `errorFor`
 * words the same error for a reader whose language, or whether they are an agent, is known only
 * after parsing, so typed text is parsed once.
 */
export type ParseResult = { ok: true; input: CommandInput } | ParseFailure;

/** A command that could not be read: its error as parsed, and the same error worded for a given reader. */
export interface ParseFailure {
  ok: false;
  error: ErrorView;
  errorFor(reader: Pick<ParseOptions, 'locale' | 'isAgent'>): ErrorView;
}

function ok(input: CommandInput): ParseResult {
  return { ok: true, input };
}

/** What a grammar error says, in the language of the translator given. */
type Wording = (t: Translate) => string;

/** Who reads an error: their language, and whether they are an agent (an unknown command's hint lists only what they can use). */
type Reader = Pick<ParseOptions, 'locale' | 'isAgent'>;

/** A failure worded for the parse's reader, and on request for another. */
function failure(word: (reader: Reader) => ErrorView, reader: Reader): ParseFailure {
  return { ok: false, error: word(reader), errorFor: word };
}

/** Every grammar error carries the command's usage; only an unknown command has none. */
function fail(message: Wording, command: CommandDeclaration, reader: Reader): ParseResult {
  return failure((r) => ({ message: message(translator(r.locale)), usage: command.usage }), reader);
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

/** An example filter value for "Say which …" hints. */
const FILTER_EXAMPLE: Record<string, string> = { status: 'New', category: 'Hardware', space: 'main' };

function filterArgs(command: CommandDeclaration, args: string, fallback: string | undefined, input: CommandInput, reader: Reader): ParseResult {
  const name = command.name;
  // A trailing `sla` asks for SLA warnings and breaches of the filter's tickets instead of cards.
  const sla = /(?:^|\s)sla$/i.exec(args);
  if (sla) {
    const parsed = filterArgs(command, args.slice(0, sla.index).trim(), fallback ?? 'all', input, reader);
    return parsed.ok ? ok({ ...parsed.input, values: { kind: 'all', ...parsed.input.values, sla: 'yes' } }) : parsed;
  }
  if (!args) return ok(fallback ? { ...input, values: { kind: fallback } } : input);
  const [word, rest] = head(args);
  const kind = word.toLowerCase();
  if (!(FILTER_KINDS as readonly string[]).includes(kind)) {
    return fail((t) => t('commands:parse.notAFilter', { word }), command, reader);
  }
  if (kind === 'all' || kind === 'high') {
    if (rest) return fail((t) => t('commands:parse.takesNothingAfter', { command: `${name} ${kind}`, typed: rest }), command, reader);
    return ok({ ...input, values: { kind } });
  }
  if (!rest) return fail((t) => t('commands:parse.sayWhichFilter', { kind, example: `${name} ${kind} ${FILTER_EXAMPLE[kind]}` }), command, reader);
  return ok({ ...input, values: { kind, value: rest } });
}

/** Reads what follows the command word according to its declared shape. */
function readArgs(command: CommandDeclaration, shape: ArgShape, args: string, reader: Reader): ParseResult {
  const name = command.name;
  const input: CommandInput = { verb: command.verb };
  const values: Record<string, string> = { ...command.fixed };
  const withValues = (extra: CommandInput): ParseResult => ok(Object.keys(values).length ? { ...extra, values } : extra);
  switch (shape.kind) {
    case 'none':
      if (args) return fail((t) => t('commands:parse.takesNothingAfter', { command: name, typed: args }), command, reader);
      return withValues(input);
    case 'text':
      if (!args && shape.required) {
        const required = shape.required;
        return fail((t) => t(required), command, reader);
      }
      if (args) values[shape.key] = shape.lowercase ? args.toLowerCase() : args;
      return withValues(input);
    case 'choice': {
      const word = args.toLowerCase() || shape.fallback || '';
      if (!word) return fail((t) => (shape.missing ? t(shape.missing) : t('commands:parse.sayWhich', { noun: t(shape.noun) })), command, reader);
      if (!shape.choices.includes(word)) return fail((t) => t('commands:parse.notOneOf', { typed: args, noun: t(shape.noun) }), command, reader);
      values[shape.key] = word;
      return withValues(input);
    }
    case 'filter':
      return filterArgs(command, args, shape.fallback, input, reader);
    case 'id':
    case 'id text': {
      const [word, rest] = head(args);
      if (!word) return fail((t) => t('commands:parse.whichTicket', { command: name }), command, reader);
      const id = parseTicketId(word);
      if (id === undefined) return fail((t) => t('commands:parse.notATicketNumber', { word }), command, reader);
      if (shape.kind === 'id') {
        if (rest) return fail((t) => t('commands:parse.onlyTicketNumber', { command: name, typed: rest }), command, reader);
        return withValues({ ...input, ticketId: id });
      }
      if (!rest && !shape.optional) return fail((t) => t('commands:parse.addAfterNumber', { what: t(shape.what) }), command, reader);
      if (rest) values[shape.key] = rest;
      return withValues({ ...input, ticketId: id });
    }
  }
}

/** What the parser may know about the person: requesters are not offered agent commands. */
export interface ParseOptions {
  isAgent?: boolean;
  /** The reader's language for error messages (the command words are English in every language). */
  locale?: string;
  /** The commands to read (the caller's registry: CommandContext.commands, or the composition's). */
  commands: CommandRegistry;
}

function unknown(word: string, options: ParseOptions): ParseResult {
  const declarations = options.commands.declarations;
  const names = (isAgent: boolean | undefined) => declarations.filter((c) => isAgent !== false || c.who !== 'agents').map((c) => c.name).join(', ');
  return failure((r) => ({ message: translator(r.locale)('commands:parse.unknown', { word, commands: names(r.isAgent) }) }), options);
}

/** The declaration a typed word names, by name or alias (case-insensitive). */
export function commandNamed(word: string, commands: CommandRegistry): CommandDeclaration | undefined {
  return commands.named(word);
}

/**
 * Parses one typed command (bot mention already stripped; a leading `/helpdesk` is tolerated).
 * With `isAgent: false` the unknown-command hint lists only commands this person can use.
 */
export function parseCommand(text: string, options: ParseOptions): ParseResult {
  const cleaned = text.replace(/\u00a0/g, ' ').trim().replace(/^\/helpdesk\b/i, '').trim();
  if (!cleaned) return ok({ verb: VERBS.help });
  const [word, args] = head(cleaned);
  const bareId = parseTicketId(word);
  if (bareId !== undefined && !args) return ok({ verb: VERBS.show, ticketId: bareId });
  const command = options.commands.named(word);
  return command ? readArgs(command, command.args, args, options) : unknown(word, options);
}

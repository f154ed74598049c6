/**
 * What a command registry is, and how one is built from declarations in help order. This module
 * knows no feature list: the features and the commands' own modules import it, and only the
 * composition (registry.ts, the app, the channels' defaults, tests) builds a registry from FEATURES.
 */
import { translator } from '../i18n';
import type { ConversationKind, Verb } from '../core';
import type { NamedCardHook } from './card-hooks';
import type { CommandDeclaration, FormDeclaration } from './declaration';
import { NO_EXTENSIONS, type CommandExtensions } from './extensions';
import type { Handler } from './types';

/**
 * Where help lists each command, by name, everyone's first: core and feature commands mixed as a
 * reader looks for them. A command not named here (a new feature's) comes after these, in list order.
 */
export const HELP_ORDER: readonly string[] = [
  'help', 'new', 'mine', 'show', 'sla', 'search', 'comment', 'reopen', 'edit', 'assets', 'notifications',
  'queue', 'claim', 'assign', 'status', 'priority', 'resolve', 'merge', 'note', 'reply', 'replies', 'answers', 'save-answer', 'csat', 'asset',
  'subscribe', 'unsubscribe', 'subscriptions', 'space', 'digest', 'language',
];

/** `declarations` in help order (HELP_ORDER, then the rest as given). */
export function inHelpOrder(declarations: readonly CommandDeclaration[]): CommandDeclaration[] {
  const rank = (c: CommandDeclaration) => {
    const at = HELP_ORDER.indexOf(c.name);
    return at < 0 ? HELP_ORDER.length : at;
  };
  return declarations.map((c, i) => ({ c, i })).sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i).map(({ c }) => c);
}

/** One typed command as people see it in help and in app manifests. */
export interface CommandInfo {
  name: string;
  usage: string;
  description: string;
  agentOnly: boolean;
}

/** One Teams command menu as the manifest's `commandLists` holds it. */
export interface TeamsCommandList {
  scopes: string[];
  commands: { title: string; description: string }[];
}

/** Everything the commands' declarations decide, looked up one way for the parser, dispatch and the channels. */
export interface CommandRegistry {
  /** The declarations, in help order. */
  readonly declarations: readonly CommandDeclaration[];
  /** The handler of a verb some declaration handles. */
  handler(verb: string): Handler | undefined;
  /** The declaration whose file handles `verb`. */
  declarationFor(verb: string): CommandDeclaration | undefined;
  /** The declaration a typed word names, by name or alias (case-insensitive). */
  named(word: string): CommandDeclaration | undefined;
  /** True when `value` is a verb some declaration handles (card payloads are untrusted input). */
  isVerb(value: unknown): value is Verb;
  /** True when a typed command with this verb changes something (its failure quotes what was typed). */
  writes(verb: string): boolean;
  /** True when a click of this verb writes, so a decision it carries is claimed first (declaration `once`). */
  actsOnce(verb: string): boolean;
  /** The form a verb opens, if it opens one. */
  formOpenedBy(verb: string): FormDeclaration | undefined;
  /** Every typed command as help and the manifests show it, in `locale` (default English). */
  infos(locale?: string): CommandInfo[];
  /** The Teams manifest's `commandLists`, at most 10 commands each; descriptions in `locale` (default English). */
  teamsCommandLists(locale?: string): TeamsCommandList[];
  /** What the bound features add to agents' cards (none in a registry that only describes them). */
  readonly cards: readonly NamedCardHook[];
  /** What the bound features add to the core's commands (nothing in a registry that only describes them). */
  readonly extensions: CommandExtensions;
}

/** Teams allows at most this many commands in one command menu. */
export const TEAMS_MENU_LIMIT = 10;

const TEAMS_SCOPE: Record<ConversationKind, string> = { personal: 'personal', channel: 'team', group: 'groupChat' };

/** The commands a Teams menu holds: the highest-ranked 10 of those declared for it, in help order. */
function menuOf(declarations: readonly CommandDeclaration[], kind: ConversationKind): CommandDeclaration[] {
  const wanted = declarations.filter((c) => c.menus.includes(kind));
  const kept = new Set([...wanted].sort((a, b) => (b.menuRank ?? 0) - (a.menuRank ?? 0)).slice(0, TEAMS_MENU_LIMIT));
  return wanted.filter((c) => kept.has(c));
}

/** Builds the registry from declarations in help order (the app uses COMMAND_DECLARATIONS; tests may add their own). */
export function createRegistry(declarations: readonly CommandDeclaration[], cards: readonly NamedCardHook[] = [], extensions: CommandExtensions = NO_EXTENSIONS): CommandRegistry {
  const handlers = new Map<string, Handler>();
  const owners = new Map<string, CommandDeclaration>();
  for (const c of declarations) {
    for (const [verb, handler] of Object.entries(c.handles)) {
      if (owners.has(verb)) throw new Error(`${verb} is handled by both ${owners.get(verb)!.name} and ${c.name}`);
      handlers.set(verb, handler as Handler);
      owners.set(verb, c);
    }
  }
  const writes = new Set(declarations.filter((c) => c.writes).map((c) => c.verb as string));
  const once = new Set(declarations.flatMap((c) => c.once ?? []));
  const forms = new Map(declarations.flatMap((c) => (c.form ? [[c.form.opens as string, c.form] as const] : [])));
  return {
    declarations,
    cards,
    extensions,
    handler: (verb) => handlers.get(verb),
    declarationFor: (verb) => owners.get(verb),
    named(word) {
      const w = word.toLowerCase();
      return declarations.find((c) => c.name === w || c.aliases?.includes(w));
    },
    isVerb: (value): value is Verb => typeof value === 'string' && handlers.has(value),
    writes: (verb) => writes.has(verb),
    actsOnce: (verb) => once.has(verb),
    formOpenedBy: (verb) => forms.get(verb),
    infos(locale) {
      const t = translator(locale);
      return declarations.map((c) => ({ name: c.name, usage: c.usage, description: t(c.description), agentOnly: c.who === 'agents' }));
    },
    teamsCommandLists(locale) {
      const t = translator(locale);
      return (['personal', 'channel', 'group'] as const).map((kind) => ({
        scopes: [TEAMS_SCOPE[kind]],
        commands: menuOf(declarations, kind).map((c) => ({ title: c.name, description: t(c.description) })),
      }));
    },
  };
}


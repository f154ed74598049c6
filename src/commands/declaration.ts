/**
 * The shape every command file exports: everything about one command in one object. The
 * registry (index.ts), the parser, help, error hints and the Teams manifest's command lists are
 * all built from these declarations.
 */
import type { ConversationKind, FilterKind, Verb } from '../core';
import type { Handler } from './types';

/**
 * What may follow the command word. The parser writes what it reads into `values` under `key`,
 * the same keys the cards and modals send, so a handler reads one place.
 */
export type ArgShape =
  | { kind: 'none' }
  /** Free text; `required` is the catalog key of the message when it is missing. */
  | { kind: 'text'; key: string; required?: string; lowercase?: boolean }
  | { kind: 'id' }
  /** A ticket id, then text; `what` (a catalog key) names the text in "Add the … after the ticket number". */
  | { kind: 'id text'; key: string; what: string; optional?: boolean }
  /** One word out of `choices`, lower-cased; `noun` and `missing` are catalog keys (what it is, the message when none is given). */
  | { kind: 'choice'; key: string; choices: readonly string[]; noun: string; fallback?: string; missing?: string }
  /** A subscription filter (`kind` and `value`); `fallback` is the kind used when none is typed. */
  | { kind: 'filter'; fallback?: FilterKind };

/** One typed command and the verbs its file handles. */
export interface CommandDeclaration {
  /** The word people type: English in every language, so commands stay typeable. */
  name: string;
  /** Other words that mean the same command. */
  aliases?: readonly string[];
  /** The usage line help and error messages show, e.g. `claim <ticket id>`. */
  usage: string;
  /** Catalog key of the one line for help and the Teams command menu (`commands:describe.<name>`). */
  description: string;
  /** Who help and hints offer it to; the ticket service still decides what each person may do. */
  who: 'everyone' | 'agents';
  /** Where it works; elsewhere it is refused with `elsewhere`. */
  scopes: readonly ConversationKind[];
  /** Catalog key: why it does not work in other conversations, shown (with `{{command}}`) instead of running it. */
  elsewhere?: string;
  /** The Teams command menus (at most 10 commands each) that list it. */
  menus: readonly ConversationKind[];
  /** What may follow the command word. */
  args: ArgShape;
  /** The verb the typed command runs. */
  verb: Verb;
  /** Values the typed command always adds, e.g. `note` adds `internal: 'true'`. */
  fixed?: Readonly<Record<string, string>>;
  /** The verbs this file handles: the typed verb and its card-only companions (forms, submits). */
  handles: Partial<Record<Verb, Handler>>;
}

/** Every kind of conversation. */
export const EVERYWHERE: readonly ConversationKind[] = ['personal', 'group', 'channel'];

/**
 * The shape every command file exports: everything about one command in one object. The
 * registry (registry.ts), the parser, help, error hints, the write list, the form tables, the
 * Teams manifest's command lists and the tests' authorization matrix are all built from these
 * declarations.
 */
import type { ConversationKind, FilterKind, Verb } from '../core';
import type { FormView, View } from '../views/types';
import type { HelpGroup } from '../core/help-groups';
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

/**
 * The form a command opens: which one, the verb that opens it, and for the ticket core's forms the
 * Teams card template (cards/<template>.json) that lays it out. A form of fields (FormView.fields)
 * has no template: each channel lays out its fields.
 */
export interface FormDeclaration {
  name: FormView['form'];
  opens: Verb;
  template?: string;
}

/**
 * Who may run an example, as the ticket service decides it: `owner` the requester on their own
 * ticket and every agent; `email` anyone with an address; `agents-shared` agents, in channels and
 * group chats only; `self-or-agents` anyone with an address in a personal chat, agents elsewhere.
 * Unset, it follows from `who` and `scopes`.
 */
export type Access = 'everyone' | 'email' | 'owner' | 'agents' | 'agents-shared' | 'self-or-agents';

/** What an example leaves on its ticket: a comment, a note, the asker or another agent assigned, a new status, priority or title, resolved, reopened. */
export type TicketEffect = 'comment' | 'note' | 'assigned-me' | 'assigned-other' | 'status' | 'priority' | 'resolved' | 'title' | 'reopened';

/**
 * One way to use a command, typed or from a card. The parse test types each one, and the
 * authorization matrix runs each one as every kind of person, typed and clicked.
 */
export interface CommandExample {
  /** How tests name it; default the typed text. */
  name?: string;
  /** As typed; `{id}` stands for a ticket number. Unset: a card-only example. */
  typed?: string;
  /** The verb a card or button sends (default the command's `verb`); the typed text parses to it. */
  verb?: Verb;
  /** What a card or button sends with it: the keys the parser writes; `{tag}` stands for a unique word. */
  values?: Readonly<Record<string, string>>;
  /** Set when it acts on one ticket: the state that ticket is in first. */
  ticket?: 'open' | 'resolved' | 'held';
  /** What it leaves on that ticket when allowed; unset: nothing (a read or a form). */
  effect?: TicketEffect;
  /** Who may run it, when that is not what `who` and `scopes` say. */
  access?: Access;
}

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
  /** The Teams command menus that list it. */
  menus: readonly ConversationKind[];
  /**
   * Teams shows at most 10 commands per menu: the 10 with the highest rank (default 0; ties go
   * by help order) are listed, in help order.
   */
  menuRank?: number;
  /** What may follow the command word. */
  args: ArgShape;
  /** The verb the typed command runs. */
  verb: Verb;
  /** Values the typed command always adds, e.g. `note` adds `internal: 'true'`. */
  fixed?: Readonly<Record<string, string>>;
  /** The verbs this file handles: the typed verb and its card-only companions (forms, submits). */
  handles: Partial<Record<Verb, Handler>>;
  /** The typed command changes something: when it fails, the error quotes what was typed, so nothing is lost. */
  writes?: boolean;
  /**
   * The verbs this file handles whose click writes (a form's submit, a confirm, a button that
   * changes something): a click carrying a decision acts once however often it arrives, and the
   * clicks after the first are answered with its result (src/commands/once.ts).
   */
  once?: readonly string[];
  /** An agent may type it in a ticket card's thread, the ticket's number left out (src/notify/thread-replies.ts). */
  inThread?: boolean;
  /** The form it opens, if any (Slack opens a modal for its verb before any slow work). */
  form?: FormDeclaration;
  /** The view its verbs answer with (a form's verb answers with the form). */
  answers: View['type'];
  /** Ways to use it (at least one typed); see CommandExample. */
  examples: readonly CommandExample[];
  /** Where help lists it: by what people want to do (catalog `views:help.group.<group>`). */
  helpGroup: HelpGroup;
}


/** Every kind of conversation. */
export const EVERYWHERE: readonly ConversationKind[] = ['personal', 'group', 'channel'];

/**
 * The authorization matrix's table (issue 10.7): who is asked, every verb the registry declares
 * (as cards send it and as it is typed), and who may do what. The rows are the declarations'
 * examples; coverage.test.ts fails when a verb or a typed command has no example, so a new command
 * cannot skip the matrix.
 */
import { COMMAND_DECLARATIONS, type CommandDeclaration, type CommandExample } from '../../src/commands';
import type { ConversationKind, Verb } from '../../src/core';
import type { View } from '../../src/views/types';
import type { Actor } from '../../src/helpdesk/types';

/** The five kinds of people the matrix asks as. */
export const PEOPLE = {
  requester: { email: 'lynner@example.com', name: 'Lynne Robbins' },
  agent: { email: 'meganb@example.com', name: 'Megan Bowen' },
  inactiveAgent: { email: 'adelev@example.com', name: 'Adele Vance' },
  unrelated: { email: 'pattif@example.com', name: 'Patti Fernandez' },
  noEmail: { email: '', name: 'Guest' },
} satisfies Record<string, Actor>;
export type Who = keyof typeof PEOPLE;
export const EVERYONE = Object.keys(PEOPLE) as Who[];

/** The other active agent: assignee of `assign` rows and holder of `held` tickets. */
export const OTHER_AGENT = { email: 'alexw@example.com', name: 'Alex Wilber' };

/** Whose ticket a row acts on: the asker's own, or someone else's. */
export type Whose = 'own' | 'others';

/** What a ticket looks like before the row runs. */
export type TicketState = 'open' | 'resolved' | 'held';

/** One ticket verb: `card` is what a button or form sends (the id added), `typed` the command (`{id}` = the ticket). */
export interface TicketRow {
  name: string;
  verb: Verb;
  values?: Record<string, string>;
  typed?: string;
  state: TicketState;
  /** owner: the requester on their own ticket and every agent; agents: active agents only. */
  who: 'owner' | 'agents';
  /** What an allowed run leaves at the site; undefined = nothing (a read or a form). */
  effect?: 'comment' | 'note' | 'assigned-me' | 'assigned-other' | 'status' | 'priority' | 'resolved' | 'title' | 'reopened';
  /** The reply an allowed run gives. */
  /** What an allowed run answers: the ticket card, a form about it, or a confirmation (e.g. `sla`'s report). */
  shows: 'ticket' | 'form' | 'confirmation';
}

/** A declaration's example as a matrix row: `typed` and card `values` as the example gives them. */
function rowOf(c: CommandDeclaration, e: CommandExample) {
  return { name: e.name ?? e.typed ?? c.name, verb: e.verb ?? c.verb, ...(e.values ? { values: { ...e.values } } : {}), ...(e.typed ? { typed: e.typed } : {}) };
}

/** Every example that acts on one ticket, from the declarations; card-only ones (forms, refresh, submits) have no `typed`. */
export function ticketRows(declarations: readonly CommandDeclaration[]): TicketRow[] {
  return declarations.flatMap((c) =>
    c.examples.flatMap((e): TicketRow[] => {
      if (!e.ticket) return [];
      const verb = e.verb ?? c.verb;
      const who = e.access === 'owner' || e.access === 'agents' ? e.access : c.who === 'agents' ? 'agents' : 'owner';
      return [{ ...rowOf(c, e), state: e.ticket, who, ...(e.effect ? { effect: e.effect } : {}), shows: c.form?.opens === verb ? 'form' : (c.answers as TicketRow['shows']) }];
    }),
  );
}

/** Every ticket verb, typed and from cards. */
export const TICKET_ROWS: TicketRow[] = ticketRows(COMMAND_DECLARATIONS);

/** True when `who` may run `row` on their own or someone else's ticket. */
export function mayOnTicket(who: Who, whose: Whose, row: TicketRow): boolean {
  if (who === 'agent') return true;
  // Inactive agents are requesters; a person without an address owns nothing.
  return who !== 'noEmail' && whose === 'own' && row.who === 'owner';
}

/** Who files the ticket a row acts on. */
export function ownerOf(who: Who, whose: Whose): Who {
  if (whose === 'own') return who;
  return who === 'requester' ? 'unrelated' : 'requester';
}

/** A verb that is not about one ticket: `values` as cards send them, `typed` as people type them. */
export interface GeneralRow {
  name: string;
  verb: Verb;
  values?: Record<string, string>;
  typed?: string;
  /**
   * everyone; email: anyone with an address; agents: active agents; agents-shared: agents, in
   * channels and group chats only; self-or-agents: anyone with an address in a personal chat
   * (it is about themselves), agents in channels and group chats.
   */
  who: 'everyone' | 'email' | 'agents' | 'agents-shared' | 'self-or-agents';
  /** The view an allowed run answers with. */
  shows: View['type'];
}

/** Every example that is not about one ticket, from the declarations. */
export function generalRows(declarations: readonly CommandDeclaration[]): GeneralRow[] {
  return declarations.flatMap((c) =>
    c.examples.flatMap((e): GeneralRow[] => {
      if (e.ticket) return [];
      const verb = e.verb ?? c.verb;
      const shared = !c.scopes.includes('personal');
      const who = e.access && e.access !== 'owner' ? e.access : c.who === 'everyone' ? 'everyone' : shared ? 'agents-shared' : 'agents';
      return [{ ...rowOf(c, e), who, shows: c.form?.opens === verb ? 'form' : c.answers }];
    }),
  );
}

/** Every verb that is not about one ticket, including every queue filter and every subscription filter. */
export const GENERAL_ROWS: GeneralRow[] = generalRows(COMMAND_DECLARATIONS);

/** True when `who` may run `row` in a conversation of this kind. */
export function mayGenerally(who: Who, kind: ConversationKind, row: GeneralRow): boolean {
  switch (row.who) {
    case 'everyone':
      return true;
    case 'email':
      return who !== 'noEmail';
    case 'agents':
      return who === 'agent';
    case 'agents-shared':
      return who === 'agent' && kind !== 'personal';
    case 'self-or-agents':
      return kind === 'personal' ? who !== 'noEmail' : who === 'agent';
  }
}

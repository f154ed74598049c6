/**
 * The authorization matrix's table (issue 10.7): who is asked, every verb the registry declares
 * (as cards send it and as it is typed), and who may do what. coverage.test.ts fails when a verb or
 * a typed command has no row here, so a new command cannot skip the matrix.
 */
import type { ConversationKind, Verb } from '../../src/core';
import { VERBS } from '../../src/core/verbs';
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
  shows: 'ticket' | 'form';
}

/** Every ticket verb, typed and from cards; card-only verbs (forms, refresh, submits) have no `typed`. */
export const TICKET_ROWS: TicketRow[] = [
  { name: 'show', verb: VERBS.show, typed: 'show {id}', state: 'open', who: 'owner', shows: 'ticket' },
  { name: 'bare id', verb: VERBS.show, typed: '#{id}', state: 'open', who: 'owner', shows: 'ticket' },
  { name: 'refresh', verb: VERBS.refresh, state: 'open', who: 'owner', shows: 'ticket' },
  { name: 'comment form', verb: VERBS.commentForm, values: { internal: 'false' }, state: 'open', who: 'owner', shows: 'form' },
  { name: 'note form', verb: VERBS.commentForm, values: { internal: 'true' }, state: 'open', who: 'owner', shows: 'form' },
  { name: 'comment', verb: VERBS.comment, values: { comment: 'matrix comment', internal: 'false' }, typed: 'comment {id} matrix comment', state: 'open', who: 'owner', effect: 'comment', shows: 'ticket' },
  { name: 'reply', verb: VERBS.comment, values: { comment: 'matrix reply', internal: 'false' }, typed: 'reply {id} matrix reply', state: 'open', who: 'owner', effect: 'comment', shows: 'ticket' },
  { name: 'note', verb: VERBS.comment, values: { comment: 'matrix note', internal: 'true' }, typed: 'note {id} matrix note', state: 'open', who: 'agents', effect: 'note', shows: 'ticket' },
  { name: 'edit form', verb: VERBS.editForm, typed: 'edit {id}', state: 'open', who: 'owner', shows: 'form' },
  { name: 'edit', verb: VERBS.edit, values: { title: 'matrix edited title', description: 'matrix edited' }, state: 'open', who: 'owner', effect: 'title', shows: 'ticket' },
  { name: 'reopen form', verb: VERBS.reopenForm, state: 'resolved', who: 'owner', shows: 'form' },
  { name: 'reopen', verb: VERBS.reopen, values: { reason: 'matrix reopen reason' }, typed: 'reopen {id} matrix reopen reason', state: 'resolved', who: 'owner', effect: 'reopened', shows: 'ticket' },
  { name: 'claim', verb: VERBS.claim, typed: 'claim {id}', state: 'open', who: 'agents', effect: 'assigned-me', shows: 'ticket' },
  { name: 'take over', verb: VERBS.claim, values: { takeOver: 'true' }, state: 'held', who: 'agents', effect: 'assigned-me', shows: 'ticket' },
  { name: 'assign form', verb: VERBS.assignForm, state: 'open', who: 'agents', shows: 'form' },
  { name: 'assign', verb: VERBS.assign, values: { assignee: OTHER_AGENT.email }, typed: `assign {id} ${OTHER_AGENT.email}`, state: 'open', who: 'agents', effect: 'assigned-other', shows: 'ticket' },
  { name: 'status', verb: VERBS.status, values: { status: 'In Progress' }, typed: 'status {id} In Progress', state: 'open', who: 'agents', effect: 'status', shows: 'ticket' },
  { name: 'priority', verb: VERBS.priority, values: { priority: 'High' }, typed: 'priority {id} High', state: 'open', who: 'agents', effect: 'priority', shows: 'ticket' },
  { name: 'resolve form', verb: VERBS.resolveForm, state: 'open', who: 'agents', shows: 'form' },
  { name: 'resolve', verb: VERBS.resolve, values: { note: 'matrix resolution' }, typed: 'resolve {id} matrix resolution', state: 'open', who: 'agents', effect: 'resolved', shows: 'ticket' },
];

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
}

/** Every verb that is not about one ticket, including every queue filter and every subscription filter. */
export const GENERAL_ROWS: GeneralRow[] = [
  { name: 'help', verb: VERBS.help, typed: 'help', who: 'everyone' },
  { name: 'help topic', verb: VERBS.help, values: { topic: 'claim' }, typed: '? claim', who: 'everyone' },
  { name: 'new form', verb: VERBS.newForm, values: { title: 'matrix new' }, typed: 'new matrix new', who: 'everyone' },
  { name: 'create', verb: VERBS.create, values: { title: 'matrix filed {tag}', description: 'filed by the matrix' }, who: 'email' },
  { name: 'mine', verb: VERBS.mine, typed: 'mine', who: 'everyone' },
  { name: 'search', verb: VERBS.search, values: { query: 'matrix' }, typed: 'search matrix', who: 'everyone' },
  { name: 'find', verb: VERBS.search, values: { query: 'printer' }, typed: 'find printer', who: 'everyone' },
  { name: 'assets', verb: VERBS.assets, typed: 'assets', who: 'everyone' },
  { name: 'asset', verb: VERBS.asset, values: { tag: 'LAP-0035' }, typed: 'asset LAP-0035', who: 'agents' },
  { name: 'queue', verb: VERBS.queue, typed: 'queue', who: 'agents' },
  ...['unassigned', 'mine', 'high', 'all'].map((queue): GeneralRow => ({ name: `queue ${queue}`, verb: VERBS.queue, values: { queue }, typed: `queue ${queue}`, who: 'agents' })),
  { name: 'queue page 2', verb: VERBS.queue, values: { queue: 'all', page: '2' }, who: 'agents' },
  { name: 'notifications off', verb: VERBS.notifications, values: { state: 'off' }, typed: 'notifications off', who: 'email' },
  { name: 'notifications on', verb: VERBS.notifications, values: { state: 'on' }, typed: 'notifications on', who: 'email' },
  { name: 'subscribe', verb: VERBS.subscribe, typed: 'subscribe', who: 'agents-shared' },
  ...(['all', 'high'] as const).map((kind): GeneralRow => ({ name: `subscribe ${kind}`, verb: VERBS.subscribe, values: { kind }, typed: `subscribe ${kind}`, who: 'agents-shared' })),
  { name: 'subscribe space', verb: VERBS.subscribe, values: { kind: 'space', value: 'it' }, typed: 'subscribe space it', who: 'agents-shared' },
  { name: 'subscribe category', verb: VERBS.subscribe, values: { kind: 'category', value: 'Network' }, typed: 'subscribe category Network', who: 'agents-shared' },
  { name: 'subscribe status', verb: VERBS.subscribe, values: { kind: 'status', value: 'New' }, typed: 'subscribe status New', who: 'agents-shared' },
  { name: 'subscriptions', verb: VERBS.subscriptions, typed: 'subscriptions', who: 'agents' },
  // `language` in a personal chat sets the person's own language (issue 23 item 9), so it is open to anyone with an address there.
  { name: 'language', verb: VERBS.language, typed: 'language', who: 'self-or-agents' },
  { name: 'language de', verb: VERBS.language, values: { locale: 'de' }, typed: 'language de', who: 'self-or-agents' },
  { name: 'unsubscribe one', verb: VERBS.unsubscribe, values: { kind: 'high' }, typed: 'unsubscribe high', who: 'agents-shared' },
  { name: 'unsubscribe', verb: VERBS.unsubscribe, typed: 'unsubscribe', who: 'agents-shared' },
];

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

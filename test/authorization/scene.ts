/**
 * The matrix's scene: the embedded help-desk site over HTTP, a real SQLite store (search index,
 * subscriptions, mute preferences) and the command layer, plus what the matrix asserts on every
 * reply: refused or not, the words of a refusal, and that no internal note is in it.
 */
import { dispatch, handleText, type CommandRegistry } from '../../src/commands';
import type { CommandContext, CommandInput, Reply } from '../../src/commands/types';
import type { ConversationKind } from '../../src/core';
import type { Comment, Ticket } from '../../src/helpdesk/types';
import { createConversationPorts } from '../../src/store';
import { openTestIndex, type TestIndex } from '../search/indexed';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { OTHER_AGENT, PEOPLE, type TicketState, type Who } from './table';
import { featureCommands } from '../support/feature-commands';

/** A ticket id no ticket has. */
export const MISSING = 987_654;

/** A running scene. */
export interface MatrixScene {
  stack: HelpdeskStack;
  index: TestIndex;
  /** A command context for `who` in a conversation of `kind` (its id unique to `conversationId`). */
  ctx(who: Who, kind: ConversationKind, conversationId?: string): CommandContext;
  /** Files a ticket as `owner` with one internal note, brought to `state`. */
  ticket(owner: Who, state: TicketState, title?: string): Promise<number>;
  /** The ticket as the site holds it, and every comment on it (internal ones too). */
  site(id: number): Promise<{ ticket: Ticket; comments: Comment[] }>;
  /** Every internal note body at the site. */
  internalNotes(): Promise<string[]>;
  close(): Promise<void>;
}

/** Starts the scene (with `commands`, default the product's); the agents list is never cached, so an inactive agent is never served stale. */
export async function startMatrixScene(commands?: CommandRegistry): Promise<MatrixScene> {
  const index = openTestIndex();
  const stack = await startHelpdeskStack({ service: { agentCacheTtlMs: 0, searchIndex: index.store } });
  const ports = createConversationPorts(index.store);
  const registry = commands ?? (await featureCommands(index.store, { graph: stack.graph, vocabulary: stack.helpdesk.vocabulary }));
  const agent = PEOPLE.agent;
  let n = 0;
  const scene: MatrixScene = {
    stack,
    index,
    ctx: (who, kind, conversationId = `matrix-${kind}`) => ({
      actor: PEOPLE[who],
      helpdesk: stack.helpdesk,
      conversation: { platform: 'teams', id: conversationId, kind },
      channel: {},
      notifications: ports,
      commands: registry,
    }),
    async ticket(owner, state, title = `Matrix ticket ${++n}`) {
      const filer = owner === 'noEmail' ? PEOPLE.requester : PEOPLE[owner];
      const t = await stack.helpdesk.createTicket(filer, { title, description: 'for the matrix' });
      await stack.helpdesk.addComment(agent, t.id, `Internal: matrix secret ${t.id}`, { internal: true });
      if (state === 'resolved') await stack.helpdesk.resolve(agent, t.id);
      if (state === 'held') await stack.helpdesk.assign(agent, t.id, OTHER_AGENT.email);
      return t.id;
    },
    async site(id) {
      const { ticket, comments } = await stack.helpdesk.getTicketWithComments(agent, id);
      return { ticket, comments };
    },
    async internalNotes() {
      const out: string[] = [];
      for await (const item of stack.graph.listAll('SD_Comments', {})) {
        if (item.fields.SD_IsInternal === true) out.push(String(item.fields.SD_Body ?? ''));
      }
      return out.filter(Boolean);
    },
    async close() {
      await stack.close();
      await index.close();
    },
  };
  return scene;
}

/** Runs one input as a card click (`values` sent) or as typed text. */
export function run(ctx: CommandContext, how: 'card' | 'typed', card: CommandInput, typed?: string): Promise<Reply> {
  return how === 'card' ? dispatch(ctx, card) : handleText(ctx, typed!);
}

/** A refusal: an error, or a form sent back with an error on it (nothing was done). */
export function refused(reply: Reply): boolean {
  return reply.view.type === 'error' || (reply.view.type === 'form' && reply.view.form.errors.length > 0);
}

/** What a refusal says, with `id` written as `#` so refusals about two tickets compare. */
export function words(reply: Reply, id?: number | string): string {
  const v = reply.view;
  const text = v.type === 'error' ? `${v.error.message}|${v.error.usage ?? ''}` : v.type === 'form' ? v.form.errors.map((e) => e.message).join('|') : '';
  return id === undefined ? text : text.replaceAll(String(id), '#');
}

/** Every string anywhere in a reply (views, actions, data), to search for what must not be there. */
export function everyString(value: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  return out;
}

/** The internal notes a reply shows. */
export function notesIn(reply: unknown, notes: string[]): string[] {
  const text = everyString(reply).join('\n');
  return notes.filter((n) => text.includes(n));
}

/** An agent's own view (a personal chat, or an answer only they see) may show internal notes; no other reply may. */
export function mayShowNotes(who: Who, kind: ConversationKind, reply: Reply): boolean {
  return who === 'agent' && (kind === 'personal' || reply.visibility === 'private');
}

/**
 * The authorization matrix (issue 10.7), through the real command layer against the embedded
 * help-desk site: requester / agent / inactive agent / unrelated person / person without an email
 * × every ticket verb, typed and from cards, on their own and others' tickets, in a personal chat
 * and a channel. Allowed ones work; the others are refused with the same words whether the ticket
 * exists or not; internal notes never appear outside agents' private views.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch, handleText } from '../../src/commands';
import type { CommandContext, CommandInput, Reply } from '../../src/commands/types';
import type { ConversationKind } from '../../src/core';
import { VERBS } from '../../src/core/verbs';
import type { Actor } from '../../src/helpdesk/types';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';

let stack: HelpdeskStack;
const NOTE = `Internal: matrix secret ${Date.now()}`;
const MISSING = 987_654;

const PEOPLE = {
  requester: { email: 'lynner@example.com', name: 'Lynne Robbins' },
  agent: { email: 'meganb@example.com', name: 'Megan Bowen' },
  inactiveAgent: { email: 'adelev@example.com', name: 'Adele Vance' },
  unrelated: { email: 'pattif@example.com', name: 'Patti Fernandez' },
  noEmail: { email: '', name: 'Guest' },
} satisfies Record<string, Actor>;
type Who = keyof typeof PEOPLE;

/** Each ticket verb as a card sends it and as it is typed (`{id}` is the ticket). */
const VERB_CASES: { verb: string; card: Omit<CommandInput, 'ticketId'>; typed?: string }[] = [
  { verb: 'show', card: { verb: VERBS.show }, typed: 'show {id}' },
  { verb: 'refresh', card: { verb: VERBS.refresh } },
  { verb: 'comment', card: { verb: VERBS.comment, values: { comment: 'matrix comment', internal: 'false' } }, typed: 'comment {id} matrix comment' },
  { verb: 'note', card: { verb: VERBS.comment, values: { comment: 'matrix note', internal: 'true' } }, typed: 'note {id} matrix note' },
  { verb: 'commentForm', card: { verb: VERBS.commentForm } },
  { verb: 'claim', card: { verb: VERBS.claim }, typed: 'claim {id}' },
  { verb: 'assignForm', card: { verb: VERBS.assignForm } },
  { verb: 'assign', card: { verb: VERBS.assign, values: { assignee: 'alexw@example.com' } }, typed: 'assign {id} alexw@example.com' },
  { verb: 'status', card: { verb: VERBS.status, values: { status: 'In Progress' } }, typed: 'status {id} In Progress' },
  { verb: 'priority', card: { verb: VERBS.priority, values: { priority: 'High' } }, typed: 'priority {id} High' },
  { verb: 'resolveForm', card: { verb: VERBS.resolveForm } },
  { verb: 'resolve', card: { verb: VERBS.resolve, values: { note: 'matrix done' } }, typed: 'resolve {id} matrix done' },
];

/** What each person may do to the requester's ticket; everything else must be refused. */
const ALLOWED: Record<Who, string[]> = {
  agent: VERB_CASES.map((c) => c.verb),
  requester: ['show', 'refresh', 'comment', 'commentForm'],
  inactiveAgent: [],
  unrelated: [],
  noEmail: [],
};

const ctx = (who: Who, kind: ConversationKind): CommandContext => ({
  actor: PEOPLE[who],
  helpdesk: stack.helpdesk,
  conversation: { platform: 'teams', id: `matrix-${kind}`, kind },
  channel: {},
});

const refused = (reply: Reply) => reply.view.type === 'error';
const words = (reply: Reply) => (reply.view.type === 'error' ? reply.view.error.message : '');

async function freshTicket(): Promise<number> {
  const t = await stack.helpdesk.createTicket(PEOPLE.requester, { title: 'Matrix ticket', description: 'for the matrix' });
  await stack.helpdesk.addComment(PEOPLE.agent, t.id, NOTE, { internal: true });
  return t.id;
}

beforeAll(async () => {
  stack = await startHelpdeskStack({ service: { agentCacheTtlMs: 0 } });
}, 30_000);
afterAll(() => stack?.close());

describe('authorization matrix', () => {
  for (const who of Object.keys(PEOPLE) as Who[]) {
    for (const kind of ['personal', 'channel'] as const) {
      for (const how of ['card', 'typed'] as const) {
        it(`${who}, ${how}, ${kind} chat`, async () => {
          for (const c of VERB_CASES) {
            if (how === 'typed' && !c.typed) continue;
            const id = await freshTicket();
            const run = (ticketId: number) =>
              how === 'card' ? dispatch(ctx(who, kind), { ...c.card, ticketId }) : handleText(ctx(who, kind), c.typed!.replace('{id}', String(ticketId)));
            const onTicket = await run(id);
            const allowed = ALLOWED[who].includes(c.verb);
            expect(refused(onTicket), `${c.verb}: ${words(onTicket)}`).toBe(!allowed);
            if (!allowed && who !== 'requester') {
              // Not their ticket: the same words whether it exists or not, so a refusal reveals nothing.
              const onMissing = await run(MISSING);
              expect(words(onTicket).replaceAll(String(id), '#'), c.verb).toBe(words(onMissing).replaceAll(String(MISSING), '#'));
            }
            const seen = JSON.stringify(onTicket);
            // An agent's own view (a personal chat, or a private answer) may show internal notes; nothing else may.
            const privateAgentView = who === 'agent' && (onTicket.visibility === 'private' || kind === 'personal');
            if (!privateAgentView) expect(seen.includes(NOTE), `${c.verb}: internal note shown`).toBe(false);
            const comments = await stack.helpdesk.listComments(PEOPLE.agent, id);
            const written = comments.filter((x) => x.body.startsWith('matrix'));
            if (!allowed) expect(written, `${c.verb}: nothing written`).toEqual([]);
          }
        }, 120_000);
      }
    }
  }
});

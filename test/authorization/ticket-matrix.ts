/**
 * The ticket half of the matrix, run through the command layer against the embedded site: every
 * person × own and someone else's ticket × personal chat, channel and group chat × every ticket verb, typed or
 * from cards. Allowed runs show what they should and leave their effect at the site; refused runs
 * say the same words as for a ticket that does not exist and write nothing; no reply shows an
 * internal note outside an agent's own view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_DECLARATIONS, type CommandDeclaration, type CommandRegistry } from '../../src/commands';
import type { Reply } from '../../src/commands/types';
import { sameAddress } from '../../src/core/vocabulary';
import type { Comment, Ticket } from '../../src/helpdesk/types';
import { MISSING, mayShowNotes, notesIn, refused, run, startMatrixScene, words, type MatrixScene } from './scene';
import { EVERYONE, mayOnTicket, OTHER_AGENT, ownerOf, PEOPLE, ticketRows, type TicketRow, type Who, type Whose } from './table';

/** What an allowed row must have left at the site. */
function expectEffect(row: TicketRow, who: Who, before: { ticket: Ticket; comments: Comment[] }, after: { ticket: Ticket; comments: Comment[] }): void {
  const added = after.comments.filter((c) => !before.comments.some((b) => b.id === c.id));
  const t = after.ticket;
  const is = (field: string, actual: unknown, expected: unknown) => expect(actual, `${row.name}: ${field}`).toBe(expected);
  switch (row.effect) {
    case undefined:
      is('etag (a read writes nothing)', t.etag, before.ticket.etag);
      is('comments written', added.length, 0);
      return;
    case 'comment':
    case 'note':
      is('comments written', added.length, 1);
      is('body', added[0].body, row.values!.comment);
      is('internal', added[0].isInternal, row.effect === 'note');
      is('author', added[0].authorEmail, PEOPLE[who].email);
      return;
    case 'assigned-me':
      is('assignee', sameAddress(t.assignedTo, PEOPLE[who].email), true);
      return;
    case 'assigned-other':
      is('assignee', sameAddress(t.assignedTo, OTHER_AGENT.email), true);
      return;
    case 'status':
      is('status', t.status, row.values!.status);
      return;
    case 'priority':
      is('priority', t.priority, row.values!.priority);
      return;
    case 'title':
      is('title', t.title, row.values!.title);
      return;
    case 'resolved':
      is('status', t.status, 'Resolved');
      expect(added.map((c) => [c.body, c.isInternal]), row.name).toEqual([[row.values!.note, false]]);
      return;
    case 'reopened':
      expect(t.status, row.name).not.toBe('Resolved');
      expect(added.map((c) => [c.body, c.isInternal]), row.name).toEqual([[row.values!.reason, false]]);
  }
}

/** What an allowed row must answer. */
function expectShown(row: TicketRow, who: Who, id: number, reply: Reply): void {
  const v = reply.view;
  if (row.shows === 'ticket') {
    expect(v.type === 'ticket' && v.ticket.id, `${row.name}: the ticket is shown`).toBe(id);
    return;
  }
  if (row.shows === 'confirmation') {
    expect(v.type, `${row.name}: a confirmation about the ticket`).toBe('confirmation');
    return;
  }
  expect(v.type === 'form' && v.form.ticketId, `${row.name}: the form opens`).toBe(id);
  // Only agents are offered the choice of an internal note.
  if (v.type === 'form' && who !== 'agent') expect(v.form.allowInternal ?? false, row.name).toBe(false);
}

/**
 * Declares the ticket matrix for typed commands or card clicks: the examples of `declarations`
 * (default every command's), run through `commands` (default the product's).
 */
export function describeTicketMatrix(how: 'card' | 'typed', commands?: CommandRegistry, declarations: readonly CommandDeclaration[] = commands?.declarations ?? COMMAND_DECLARATIONS): void {
  let scene: MatrixScene;
  let seedNotes: string[];
  beforeAll(async () => {
    scene = await startMatrixScene(commands);
    seedNotes = await scene.internalNotes();
  }, 30_000);
  afterAll(() => scene?.close());

  const rows = ticketRows(declarations).filter((r) => how === 'card' || r.typed);
  describe(`authorization matrix: ticket verbs, ${how}`, () => {
    for (const who of EVERYONE) {
      for (const whose of ['own', 'others'] as Whose[]) {
        // A person without an address cannot file a ticket (general.test.ts checks that), so owns none.
        if (who === 'noEmail' && whose === 'own') continue;
        for (const kind of ['personal', 'channel', 'group'] as const) {
          it(`${who}, ${whose} ticket, ${kind} chat`, async () => {
            for (const row of rows) {
              const id = await scene.ticket(ownerOf(who, whose), row.state);
              const input = (ticketId: number) => ({ verb: row.verb, ticketId, ...(row.values ? { values: row.values } : {}) });
              const typed = (ticketId: number) => row.typed?.replace('{id}', String(ticketId));
              const counts = () => [scene.stack.emulator.data.count('SD_Tickets'), scene.stack.emulator.data.count('SD_Comments')];
              const before = await scene.site(id);
              const written = counts();
              const ctx = scene.ctx(who, kind);
              const reply = await run(ctx, how, input(id), typed(id));
              const allowed = mayOnTicket(who, whose, row);
              expect(refused(reply), `${row.name}: ${allowed ? 'allowed' : 'refused'} (${JSON.stringify(reply.view).slice(0, 200)})`).toBe(!allowed);
              const notes = notesIn(reply, [...seedNotes, `Internal: matrix secret ${id}`]);
              if (!mayShowNotes(who, kind, reply)) expect(notes, `${row.name}: internal notes shown`).toEqual([]);
              if (allowed) {
                expectShown(row, who, id, reply);
                expectEffect(row, who, before, await scene.site(id));
                continue;
              }
              // Refused: nothing written, and the same words as for a ticket that does not exist.
              const after = await scene.site(id);
              expect(after.ticket.etag, `${row.name}: ticket unchanged`).toBe(before.ticket.etag);
              expect(counts(), `${row.name}: nothing written`).toEqual(written);
              const missing = await run(ctx, how, input(MISSING), typed(MISSING));
              expect(refused(missing), `${row.name}: refused for a missing ticket`).toBe(true);
              expect(words(reply, id), `${row.name}: same words as for a missing ticket`).toBe(words(missing, MISSING));
            }
          }, 180_000);
        }
      }
    }
  });
}

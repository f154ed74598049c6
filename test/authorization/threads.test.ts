/**
 * The matrix under a ticket card in a channel (the thread path both channels share): every person
 * × a command, `note:`, `reply:` and plain words under the requester's ticket card. Agents' commands
 * run and their notes stay internal; the requester's words are public comments (a command word is
 * just a word for her); anyone else is refused and nothing is written; no answer shows a note.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameAddress } from '../../src/core/vocabulary';
import { createLogger } from '../../src/log';
import { createThreadReplyHandler, type ThreadReplyHandler } from '../../src/notify/thread-replies';
import { notesIn, startMatrixScene, type MatrixScene } from './scene';
import { EVERYONE, PEOPLE, type Who } from './table';

let scene: MatrixScene;
let handle: ThreadReplyHandler;
let n = 0;

beforeAll(async () => {
  scene = await startMatrixScene();
  handle = createThreadReplyHandler({ store: scene.index.store, helpdesk: scene.stack.helpdesk, logger: createLogger({ level: 'error', write: () => undefined }) });
}, 30_000);
afterAll(() => scene?.close());

/** What each message under the card should become for an agent and for the ticket's requester. */
const MESSAGES = [
  { text: 'claim', agent: 'command', requester: 'public' },
  { text: 'priority High', agent: 'command', requester: 'public' },
  { text: 'note: thread matrix secret', agent: 'internal', requester: 'public' },
  { text: 'reply: thread matrix reply', agent: 'public', requester: 'public' },
  { text: 'thread matrix words', agent: 'public', requester: 'public' },
] as const;

/** Who may act under the requester's card: agents, and the requester on her own ticket. */
const mayAct = (who: Who) => who === 'agent' || who === 'requester';

describe('authorization matrix: messages under a ticket card in a channel', () => {
  for (const who of EVERYONE) {
    it(`${who}, under the requester's card`, async () => {
      for (const m of MESSAGES) {
        const id = await scene.ticket('requester', 'open');
        const messageId = `card-${++n}`;
        await scene.index.store.savePostedMessage({ platform: 'slack', conversationId: 'CMATRIX', ticketId: id, messageId });
        const before = await scene.site(id);
        const result = await handle('slack', 'CMATRIX', messageId, PEOPLE[who], m.text);
        const after = await scene.site(id);
        const added = after.comments.filter((c) => !before.comments.some((b) => b.id === c.id));
        if (!result) throw new Error('the card was not found');
        // The thread is the channel: its one-line answer never shows a note, whoever wrote.
        expect(notesIn(result.text, [`Internal: matrix secret ${id}`]), m.text).toEqual([]);
        if (who !== 'agent') expect(notesIn(result, [`Internal: matrix secret ${id}`]), m.text).toEqual([]);
        if (!mayAct(who)) {
          expect(result.ok, `${m.text}: refused`).toBe(false);
          expect([after.ticket.etag, added], `${m.text}: nothing written`).toEqual([before.ticket.etag, []]);
          continue;
        }
        const expected = who === 'agent' ? m.agent : m.requester;
        expect(result.ok, `${m.text}: ${result.text}`).toBe(true);
        if (expected === 'command') {
          expect([result.became, added], m.text).toEqual(['command', []]);
          if (m.text === 'claim') expect(sameAddress(after.ticket.assignedTo, PEOPLE.agent.email), m.text).toBe(true);
          else expect(after.ticket.priority, m.text).toBe('High');
          continue;
        }
        expect(result.became, m.text).toBe('comment');
        expect(added.map((c) => [c.isInternal, c.authorEmail]), m.text).toEqual([[expected === 'internal', PEOPLE[who].email]]);
        // A requester's "note:" is her words, kept whole; an agent's prefix is taken off.
        if (who === 'requester' && m.text.startsWith('note')) expect(added[0].body, m.text).toBe(m.text);
        expect(after.ticket.etag, `${m.text}: a comment does not change the ticket`).toBe(before.ticket.etag);
      }
    }, 120_000);
  }
});

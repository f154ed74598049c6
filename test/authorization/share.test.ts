/**
 * Sharing (the search extension's cards and link unfurls) in the matrix: what anyone shares into a
 * conversation is only what they may see, never carries an internal note or an agent's button, and
 * a link to a ticket someone may not see unfurls exactly as a link to one that does not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareableTickets, unfurlView } from '../../src/commands/share';
import { VERBS } from '../../src/core/verbs';
import { sameAddress } from '../../src/core/vocabulary';
import { MISSING, notesIn, startMatrixScene, type MatrixScene } from './scene';
import { EVERYONE, ownerOf, PEOPLE, type Who } from './table';

let scene: MatrixScene;
let notes: string[];
const tickets = new Map<string, number>();

/** Buttons only agents may press; a shared card is read by everyone in the conversation. */
const AGENT_VERBS: string[] = [VERBS.claim, VERBS.assignForm, VERBS.assign, VERBS.status, VERBS.priority, VERBS.resolveForm, VERBS.resolve];
const link = (id: number) => `https://contoso.sharepoint.com/sites/helpdesk/Lists/SD_Tickets/DispForm.aspx?ID=${id}`;
const verbsIn = (value: unknown): string[] => JSON.stringify(value).match(/"verb":"[^"]+"/g)?.map((m) => m.slice(8, -1)) ?? [];

beforeAll(async () => {
  scene = await startMatrixScene();
  for (const who of EVERYONE) {
    if (who !== 'noEmail') tickets.set(who, await scene.ticket(who, 'open', `Matrix shareable ${who}`));
  }
  await scene.index.fill(scene.stack);
  notes = await scene.internalNotes();
}, 30_000);
afterAll(() => scene?.close());

describe('authorization matrix: sharing and unfurling', () => {
  for (const who of EVERYONE) {
    it(`${who}: the picker offers only tickets they may see, without notes or agent buttons`, async () => {
      const ctx = scene.ctx(who, 'channel');
      for (const words of ['matrix shareable', '']) {
        const found = await shareableTickets(ctx, words);
        const owners = await Promise.all(found.map(async (s) => (await scene.site(s.card.id)).ticket.submittedByEmail));
        if (who !== 'agent') expect(owners.filter((o) => !sameAddress(o, PEOPLE[who].email)), words).toEqual([]);
        if (who !== 'noEmail' && words) expect(found.map((s) => s.card.id), words).toContain(tickets.get(who));
        if (who === 'noEmail') expect(found, words).toEqual([]);
        expect(notesIn(found, notes), words).toEqual([]);
        expect(verbsIn(found).filter((v) => AGENT_VERBS.includes(v)), words).toEqual([]);
      }
    });

    it(`${who}: a link unfurls only to a ticket they may see, else exactly as a missing ticket`, async () => {
      const ctx = scene.ctx(who, 'channel');
      const missing = await unfurlView(ctx, link(MISSING));
      expect(missing).toBeUndefined();
      for (const whose of ['own', 'others'] as const) {
        const owner: Who = ownerOf(who, whose);
        const id = tickets.get(owner === 'noEmail' ? 'requester' : owner)!;
        const view = await unfurlView(ctx, link(id));
        const visible = who === 'agent' || (who !== 'noEmail' && whose === 'own');
        if (!visible) {
          expect(view, whose).toEqual(missing);
          continue;
        }
        expect(view?.tickets.map((t) => t.id), whose).toEqual([id]);
        expect(notesIn(view, notes), whose).toEqual([]);
        expect(verbsIn(view), whose).toEqual([VERBS.show]);
      }
    });
  }
});

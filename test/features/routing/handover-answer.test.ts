/**
 * A hand-over that only partly succeeds tells the agent who clicked the truth of each ticket, in
 * English and German: which went to whom, which are being handed over (the site failed its write;
 * the next poll cycle finishes it, with no second click), and which stay theirs and why (nobody in
 * its group can take it, it changed just before its write, the hand-over could not be saved). What
 * it says then happens: the owed one is Alex's after one cycle, the others are still the agent's,
 * and a second `away` hands over what it said to retry.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ALEX, MEGAN, startHandOver, type HandOverScene } from './handover-scene';

/** Hardware goes to Megan and Alex by round robin (so, while Megan is away, to Alex); only Megan takes Network. */
const RULES = {
  groups: [
    { name: 'Hardware', agents: [MEGAN.email, ALEX.email], method: 'round-robin', match: { categories: ['Hardware'] } },
    { name: 'Network', agents: [MEGAN.email], method: 'round-robin', match: { categories: ['Network'] }, fallback: 'unassigned' },
  ],
  default: 'Hardware',
};

const SAYS: Record<string, (n: Record<string, number>) => string> = {
  en: (n) => [
    'You are away. Routing gives you no new tickets until you type `back`.',
    `Handed over 1 of your 5 open tickets: #${n.moved} to Alex Wilber.`,
    `Being handed over: #${n.later} to Alex Wilber. The bot finishes this within a few minutes, with no need to click again; until then the ticket is still yours.`,
    `Still yours: #${n.nobody} (nobody in its group can take it now), #${n.changed} (it changed while it was being handed over, so it stays as it is), #${n.failed} (the hand-over could not be saved; type \`away\` again to retry).`,
  ].join('\n'),
  de: (n) => [
    'Sie sind abwesend. Das Routing gibt Ihnen keine neuen Tickets, bis Sie `back` eingeben.',
    `1 von Ihren 5 offenen Tickets abgegeben: #${n.moved} an Alex Wilber.`,
    `Wird gerade abgegeben: #${n.later} an Alex Wilber. Der Bot schließt das in wenigen Minuten ab, ohne dass Sie noch einmal klicken müssen; bis dahin bleibt das Ticket bei Ihnen.`,
    `Bleiben bei Ihnen: #${n.nobody} (niemand in seiner Gruppe kann es jetzt übernehmen), #${n.changed} (es wurde während der Abgabe geändert und bleibt, wie es ist), #${n.failed} (die Abgabe konnte nicht gespeichert werden; geben Sie erneut \`away\` ein, um es noch einmal zu versuchen).`,
  ].join('\n'),
};

let scene: HandOverScene | undefined;
afterEach(async () => {
  await scene?.close();
  scene = undefined;
});

describe('a hand-over that partly succeeds', () => {
  for (const locale of ['en', 'de']) {
    it(`says which tickets went to whom, which are being handed over, and which stay and why (${locale})`, async () => {
      const h = (scene = await startHandOver(RULES));
      const n = {
        moved: await h.held('Dock broken'), later: await h.held('Mouse broken'), nobody: await h.held('VPN down', { category: 'Network' }),
        changed: await h.held('Webcam dark'), failed: await h.held('Printer jam'),
      };
      // The store refuses to record the hand-over of one ticket; the site fails another's write; a third changes just before its write.
      await sql.raw(`CREATE TRIGGER no_aim BEFORE UPDATE ON routing_tickets WHEN NEW.ticket_id = ${n.failed} BEGIN SELECT RAISE(ABORT, 'interrupted'); END`).execute(h.services.db);
      await sql.raw(`CREATE TRIGGER no_aim_new BEFORE INSERT ON routing_tickets WHEN NEW.ticket_id = ${n.failed} BEGIN SELECT RAISE(ABORT, 'interrupted'); END`).execute(h.services.db);
      h.before = (method, url) => {
        if (method !== 'PATCH') return;
        if (url.includes(`/items/${n.later}/`)) h.emulator.faults.inject(500, 1, { route: 'PATCH SD_Tickets/items/{id}/fields' });
        if (url.includes(`/items/${n.changed}/`)) h.emulator.data.update('SD_Tickets', String(n.changed), { SD_Priority: 'High' });
      };
      expect(await h.handOver(locale)).toBe(SAYS[locale](n));
      h.before = undefined;
      for (const name of ['no_aim', 'no_aim_new']) await sql.raw(`DROP TRIGGER ${name}`).execute(h.services.db);

      // The next poll cycle finishes the one being handed over, with one write; the rest are Megan's, unwritten.
      await h.cycle();
      expect(await h.holder(n.moved)).toBe(ALEX.email);
      expect(await h.holder(n.later)).toBe(ALEX.email);
      for (const id of [n.moved, n.later, n.nobody, n.failed]) expect(h.writes(id)).toBe(id === n.nobody || id === n.failed ? 1 : 2);
      for (const id of [n.nobody, n.changed, n.failed]) expect(await h.holder(id)).toBe(MEGAN.email);
      expect(await h.agentsShown()).toContain('Alex Wilber <alexw@example.com>: available; 2 open; 2 assigned today');

      // Typing `away` again hands over what it said to retry (and the ticket that changed, as it is now); VPN still has nobody.
      const again = await h.handOver();
      expect(again).toContain(`Handed over 2 of your 3 open tickets: #${n.changed} to Alex Wilber, #${n.failed} to Alex Wilber.`);
      expect(again).toContain(`Still yours: #${n.nobody} (nobody in its group can take it now).`);
    });
  }
});

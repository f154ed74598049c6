/**
 * An agent's hand-over (`away`, then "Hand over") interrupted at each step (issue 42 §3: a kill -9
 * at any point, nothing lost, nothing twice). The interruption is a real failure at that point: the
 * site refusing a request (the emulator's faults), the store refusing a write (a trigger), the site
 * acting on a write whose answer is lost (a proxy cuts the connection), or the ticket changed just
 * before the write lands. Either the click caught the failure and let the ticket go (the next poll
 * cycle finishes it at once), or its process died there (its aim is stale after 5 minutes, and the
 * next cycle then finishes it). Afterwards a person sees one assignment (one write on the site, so
 * one DM from the notifier, saying whom it came from), `routing` naming the real holder with
 * today's counts, the round-robin turn moved once, and a click told the truth. The clock is pinned.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ALEX, DIEGO, MEGAN, MINUTE, startHandOver, type HandOverScene } from './handover-scene';

let scene: HandOverScene | undefined;
afterEach(async () => {
  await scene?.close();
  scene = undefined;
});

/** A store write refused from now on (a trigger); returns its removal. */
async function refuse(h: HandOverScene, name: string, when: string): Promise<() => Promise<void>> {
  await sql.raw(`CREATE TRIGGER ${name} ${when} BEGIN SELECT RAISE(ABORT, 'interrupted'); END`).execute(h.services.db);
  return async () => void (await sql.raw(`DROP TRIGGER ${name}`).execute(h.services.db));
}

/** The site refuses these requests (500, more than the client's retries) from now on; returns the end of it. */
function siteFails(h: HandOverScene, route: string): () => Promise<void> {
  h.emulator.faults.inject(500, 50, { route });
  return async () => h.emulator.faults.clear();
}

const HANDED = 'Handed over to you by round robin in Hardware from Megan Bowen, who is away; you have 1 open.';
const AWAY = 'You are away. Routing gives you no new tickets until you type `back`.';

/**
 * Each step of one ticket's hand-over, in order: `landed`, the assignment was on the site before the
 * interruption; `owed`, the hand-over was recorded (the cycle finishes it); what the click says.
 */
const STEPS: { step: string; landed: boolean; owed: boolean; says(id: number): string; interrupt(h: HandOverScene): Promise<() => Promise<void>> }[] = [
  {
    step: 'recording the decision', landed: false, owed: false,
    says: (id) => `${AWAY}\nNone of your 1 open tickets is handed over yet.\nStill yours: #${id} (the hand-over could not be saved; type \`away\` again to retry).`,
    interrupt: (h) => refuse(h, 'no_aim', 'BEFORE UPDATE ON routing_tickets WHEN NEW.from_agent IS NOT NULL AND NEW.written_at IS NULL'),
  },
  {
    step: 'writing the assignment', landed: false, owed: true,
    says: (id) => `${AWAY}\nNone of your 1 open tickets is handed over yet.\nBeing handed over: #${id} to Alex Wilber. The bot finishes this within a few minutes, with no need to click again; until then the ticket is still yours.`,
    interrupt: async (h) => siteFails(h, 'PATCH SD_Tickets/items/{id}/fields'),
  },
  {
    step: 'recording the write', landed: true, owed: true,
    says: (id) => `${AWAY}\nHanded over 1 of your 1 open tickets: #${id} to Alex Wilber.`,
    interrupt: (h) => refuse(h, 'no_written', 'BEFORE UPDATE OF written_at ON routing_tickets WHEN NEW.written_at IS NOT NULL'),
  },
];

/** What people see once the hand-over of `id` (routed to Megan first) is finished: once, to Alex, and the turn moved on once. */
async function finishedOnce(h: HandOverScene, id: number): Promise<void> {
  expect(await h.holder(id)).toBe(ALEX.email);
  // Routing's first write and the hand-over's: one assignment to Alex, so the notifier sends him one DM, which says whom it came from.
  expect(h.writes(id)).toBe(2);
  expect(await h.reason(id, ALEX)).toBe(HANDED);
  expect(await h.agentsShown()).toEqual([
    'Megan Bowen <meganb@example.com>: away (said so); 0 open; 0 assigned today',
    'Alex Wilber <alexw@example.com>: available; 1 open; 1 assigned today',
    'Diego Siciliani <diegos@example.com>: available; 0 open; 0 assigned today',
  ]);
  // Nothing is left to hand over, and the next ticket is Diego's turn.
  expect(await h.handOver()).toBe('You hold no open tickets: there is nothing to hand over.');
  const next = await h.s.router.routeTicket(await h.s.stack.helpdesk.createTicket(DIEGO, { title: 'Next', description: 'x', category: 'Hardware' }));
  expect(next).toMatchObject({ assignee: DIEGO.email });
}

describe('a hand-over interrupted at each step is finished once', () => {
  for (const { step, landed, owed, says, interrupt } of STEPS) {
    for (const how of ['failed', 'killed'] as const) {
      it(`${how} while ${step}`, async () => {
        const h = (scene = await startHandOver());
        const id = await h.held('Printer on floor 3 offline', { routed: true });
        const undo = [await interrupt(h)];
        // Killed: nothing after the failure runs, not even letting the ticket go.
        if (how === 'killed') undo.push(await refuse(h, 'no_release', 'BEFORE UPDATE OF aimed_at ON routing_tickets WHEN NEW.aimed_at = 0'));
        const said = await h.handOver();
        if (how === 'failed') expect(said).toBe(says(id));
        for (const u of undo) await u();
        expect(await h.holder(id)).toBe(landed ? ALEX.email : MEGAN.email);
        // From the decision on, the new holder's DM (whenever the poll sees the write) says whom it came from.
        if (owed) expect(await h.reason(id, ALEX)).toBe(HANDED);

        if (how === 'killed' && owed) {
          // The dead click's aim is fresh: no cycle takes the ticket yet, and nothing is written.
          await h.cycle();
          expect(h.writes(id)).toBe(landed ? 2 : 1);
          h.s.advance(5 * MINUTE + 1);
        }
        await h.cycle();
        // Another cycle at once finds nothing left to do.
        await h.cycle();
        if (!owed) {
          // Nothing was recorded, so nothing is owed: the ticket is still Megan's until she clicks again.
          expect(await h.holder(id)).toBe(MEGAN.email);
          expect(h.writes(id)).toBe(1);
          expect(await h.handOver()).toBe(`${AWAY}\nHanded over 1 of your 1 open tickets: #${id} to Alex Wilber.`);
        }
        await finishedOnce(h, id);
      });
    }
  }

  it('a write the site took whose answer was lost: the client\'s repeat meets its own change (412), and the click says it was handed over', async () => {
    const h = (scene = await startHandOver());
    const id = await h.held('Dock does not charge', { routed: true });
    h.loseAnswer(/^PATCH .*\/items\/\d+\/fields/);
    expect(await h.handOver()).toBe(`${AWAY}\nHanded over 1 of your 1 open tickets: #${id} to Alex Wilber.`);
    await h.cycle();
    await finishedOnce(h, id);
  });

  it('a ticket changed just before its write stays as it is, and routing\'s row goes back to what it was', async () => {
    const h = (scene = await startHandOver());
    const id = await h.held('Webcam dark', { routed: true });
    h.before = (method, url) => {
      if (method === 'PATCH' && url.includes(`/items/${id}/`)) h.emulator.data.update('SD_Tickets', String(id), { SD_Priority: 'High' });
    };
    expect(await h.handOver()).toBe(`${AWAY}\nNone of your 1 open tickets is handed over yet.\nStill yours: #${id} (it changed while it was being handed over, so it stays as it is).`);
    h.before = undefined;
    await h.cycle();
    expect(await h.holder(id)).toBe(MEGAN.email);
    // Routing's own assignment to Megan this morning stands; nobody else was given the ticket.
    expect(await h.agentsShown()).toEqual([
      'Megan Bowen <meganb@example.com>: away (said so); 1 open; 1 assigned today',
      'Alex Wilber <alexw@example.com>: available; 0 open; 0 assigned today',
      'Diego Siciliani <diegos@example.com>: available; 0 open; 0 assigned today',
    ]);
    expect(await h.reason(id, ALEX)).toBeUndefined();
  });

  it('two hand-over cards clicked at once (two decisions) write each ticket once', async () => {
    const h = (scene = await startHandOver());
    const ids = [await h.held('One'), await h.held('Two'), await h.held('Three')];
    await h.run(MEGAN, 'routing.away');
    const answers = await Promise.all([h.run(MEGAN, 'routing.handOff'), h.run(MEGAN, 'routing.handOff')]);
    await h.cycle();
    for (const id of ids) {
      expect(await h.holder(id)).not.toBe(MEGAN.email);
      expect(h.writes(id)).toBe(2);
    }
    for (const a of answers) expect(a.view.type).toBe('confirmation');
  });
});

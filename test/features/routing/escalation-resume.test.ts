/**
 * An escalation hop interrupted at each of its steps (issue 42 §3: a kill -9 at any point, nothing
 * lost, nothing twice). The interruption is a real failure at that point: the site refusing a
 * request (the emulator's faults), the store refusing a write (a trigger), or the site acting on a
 * write whose answer is lost (a proxy cuts the connection). Either this process caught the failure
 * and let the hop go (the next cycle finishes it), or it died there (its claim is stale after 5
 * minutes, and the next cycle then finishes it). Afterwards a person sees one assignment (one
 * write on the site, so one DM), one note, one channel line, `routing` naming the real holder, and
 * the next hop when the new holder's minutes, counted from the write, are up. The clock is pinned.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { assignmentReason } from '../../../src/features/routing/routing-reason';
import { ALEX, DIEGO, MEGAN, MINUTE, startEscalation, type EscalationScene } from './escalation-scene';

const RULES = {
  groups: [{ name: 'Hardware', agents: [MEGAN.email, ALEX.email, DIEGO.email], method: 'round-robin', match: { categories: ['Hardware'] }, escalation: { minutes: 30, hops: 2 } }],
};
const NOTE = `${ALEX.email}: Escalated by routing: Megan Bowen did not answer within 30 min, so the ticket goes to Alex Wilber (escalation 1 of 2).`;
const LINE = (id: number) => `#${id} escalated: Megan Bowen did not answer within 30 min; it is now with Alex Wilber (escalation 1 of 2).`;

let scene: EscalationScene | undefined;
afterEach(async () => {
  await scene?.close();
  scene = undefined;
});

/** A store write refused from now on (a trigger); returns its removal. */
async function refuse(e: EscalationScene, name: string, when: string): Promise<() => Promise<void>> {
  await sql.raw(`CREATE TRIGGER ${name} ${when} BEGIN SELECT RAISE(ABORT, 'interrupted'); END`).execute(e.s.services.db);
  return async () => void (await sql.raw(`DROP TRIGGER ${name}`).execute(e.s.services.db));
}

/** The site refuses these requests (500, more than the client's retries) from now on; returns the end of it. */
function siteFails(e: EscalationScene, route: string): () => Promise<void> {
  e.s.stack.emulator.faults.inject(500, 50, { route });
  return async () => e.s.stack.emulator.faults.clear();
}

/** Each step of a hop, in order; `landed`: the assignment was on the site before the interruption. */
const STEPS: { step: string; landed: boolean; interrupt(e: EscalationScene): Promise<() => Promise<void>> }[] = [
  { step: 'reading the ticket', landed: false, interrupt: async (e) => siteFails(e, 'GET SD_Tickets/items/{id}') },
  { step: 'recording the decision', landed: false, interrupt: (e) => refuse(e, 'no_aim', 'BEFORE UPDATE OF aimed_at ON routing_escalations WHEN NEW.aimed_at IS NOT NULL') },
  { step: 'writing the assignment', landed: false, interrupt: async (e) => siteFails(e, 'PATCH SD_Tickets/items/{id}/fields') },
  { step: 'recording the hand-over in routing\'s table', landed: true, interrupt: (e) => refuse(e, 'no_handover', 'BEFORE UPDATE ON routing_tickets') },
  { step: 'recording the note', landed: true, interrupt: (e) => refuse(e, 'no_intend', 'BEFORE UPDATE OF note ON routing_escalations') },
  { step: 'writing the note', landed: true, interrupt: async (e) => siteFails(e, 'POST SD_Comments/items') },
  { step: 'owing the channel line', landed: true, interrupt: (e) => refuse(e, 'no_line', `BEFORE INSERT ON outbox WHEN NEW.key LIKE 'routing-escalation:%'`) },
  { step: 'recording the hop\'s end', landed: true, interrupt: (e) => refuse(e, 'no_end', `BEFORE UPDATE OF state ON routing_escalations WHEN NEW.state = 'moved'`) },
];

/** What a person sees once the hop is finished, and the next hop at the new holder's minutes counted from `aimed` (the write). */
async function finishedOnce(e: EscalationScene, id: number, aimed: number): Promise<void> {
  expect(await e.holder(id)).toBe(ALEX.email);
  // Routing's write and escalation's: one assignment, so the notifier sends Alex one DM, which says whom it came from.
  expect(e.writes(id)).toBe(2);
  const why = assignmentReason(e.services);
  expect((await why(id, ALEX.email, 'en'))?.dm).toBe('Escalated to you from Megan Bowen, who did not answer in time.');
  expect(await e.notes(id)).toEqual([NOTE]);
  expect(await e.channelLines()).toEqual([LINE(id)]);
  const shown = await e.shown();
  expect(shown.find((l) => l.startsWith('Alex Wilber'))).toBe('Alex Wilber <alexw@example.com>: available; 1 open; 1 assigned today');
  expect(shown.find((l) => l.startsWith('Megan Bowen'))).toBe('Megan Bowen <meganb@example.com>: available; 0 open; 0 assigned today');

  // Alex's 30 minutes count from the write, not from when the hop was finished.
  e.s.advance(aimed + 30 * MINUTE - 1 - e.services.now().getTime());
  await e.cycle();
  expect(await e.holder(id)).toBe(ALEX.email);
  e.s.advance(1);
  await e.cycle();
  expect(await e.holder(id)).toBe(DIEGO.email);
  expect(e.writes(id)).toBe(3);
  expect(await e.notes(id)).toHaveLength(2);
  expect(await e.channelLines()).toHaveLength(1);
}

describe('an escalation hop interrupted at each step is finished once', () => {
  for (const { step, landed, interrupt } of STEPS) {
    for (const how of ['failed', 'killed'] as const) {
      it(`${how} while ${step}`, async () => {
        const e = (scene = await startEscalation(RULES));
        const t = await e.routed('Printer on floor 3 offline');
        expect(await e.holder(t.id)).toBe(MEGAN.email);
        e.s.advance(31 * MINUTE);
        const first = e.services.now().getTime();
        const undo = [await interrupt(e)];
        // Killed: nothing after the failure runs, not even letting the hop go.
        if (how === 'killed') undo.push(await refuse(e, 'no_release', 'BEFORE UPDATE OF claimed_at ON routing_escalations WHEN NEW.claimed_at = 0'));
        await e.cycle();
        for (const u of undo) await u();
        expect(await e.holder(t.id)).toBe(landed ? ALEX.email : MEGAN.email);
        if (landed) expect((await assignmentReason(e.services)(t.id, ALEX.email, 'en'))?.dm).toBe('Escalated to you from Megan Bowen, who did not answer in time.');

        if (how === 'killed') {
          // The dead process's claim is fresh: nobody takes the hop yet, and nothing is written.
          await e.cycle();
          expect(e.writes(t.id)).toBe(landed ? 2 : 1);
          e.s.advance(5 * MINUTE + 1);
        }
        const takeover = e.services.now().getTime();
        await e.cycle();
        // Another cycle at once finds nothing left to do.
        await e.cycle();
        await finishedOnce(e, t.id, landed ? first : takeover);
      });
    }
  }

  it('a write the site took whose answer was lost: the client\'s repeat meets its own change (412), and the hop goes on as written', async () => {
    const e = (scene = await startEscalation(RULES, { lossy: true }));
    const t = await e.routed('Dock does not charge');
    e.s.advance(31 * MINUTE);
    const first = e.services.now().getTime();
    e.proxy!.loseAnswer(/^PATCH .*\/items\/\d+\/fields/);
    await e.cycle();
    await finishedOnce(e, t.id, first);
  });

  it('a hop whose holder changed before the takeover (someone claimed it) ends the chain without a note or a line', async () => {
    const e = (scene = await startEscalation(RULES));
    const t = await e.routed('Webcam dark');
    e.s.advance(31 * MINUTE);
    const undo = await siteFails(e, 'PATCH SD_Tickets/items/{id}/fields');
    await e.cycle();
    await undo();
    await e.s.stack.helpdesk.claim(DIEGO, t.id, undefined, { takeOver: true });
    await e.cycle();
    e.s.advance(60 * MINUTE);
    await e.cycle();
    expect(await e.holder(t.id)).toBe(DIEGO.email);
    expect(await e.notes(t.id)).toEqual([]);
    expect(await e.channelLines()).toEqual([]);
  });
});

/**
 * Escalation end to end on the embedded site: a routed ticket its holder leaves unanswered moves to
 * the next agent after the rule's minutes (If-Match), with an internal note and one line in the
 * card's thread; after the hops the channel hears "nobody picked up" once. The clock is the
 * scene's (services.now), moved by hand: nothing waits on a timer.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { bothHooks } from '../../../src/features/routing/escalation';
import { assignmentReason } from '../../../src/features/routing/routing-reason';
import { escalationDue } from '../../../src/features/routing/escalation-rules';
import { createEscalationTable, type EscalationTables } from '../../../src/features/routing/escalation-table';
import { parseRules } from '../../../src/features/routing/rules';
import { at, policy, wall } from '../../sla/fixture';
import { ALEX, DIEGO, MEGAN, MINUTE, startEscalation, type EscalationScene } from './escalation-scene';

const RULES = {
  groups: [{ name: 'Hardware', agents: [MEGAN.email, ALEX.email], method: 'round-robin', match: { categories: ['Hardware'] }, escalation: { minutes: 30, hops: 1 } }],
};

let scene: EscalationScene | undefined;
afterEach(async () => {
  await scene?.close();
  scene = undefined;
});

/** The scene with these rules (escalation.test's default: Megan and Alex, 30 minutes, one hop). */
async function start(rules: object = RULES) {
  return (scene = await startEscalation(rules));
}

describe('escalation of an unanswered routed ticket', () => {
  it('moves to the next agent after the minutes, with a note and one channel line; after the hops the channel hears "nobody picked up" once', async () => {
    const { s, cycle, routed, channelLines, holder, notes } = await start();
    const t = await routed('Printer on floor 3 offline');
    expect(await holder(t.id)).toBe(MEGAN.email);

    s.advance(29 * MINUTE);
    await cycle();
    expect(await holder(t.id)).toBe(MEGAN.email);
    expect(await channelLines()).toEqual([]);

    s.advance(2 * MINUTE);
    // Two replicas run the same cycle at once: the hop is taken by one.
    await Promise.all([cycle(), cycle()]);
    expect(await holder(t.id)).toBe(ALEX.email);
    expect(await notes(t.id)).toEqual([`${ALEX.email}: Escalated by routing: Megan Bowen did not answer within 30 min, so the ticket goes to Alex Wilber (escalation 1 of 1).`]);
    expect(await channelLines()).toEqual([`#${t.id} escalated: Megan Bowen did not answer within 30 min; it is now with Alex Wilber (escalation 1 of 1).`]);
    // Alex's assignment DM (the notifier asks the feature why) says whom the ticket came from; Megan's reason is gone.
    const why = assignmentReason({ ...s.services, helpdesk: s.stack.helpdesk });
    expect(await why(t.id, ALEX.email, 'en')).toEqual({ dm: 'Escalated to you from Megan Bowen, who did not answer in time.', card: '(escalated)' });
    expect((await why(t.id, ALEX.email, 'de'))?.dm).toBe('Eskaliert an Sie von Megan Bowen, der oder die nicht rechtzeitig geantwortet hat.');
    expect(await why(t.id, MEGAN.email, 'en')).toBeUndefined();
    await cycle();
    expect(await channelLines()).toEqual([]);

    // Alex lets it lie too: the hops are used up, so the channel is told once and the ticket stays.
    s.advance(31 * MINUTE);
    await Promise.all([cycle(), cycle()]);
    expect(await channelLines()).toEqual([`Nobody picked up #${t.id} (Printer on floor 3 offline): it is still unanswered, with Alex Wilber.`]);
    s.advance(60 * MINUTE);
    await cycle();
    expect(await channelLines()).toEqual([]);
    expect(await holder(t.id)).toBe(ALEX.email);
    expect(await notes(t.id)).toHaveLength(1);
  });

  it('leaves a ticket its holder answered (a public comment) or someone else claimed', async () => {
    const { s, cycle, routed, channelLines, holder, notes } = await start();
    const answered = await routed('Monitor flickers');
    const claimed = await routed('Dock does not charge');
    expect([await holder(answered.id), await holder(claimed.id)]).toEqual([MEGAN.email, ALEX.email]);
    await s.stack.helpdesk.addComment(MEGAN, answered.id, 'On my way with a new cable.');
    // An internal note is no answer: the requester saw nothing.
    await s.stack.helpdesk.addComment(ALEX, claimed.id, 'looking later', { internal: true });
    await s.stack.helpdesk.claim(DIEGO, claimed.id, undefined, { takeOver: true });

    s.advance(31 * MINUTE);
    await cycle();
    s.advance(31 * MINUTE);
    await cycle();
    expect([await holder(answered.id), await holder(claimed.id)]).toEqual([MEGAN.email, DIEGO.email]);
    expect(await notes(answered.id)).toEqual([]);
    expect(await channelLines()).toEqual([]);
  });

  it('never overwrites a change someone made between its read and its write (If-Match)', async () => {
    const { s, cycle, routed, channelLines, holder, notes } = await start();
    const t = await routed('Keyboard missing keys');
    s.advance(31 * MINUTE);
    // The site refuses the escalation's write: the item changed since it was read.
    s.stack.emulator.faults.inject(412, 2, { route: 'PATCH SD_Tickets/items/{id}/fields' });
    await cycle();
    s.stack.emulator.faults.clear();
    expect(await holder(t.id)).toBe(MEGAN.email);
    expect(await notes(t.id)).toEqual([]);
    expect(await channelLines()).toEqual([]);
    // The chain ended with the change that won: later cycles leave the ticket alone.
    s.advance(31 * MINUTE);
    await cycle();
    expect(await holder(t.id)).toBe(MEGAN.email);
  });

  it('speaks the channel\'s language: German where the channel chose it', async () => {
    const { s, cycle, routed, channelLines } = await start();
    await s.store.setConversationLocale('teams', 'C1', 'de');
    const t = await routed('Drucker druckt nicht');
    s.advance(31 * MINUTE);
    await cycle();
    expect(await channelLines()).toEqual([`#${t.id} eskaliert: Megan Bowen hat nicht innerhalb von 30 Min. geantwortet; es liegt jetzt bei Alex Wilber (Eskalation 1 von 1).`]);
  });

  it('a hop a process died in the middle of is taken over once its claim is stale, and finished once', async () => {
    const { s, cycle, routed, channelLines, holder, notes } = await start();
    const t = await routed('Laptop will not boot');
    s.advance(31 * MINUTE);
    // A replica claimed the hop, then was killed before it wrote anything.
    const table = createEscalationTable(s.services.db.withTables<EscalationTables>());
    expect(await table.claim(t.id, 1, MEGAN.email, s.services.now().getTime(), 5 * MINUTE)).toBe(true);
    await cycle();
    expect(await holder(t.id)).toBe(MEGAN.email);
    s.advance(6 * MINUTE);
    await cycle();
    await cycle();
    expect(await holder(t.id)).toBe(ALEX.email);
    expect(await notes(t.id)).toHaveLength(1);
    expect(await channelLines()).toHaveLength(1);
  });

  it('writes the note once when the hop fails after writing it and before recording its end (the next cycle finds it on the ticket)', async () => {
    const { s, cycle, routed, channelLines, holder, notes } = await start();
    const t = await routed('Scanner jams');
    s.advance(31 * MINUTE);
    // The hop's record fails right after the note went out.
    await sql.raw(`CREATE TRIGGER killed BEFORE UPDATE OF state ON routing_escalations WHEN NEW.state = 'moved' BEGIN SELECT RAISE(ABORT, 'killed'); END`).execute(s.services.db);
    await cycle();
    await sql.raw('DROP TRIGGER killed').execute(s.services.db);
    expect(await holder(t.id)).toBe(ALEX.email);
    expect(await notes(t.id)).toHaveLength(1);

    // The hop let go of its claim when it failed: the next cycle takes it over, whatever Alex's own minutes say.
    s.stack.emulator.counters.reset();
    await cycle();
    // The takeover read the ticket's comments once (with the ticket, as every hop does) and wrote nothing.
    expect(s.stack.emulator.counters.get('GET SD_Comments/items')).toBe(1);
    expect(s.stack.emulator.counters.get('POST SD_Comments/items')).toBe(0);
    expect(s.stack.emulator.counters.get('PATCH SD_Tickets/items/{id}/fields')).toBe(0);
    await cycle();
    expect(await holder(t.id)).toBe(ALEX.email);
    expect(await notes(t.id)).toEqual([`${ALEX.email}: Escalated by routing: Megan Bowen did not answer within 30 min, so the ticket goes to Alex Wilber (escalation 1 of 1).`]);
    expect(await channelLines()).toHaveLength(1);
  });

  it('writes the note at the takeover when the process died after recording it and before the site took it', async () => {
    const { s, cycle, routed, holder, notes } = await start();
    const t = await routed('Webcam dark');
    s.advance(31 * MINUTE);
    s.stack.emulator.faults.inject(503, 20, { route: 'POST SD_Comments/items' });
    await cycle();
    s.stack.emulator.faults.clear();
    expect(await holder(t.id)).toBe(ALEX.email);
    expect(await notes(t.id)).toEqual([]);

    s.advance(31 * MINUTE);
    await cycle();
    await cycle();
    expect(await notes(t.id)).toEqual([`${ALEX.email}: Escalated by routing: Megan Bowen did not answer within 30 min, so the ticket goes to Alex Wilber (escalation 1 of 1).`]);
  });
});

describe('when a hop falls due', () => {
  const group = (escalation: object, businessHours = false) => {
    const r = parseRules(JSON.stringify({ groups: [{ name: 'G', agents: ['a@x.com'], method: 'round-robin', escalation, availability: { businessHours } }] }), 'r.json');
    if (!r.ok) throw new Error(r.errors.join('\n'));
    return r.rules.groups[0];
  };

  it('after the group\'s minutes, else half the SLA first-response target of the priority; never without either', async () => {
    const sla = await policy();
    const since = at('2026-12-07T10:00');
    expect(escalationDue(group({ minutes: 45 }), sla, 'High', since)).toEqual({ at: since + 45 * MINUTE, minutes: 45 });
    expect(escalationDue(group({}), sla, 'High', since)).toEqual({ at: since + 60 * MINUTE, minutes: 60 }); // 2h target
    expect(escalationDue(group({}), sla, 'Urgent', since)?.minutes).toBe(15); // 30m target
    expect(escalationDue(group({}), undefined, 'High', since)).toBeUndefined();
    expect(escalationDue(group({}), sla, undefined, since)).toBeUndefined();
  });

  it('counts working minutes for a group that keeps business hours (Friday evening to Monday morning)', async () => {
    const sla = await policy();
    expect(wall(escalationDue(group({ minutes: 30 }, true), sla, 'Normal', at('2026-12-11T15:50'))!.at)).toBe('Mon 2026-12-14 08:20 +01:00');
  });
});

describe('two cycle hooks as one', () => {
  it('runs both in turn; the first one failing still lets the second run, and the failure reaches the poller', async () => {
    const ran: string[] = [];
    const hook = (name: string, fails = false) => ({
      afterCycle: async () => {
        ran.push(name);
        if (fails) throw new Error(`${name} failed`);
      },
      afterWrite: async () => void ran.push(`${name} write`),
    });
    await expect(bothHooks(hook('routing', true), hook('escalation')).afterCycle([], [], 0)).rejects.toThrow('routing failed');
    await bothHooks(hook('routing'), hook('escalation')).afterWrite([], [], 0);
    expect(ran).toEqual(['routing', 'escalation', 'routing write', 'escalation write']);
  });
});

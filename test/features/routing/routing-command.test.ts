/** `routing`, `away` and `back` as an agent reads them, in English and German; and what a requester is told. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Reply } from '../../../src/commands/types';
import { featureCommands } from '../../support/feature-commands';
import { startRoutingScene, VERBS, type RoutingScene } from './scene';

const RULES = {
  groups: [
    { name: 'Hardware', agents: ['meganb@example.com', 'alexw@example.com'], method: 'round-robin', match: { categories: ['Hardware'] }, fallback: { group: 'Desk' }, availability: { slackAwayStatuses: ['OOO'] } },
    { name: 'Desk', agents: ['diegos@example.com', 'adelev@example.com'], method: 'least-busy', fallback: 'unassigned' },
  ],
  default: 'Desk',
  caps: { default: 2 },
};

let scene: RoutingScene | undefined;
afterEach(async () => {
  await scene?.close();
  scene = undefined;
});

/** The answer's text: its message and each section's heading and lines. */
function text(reply: Reply): string {
  if (reply.view.type !== 'confirmation') return JSON.stringify(reply.view);
  const c = reply.view.confirmation;
  return [c.message, ...(c.sections ?? []).flatMap((s) => [`## ${s.heading}`, ...s.lines])].join('\n');
}

describe('the routing command', () => {
  it('shows the rules in words, who is available and why not, today\'s assignments and the queue', async () => {
    const s = (scene = await startRoutingScene(RULES, []));
    await s.run('alexw@example.com', VERBS.away, { until: 'until 2026-12-24' });
    for (const id of [1, 2, 3]) await s.router.routeTicket(s.ticket(id));
    // Megan reaches her cap of 2; the third Hardware ticket falls back to Desk.
    await s.router.routeTicket(s.ticket(4, { category: 'Network' }));
    await s.router.routeTicket(s.ticket(5, { category: 'Network' }));
    expect(text(await s.run('diegos@example.com', VERBS.routing))).toBe([
      'Routing',
      '## Rules',
      'Hardware: round robin, 2 agents; takes category Hardware; when nobody can take a ticket, it goes to Desk. Away when: their own `away`, a Slack status of OOO.',
      'Desk: least busy (ties go to whoever waited longest), 2 agents; takes what no other group takes; when nobody can take a ticket, it is left unassigned and the channel is told. Away when: their own `away`.',
      'Cap: 2 open tickets per agent.',
      '## Agents now',
      'Megan Bowen <meganb@example.com>: at their cap; 2 of 2 open; 2 assigned today',
      'Alex Wilber <alexw@example.com>: away until 24 Dec 2026 00:00 UTC (said so); 0 of 2 open; 0 assigned today',
      'Diego Siciliani <diegos@example.com>: at their cap; 2 of 2 open; 2 assigned today',
      'adelev@example.com: not an active agent in SD_Agents; 0 of 2 open; 0 assigned today',
      '## Queue (0 tickets)',
      'Nothing waits.',
    ].join('\n'));
    const unassigned = await s.router.routeTicket(s.ticket(6, { category: 'Network' }));
    expect(unassigned).toMatchObject({ unassigned: true, group: 'Desk', why: { code: 'nobody' } });
  });

  it('speaks German to a German reader', async () => {
    const s = (scene = await startRoutingScene({ ...RULES, caps: undefined }, []));
    await s.run('meganb@example.com', VERBS.away);
    const shown = text(await s.run('diegos@example.com', VERBS.routing, undefined, 'de'));
    expect(shown).toContain('Hardware: reihum, 2 Agenten; nimmt Kategorie Hardware; wenn niemand ein Ticket nehmen kann, geht es an Desk.');
    expect(shown).toContain('Megan Bowen <meganb@example.com>: abwesend (selbst gesagt); 0 offen; 0 heute zugewiesen');
    expect(shown).toContain('## Warteschlange (0 Tickets)');
    const away = await s.run('alexw@example.com', VERBS.away, { until: 'bis morgen' }, 'de');
    expect(text(away)).toMatch(/^Sie sind abwesend bis 8\. Dez\. 2026, 00:00 UTC\. Bis dahin, oder bis Sie `back` eingeben, gibt Ihnen das Routing keine neuen Tickets\.\nSie haben \d+ offene Tickets?\./);
  });

  it('away offers to hand the agent\'s open tickets to their group with one button, and the button hands them over', async () => {
    const s = (scene = await startRoutingScene({ ...RULES, caps: undefined }, []));
    const requester = { email: 'pattif@example.com', name: 'Patti' };
    const megan = { email: 'meganb@example.com', name: 'Megan Bowen' };
    const a = await s.stack.helpdesk.createTicket(requester, { title: 'Dock broken', category: 'Hardware' });
    await s.stack.helpdesk.assign(megan, a.id, megan.email);
    const held = await s.stack.helpdesk.listTickets(megan, { assignedTo: megan.email, open: true });
    const n = held.length;
    const away = await s.run(megan.email, VERBS.away);
    expect(away.view).toMatchObject({ confirmation: { message: expect.stringContaining(`You hold ${n} open tickets. Hand them to your group?`), actions: [{ verb: VERBS.handOff, title: `Hand over ${n} tickets` }] } });
    // The button carries nothing but its verb: the click is exactly that.
    const handed = await s.run(megan.email, VERBS.handOff);
    // The answer takes the away card's place: it still says the agent is away, and names who took each ticket.
    expect(text(handed)).toMatch(new RegExp(`^You are away\\. Routing gives you no new tickets until you type \`back\`\\.\\nHanded over ${n} of your ${n} open tickets: #\\d+ to (Alex Wilber|Diego Siciliani)`));
    expect(text(handed)).not.toContain('@example.com');
    for (const t of held) {
      const now = await s.stack.helpdesk.getTicket(megan, t.id);
      expect(now.assignedTo).toBe(t.category === 'Hardware' ? 'alexw@example.com' : 'diegos@example.com');
    }
    expect(text(await s.run(megan.email, VERBS.handOff))).toBe('You hold no open tickets: there is nothing to hand over.');
  });

  it('is for agents only; without a rules file it says routing is off', async () => {
    const s = (scene = await startRoutingScene(RULES, []));
    expect(await s.run('pattif@example.com', VERBS.routing)).toMatchObject({ view: { type: 'error', error: { message: expect.stringContaining('routing') } } });
    expect((await s.run('pattif@example.com', VERBS.away)).view.type).toBe('error');
    expect(text(await s.run('diegos@example.com', VERBS.back))).toBe('You were not away: routing gives you tickets.');
    const off = await featureCommands(s.store, { graph: s.stack.graph });
    const ctx = { actor: { email: 'diegos@example.com', name: 'Diego' }, helpdesk: s.stack.helpdesk, conversation: { platform: 'teams' as const, id: 'c1', kind: 'personal' as const }, channel: {}, locale: 'en' };
    expect(text(await off.handler(VERBS.routing)!(ctx, { verb: VERBS.routing }, off.declarations))).toBe('Routing is off: no rules file is set (HELPDESK_ROUTING_FILE). Agents claim new tickets, as always.');
  });
});

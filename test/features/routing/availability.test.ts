/**
 * Who is in, over real services: an agent out of office in Microsoft 365 (the embedded site's
 * Graph presence), one with a Slack "OOO" status (fake Slack) and one who typed `away` get no ticket
 * until they are back; a Graph 403 for presence does not stop routing; presence is read once a minute.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkRoutingSources } from '../../../src/features/routing/routing-check';
import { createLogger } from '../../../src/log';
import { startRoutingScene, VERBS, type RoutingScene } from './scene';

const AGENTS = ['meganb@example.com', 'alexw@example.com', 'diegos@example.com', 'pattif@example.com'];
const RULES = {
  groups: [{ name: 'Desk', agents: AGENTS, method: 'round-robin', availability: { outOfOffice: true, teamsPresence: true, slackAwayStatuses: ['OOO', ':palm_tree:'] } }],
  default: 'Desk',
};
const SLACK = [
  { id: 'U1', name: 'Megan', email: 'meganb@example.com' },
  { id: 'U2', name: 'Alex', email: 'alexw@example.com', status: { text: 'OOO until Monday', emoji: ':palm_tree:' } },
  { id: 'U3', name: 'Diego', email: 'diegos@example.com' },
];
const PRESENCE = 'POST communications/getPresencesByUserId';

let scene: RoutingScene | undefined;
afterEach(async () => {
  await scene?.close();
  scene = undefined;
});

async function start(): Promise<RoutingScene> {
  scene = await startRoutingScene(RULES, SLACK);
  scene.stack.emulator.data.insert('SD_Agents', { Title: 'Patti Fernandez', SD_Email: 'pattif@example.com', SD_IsActive: true });
  scene.stack.emulator.people.set('pattif@example.com', { outOfOffice: true, availability: 'Away', activity: 'OutOfOffice' });
  return scene;
}

async function assignees(s: RoutingScene, ids: number[]): Promise<string[]> {
  const out: string[] = [];
  for (const id of ids) {
    const d = await s.router.routeTicket(s.ticket(id));
    out.push(d && 'assignee' in d ? d.assignee : JSON.stringify(d));
  }
  return out;
}

describe('routing availability', () => {
  it('gives nothing to an agent out of office, one with a Slack OOO status and one who typed away, until they are back', async () => {
    const s = await start();
    const away = await s.run('diegos@example.com', VERBS.away);
    expect(away.view).toMatchObject({ type: 'confirmation', confirmation: { message: expect.stringContaining('You are away. Routing gives you no new tickets until you type `back`.') } });
    expect(await assignees(s, [1, 2, 3, 4, 5, 6])).toEqual(Array(6).fill('meganb@example.com'));
    // One presence request for the whole minute, whatever the number of tickets.
    expect(s.stack.emulator.counters.get(PRESENCE)).toBe(1);

    // Everyone comes back: Diego types back, Patti's out of office ends, Alex clears his status.
    expect((await s.run('diegos@example.com', VERBS.back)).view).toMatchObject({ confirmation: { message: 'Welcome back: routing gives you tickets again.' } });
    s.stack.emulator.people.set('pattif@example.com', { outOfOffice: false, availability: 'Available', activity: 'Available' });
    s.slack.users.get('U2')!.status = undefined;
    s.advance(61_000);
    expect(await assignees(s, [7, 8, 9, 10])).toEqual(['alexw@example.com', 'diegos@example.com', 'pattif@example.com', 'meganb@example.com']);
    expect(s.stack.emulator.counters.get(PRESENCE)).toBe(2);
  });

  it('an away with a time ends by itself', async () => {
    const s = await start();
    s.stack.emulator.people.set('pattif@example.com', { outOfOffice: false, availability: 'Available' });
    s.slack.users.get('U2')!.status = undefined;
    await s.run('meganb@example.com', VERBS.away, { until: 'until 12:00' });
    await s.run('alexw@example.com', VERBS.away);
    await s.run('diegos@example.com', VERBS.away);
    await s.run('pattif@example.com', VERBS.away);
    expect(await s.router.routeTicket(s.ticket(1))).toMatchObject({ wait: true, why: { code: 'nobody' } });
    s.advance(2 * 3_600_000);
    expect(await s.router.routeTicket(s.ticket(2))).toMatchObject({ assignee: 'meganb@example.com' });
  });

  it('a Graph 403 for presence does not stop routing: it is logged once and the other sources still count', async () => {
    const s = await start();
    s.stack.emulator.people.deny('presence');
    // Patti is out of office, but nobody granted Presence.Read.All: only Slack and their own word count now.
    expect(await assignees(s, [1, 2, 3])).toEqual(['meganb@example.com', 'diegos@example.com', 'pattif@example.com']);
    const warned = s.logged.filter((r) => r.msg === 'routing source failed; routing goes on without it');
    expect(warned).toEqual([expect.objectContaining({ source: 'teams-presence', needs: 'Presence.Read.All (application permission)' })]);
    // The routing command names the grant to give.
    const shown = await s.run('meganb@example.com', VERBS.routing);
    expect(JSON.stringify(shown.view)).toContain('Teams presence: it failed, so routing goes on without it. Grant Presence.Read.All (application permission).');
  });

  it('reads an automatic reply in Outlook as away when the group counts it', async () => {
    scene = await startRoutingScene({ groups: [{ name: 'Desk', agents: ['meganb@example.com', 'alexw@example.com'], method: 'round-robin', availability: { mailboxAutoReplies: true } }], default: 'Desk' }, []);
    scene.stack.emulator.people.set('meganb@example.com', { autoReplies: { status: 'scheduled', start: '2026-12-01T00:00:00Z', end: '2026-12-31T00:00:00Z' } });
    expect(await assignees(scene, [1, 2])).toEqual(['alexw@example.com', 'alexw@example.com']);
  });

  it('reads Slack Do Not Disturb, Slack presence and a status that has expired, as the group says', async () => {
    scene = await startRoutingScene({ groups: [{ name: 'Desk', agents: ['meganb@example.com', 'alexw@example.com', 'diegos@example.com'], method: 'round-robin', availability: { slackDnd: true, slackPresence: true, slackAwayStatuses: ['OOO'] } }], default: 'Desk' }, [
      { id: 'U1', name: 'Megan', email: 'meganb@example.com', dnd: { enabled: true, start: Date.parse('2026-12-07T09:00:00Z') / 1000, end: Date.parse('2026-12-07T18:00:00Z') / 1000 } },
      { id: 'U2', name: 'Alex', email: 'alexw@example.com', presence: 'away' },
      // Her OOO status ended yesterday: Slack still shows it until she clears it, but it no longer counts.
      { id: 'U3', name: 'Diego', email: 'diegos@example.com', status: { text: 'OOO', emoji: '', expiration: Date.parse('2026-12-06T18:00:00Z') / 1000 } },
    ]);
    expect(await assignees(scene, [1, 2])).toEqual(['diegos@example.com', 'diegos@example.com']);
    expect(scene.slack.callsTo('dnd.teamInfo')).toHaveLength(1);
  });

  it('the doctor tries presence against the tenant and names the permission a 403 asks for', async () => {
    const s = await start();
    const dir = mkdtempSync(path.join(tmpdir(), 'routing-doctor-'));
    writeFileSync(path.join(dir, 'routing.json'), JSON.stringify(RULES));
    const tenant = { graph: s.stack.graph, logger: createLogger({ level: 'error' }), settings: { priorities: [], routingFile: path.join(dir, 'routing.json') } };
    expect(await checkRoutingSources(tenant)).toEqual([
      { kind: 'say', line: 'ℹ Routing reads Slack presence and status: the Slack app needs users:read (Slack bot scope)' },
      { kind: 'pass', line: 'Routing: presence of meganb@example.com read' },
    ]);
    s.stack.emulator.people.deny('presence');
    expect((await checkRoutingSources(tenant)).at(-1)).toEqual({ kind: 'fail', line: expect.stringMatching(/^Routing: Graph refused presence \(.*\): grant Presence\.Read\.All \(application permission\)$/) });
  });
});


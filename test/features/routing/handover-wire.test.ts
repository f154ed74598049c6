/**
 * An agent's hand-over wired into the bot (issue 42 §2, §3, §4), on Slack: Megan types `away` and
 * clicks "Hand over" while the bot's store refuses to record the writes as done (each assignment is
 * on the site, its end unrecorded), and the bot restarts. Each ticket is written once, the new holder
 * gets one DM per ticket saying whom it came from, and Megan is told once, in the click's answer.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STORE_FILE } from '../../../src/store/sqlite-store';
import { createSlackPoster, interactiveBody, slackFixture } from '../../support/slack-request';
import { alex, megan, SECRET, startRoutedDesk, type RoutedDesk } from './routed-desk';

let desk: RoutedDesk | undefined;
afterEach(async () => {
  await desk?.close();
  desk = undefined;
});

const patches = (d: RoutedDesk, id: number) => d.requests.filter((r) => r.method === 'PATCH' && r.url.includes(`/items/${id}/fields`));
const buttonsOf = (blocks: any[]) => blocks.flatMap((b: any) => [...(b.elements ?? []), ...(b.accessory ? [b.accessory] : [])]).filter((e: any) => e.type === 'button');
const flat = (body: any) => JSON.stringify(body);

/** Runs one statement on the bot's own store file (as an operator's sqlite3 would); a query's rows. */
function onStore(d: RoutedDesk, statement: string): unknown[] {
  const db = new Database(path.join(d.dir, STORE_FILE));
  try {
    db.pragma('busy_timeout = 5000');
    if (statement.startsWith('SELECT')) return db.prepare(statement).all();
    db.exec(statement);
    return [];
  } finally {
    db.close();
  }
}

describe('an agent\'s hand-over in the bot', () => {
  it('writes each ticket once across a store failure and a restart; the new holder gets one DM each, saying whom it came from', async () => {
    desk = await startRoutedDesk();
    await desk.poll();
    const ids = [desk.file('Dock broken', { SD_AssignedTo: megan.email, SD_Status: 'In Progress' }), desk.file('Mouse broken', { SD_AssignedTo: megan.email, SD_Status: 'In Progress' })];
    await desk.poll();
    await desk.poll();
    const meganHeard = desk.dms(megan).length;

    await desk.type(megan, 'away');
    const offer = desk.slack.calls.filter((c) => c.method === 'response_url').at(-1)!.body;
    const handOff = buttonsOf(offer.blocks).find((b: any) => b.action_id.startsWith('routing.handOff'));
    expect(handOff, flat(offer)).toBeDefined();

    // Each write lands on the site; recording it as done fails.
    onStore(desk, `CREATE TRIGGER no_written BEFORE UPDATE OF written_at ON routing_tickets WHEN NEW.written_at IS NOT NULL AND NEW.from_agent IS NOT NULL BEGIN SELECT RAISE(ABORT, 'interrupted'); END`);
    const payload = slackFixture<Record<string, any>>('block-actions');
    payload.user.id = megan.id;
    payload.actions = [{ ...payload.actions[0], action_id: handOff.action_id, value: handOff.value }];
    payload.response_url = desk.slack.responseUrl('hand-over');
    payload.channel = { id: `D${megan.id.slice(1)}`, name: 'dm' };
    payload.container = { ...payload.container, channel_id: `D${megan.id.slice(1)}`, is_ephemeral: true };
    const post = createSlackPoster(`http://${desk.app.host}:${desk.app.port}/slack/events`, SECRET);
    expect((await post(interactiveBody(payload))).status).toBe(200);
    const answer = await desk.slack.waitFor('response_url', (c) => c.responseId === 'hand-over');
    expect(flat(answer.body)).toContain(`Handed over 2 of your 2 open tickets: #${ids[0]} to Alex Wilber, #${ids[1]} to Alex Wilber.`);
    // Both hand-overs are still owed in the store when the bot restarts.
    expect(onStore(desk, 'SELECT ticket_id FROM routing_tickets WHERE from_agent IS NOT NULL AND written_at IS NULL ORDER BY ticket_id')).toEqual(ids.map((id) => ({ ticket_id: id })));
    onStore(desk, 'DROP TRIGGER no_written');

    await desk.restart();
    for (let i = 0; i < 3; i++) await desk.poll();
    for (const id of ids) {
      expect(desk.assignee(id)).toBe(alex.email);
      expect(patches(desk, id)).toHaveLength(1);
    }
    const handed = desk.dms(alex);
    expect(handed).toHaveLength(2);
    for (const [i, id] of ids.entries()) {
      expect(handed.find((d) => d.includes(`#${id} `))).toMatch(new RegExp(`was assigned to you .*Handed over to you by round robin in Hardware from Megan Bowen, who is away; you have ${i + 1} open\\.$`));
    }
    // Megan hears of her own hand-over only in the click's answer.
    expect(desk.dms(megan)).toHaveLength(meganHeard);
  }, 60_000);
});

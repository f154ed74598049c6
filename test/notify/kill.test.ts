/**
 * kill -9 of the real bot process at the moments that matter, then a restart on the same data
 * directory; every conversation must end up with each notification exactly once (Teams: the one
 * card in flight at the kill may appear twice, and later updates then land on the newest).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createBotWorld, received, TEAMS_CHANNEL, until, type BotWorld } from './bot-process';
import { graphRequests, ticketRow } from './emulator-setup';

let world: BotWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const countBy = (xs: string[]) => xs.reduce<Record<string, number>>((m, x) => ((m[x] = (m[x] ?? 0) + 1), m), {});

describe('kill -9 of the bot process', () => {
  it('mid-poll: killed while it reads the changes; after restart each card arrives once on both platforms', async () => {
    world = await createBotWorld();
    await world.start();
    await world.polled();
    world.emu.data.insert('SD_Tickets', ticketRow(1, { Title: 'VPN down' }));
    world.emu.data.insert('SD_Tickets', ticketRow(2, { Title: 'Mail slow' }));
    // The site holds the next read it gets (a cycle's tickets or comments read): the cycle waits for
    // both, so the kill lands while it reads, after it started and before it could record anything.
    const mark = graphRequests(world.emu);
    world.emu.faults.hang(60_000, 1);
    await until('a held read', () => graphRequests(world!.emu) > mark);
    await world.kill();
    world.emu.faults.clear();
    await world.start();
    await world.settled();
    const got = received(world);
    expect(countBy(got.slackCards)).toEqual({ '#1 VPN down — New, Normal': 1, '#2 Mail slow — New, Normal': 1 });
    expect(got.teamsCards).toHaveLength(2);
    expect(world.diedOnItsOwn).toBe(false);
  }, 90_000);

  it('mid-delivery: killed while a Slack card post is in flight (not yet taken effect); after restart it arrives once', async () => {
    world = await createBotWorld();
    world.slack.fault = (method, body) => (method === 'chat.postMessage' && body.channel === 'CDESK' ? { kind: 'hang' } : undefined);
    world.emu.data.insert('SD_Tickets', ticketRow(1, { Title: 'Printer' }));
    await world.start();
    await world.slack.waitFor('chat.postMessage', (c) => c.fault === 'hang', 30_000);
    await world.kill();
    world.slack.fault = undefined;
    await world.start();
    await world.settled();
    const got = received(world);
    expect(got.slackCards).toEqual(['#1 Printer — New, Normal']);
    // The Teams card is its own lane: the kill may land after Teams took it and before the bot
    // recorded it (how fast that lane is depends on the machine), and Teams has no way to look for
    // an earlier send, so it may come once more — never lost, never more than that one repeat.
    expect(got.teamsCards.length).toBeGreaterThanOrEqual(1);
    expect(got.teamsCards.length).toBeLessThanOrEqual(2);
  }, 90_000);

  it('between send and record on Slack: the card and the DM were posted, the bot died before recording; nothing is posted twice', async () => {
    world = await createBotWorld();
    const { id } = world.emu.data.insert('SD_Tickets', ticketRow(1, { Title: 'Badge' }));
    await world.start();
    await world.settled();
    // Status change: card update, thread line, requester DM. The line and the DM take effect, then the bot dies.
    world.slack.fault = (method) => (method === 'chat.postMessage' ? { kind: 'hang', afterEffect: true } : undefined);
    world.emu.data.update('SD_Tickets', id, { SD_Status: 'In Progress' });
    await world.slack.waitFor('chat.postMessage', (c) => c.fault === 'hang', 30_000);
    await world.kill();
    world.slack.fault = undefined;
    await world.start();
    await world.settled();
    const got = received(world);
    expect(got.slackCards).toEqual(['#1 Badge — In Progress, Normal']);
    expect(got.slackLines).toEqual(['Status: New → In Progress']);
    expect(got.slackDms).toEqual(['Your ticket #1 "Badge" is now In Progress.']);
    // Teams is its own lane: as above, the kill may land while its line is in flight, and Teams
    // has no way to look for an earlier send, so that one line may come once more (seen at load 17).
    expect(got.teamsLines.length).toBeGreaterThanOrEqual(1);
    expect(got.teamsLines.length).toBeLessThanOrEqual(2);
    expect(new Set(got.teamsLines)).toEqual(new Set(['Status: New → In Progress']));
  }, 90_000);

  it('between send and record on Teams: at most the card in flight is repeated, and the next change updates the newest card', async () => {
    world = await createBotWorld();
    world.connector.fault = (c) => (c.method === 'POST' && c.conversationId === TEAMS_CHANNEL ? { kind: 'hang', afterEffect: true } : undefined);
    const { id } = world.emu.data.insert('SD_Tickets', ticketRow(1, { Title: 'Dock' }));
    await world.start();
    await world.connector.arrived((c) => c.fault === 'hang');
    await world.kill();
    world.connector.fault = undefined;
    await world.start();
    await world.settled();
    const cards = received(world).teamsCards;
    expect(cards.length).toBeGreaterThanOrEqual(1);
    expect(cards.length).toBeLessThanOrEqual(2);
    world.emu.data.update('SD_Tickets', id, { SD_Status: 'Resolved' });
    await until('the card update', () => world!.connector.updates.length > 0);
    await world.settled();
    expect(world.connector.updates.map((u) => u.activityId)).toEqual([cards[cards.length - 1].id]);
    expect(received(world).slackCards).toEqual(['#1 Dock — Resolved, Normal']);
  }, 90_000);
});

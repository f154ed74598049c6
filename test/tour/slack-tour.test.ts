/**
 * Every button, clicked as a person would (issue 40, section 1), on Slack: a requester (Sam) and
 * two agents (Dana, Lee) go through filing, answers, duplicates and merge, files, SLA, surveys,
 * saved replies, digests, spaces and preferences on the real server, the real Slack channel
 * (Bolt, signed requests), the embedded site and the Slack Web API stand-in, with the features
 * bound as the app binds them and examples/sla.json's policy. Every button, menu choice and modal
 * submit the bot sends is clicked with exactly the data it carries, as Slack sends it. No click
 * may answer with an error, a usage text or an HTTP error, and each must show something. The kinds
 * seen must be exactly the committed list (slack-kinds.ts): a new button fails the tour until the
 * list, and so the tour, knows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDriver, type Driver } from './slack-driver';
import { EXPECTED_KINDS } from './slack-kinds';
import { startSlackTourStack, TOUR_PEOPLE, type SlackTourStack } from './slack-stack';
import { runTour, type TourMade } from './slack-steps';

const { sam, dana } = TOUR_PEOPLE;

describe('the Slack tour: every button, clicked as a person would', () => {
  let s: SlackTourStack;
  let d: Driver;
  let made: TourMade;
  beforeAll(async () => {
    s = await startSlackTourStack();
    d = createDriver(s);
    made = await runTour(s, d);
  }, 120_000);
  afterAll(() => s?.close());

  it('clicks every kind of button, choice and submit it saw', () => {
    const clicked = new Set(d.clicks.map((c) => c.kind));
    expect([...d.seen.keys()].filter((k) => !clicked.has(k))).toEqual([]);
  });

  it('no click answers with an error, a usage text or an HTTP error, and each shows something', () => {
    const failed = d.clicks.filter((c) => c.problem).map((c) => `${c.kind} on ${c.where} by ${c.by}: ${c.problem}`);
    expect(failed).toEqual([]);
  });

  it('sees exactly the committed kinds: none new, none gone', () => {
    const seen = [...d.seen.keys()].sort();
    expect(seen.filter((k) => !EXPECTED_KINDS.includes(k)), 'kinds the list does not have').toEqual([]);
    expect(EXPECTED_KINDS.filter((k) => !seen.includes(k)), 'listed kinds never seen').toEqual([]);
  });

  it('routing and the report say what a person asked for', () => {
    expect(made.misses).toEqual([]);
  });

  it('took Sam’s file share through Slack’s file host to the ticket', async () => {
    await expect.poll(() => s.stack.emulator.drive.children(`SD_Attachments/${made.withLog}`), { timeout: 15_000 }).toEqual([{ name: 'wifi.log', size: 2048 }]);
  });

  it('reached every place: DMs, channel cards, ephemerals, modals and App Home', () => {
    expect(new Set(d.clicks.map((c) => c.where))).toEqual(new Set(['channel', 'dm', 'ephemeral', 'modal', 'home']));
    expect(d.clicks.some((c) => c.by === sam.name) && d.clicks.some((c) => c.by === dana.name)).toBe(true);
  });
});

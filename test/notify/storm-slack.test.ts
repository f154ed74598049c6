/**
 * A change storm on Slack, end to end: Bolt over signed HTTP, the fake Slack Web API, the service
 * over the emulator, the store and the poller. 120 tickets in one cycle: one summary plus the
 * high-priority cards, and its List button pages all 120 (clicked as Slack sends it).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SlackChannel } from '../../src/channels/slack';
import type { Notifications, Poller } from '../../src/notify';
import type { FakeSlack } from '../support/fake-slack';
import type { HelpdeskStack } from '../support/helpdesk-stack';
import { startSlackNotifyScene, type SlackNotifyScene } from '../support/slack-notify-scene';
import { createSlackPoster, interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { ticketRow } from './emulator-setup';

const dana = { id: 'UDANA001', name: 'Dana Agent', email: 'dana@example.com' };
const DESK = 'CDESK0001';
const DM = 'DDANA0001';

let scene: SlackNotifyScene;
let stack: HelpdeskStack;
let fake: FakeSlack;
let channel: SlackChannel;
let poller: Poller;
let post: ReturnType<typeof createSlackPoster>;

beforeEach(async () => {
  scene = await startSlackNotifyScene({ agent: dana, people: [dana], dirPrefix: 'storm-slack-' });
  ({ stack, fake, channel, poller, post } = scene);
});
afterEach(() => scene.close());

let n = 0;
/** Dana clicks `button` (in her DM with the bot, or on `message` in a channel); resolves with the blocks the bot answered with. */
async function click(button: any, where = DM, message?: { ts: string; blocks: any[] }): Promise<any[]> {
  const rid = `storm-${++n}`;
  const body = slackFixture<Record<string, any>>('block-actions');
  body.user.id = dana.id;
  body.channel = { id: where, name: where === DM ? 'directmessage' : 'it-help' };
  body.container = { ...body.container, channel_id: where, ...(message ? { message_ts: message.ts } : {}) };
  if (message) body.message = { ...body.message, ts: message.ts, blocks: message.blocks };
  body.actions = [{ ...body.actions[0], action_id: button.action_id, value: button.value, text: button.text, action_ts: `${Date.now()}.${n}` }];
  body.response_url = fake.responseUrl(rid);
  const res = await post(interactiveBody(body));
  expect(res.status).toBe(200);
  const answer = await fake.waitFor('response_url', (c) => c.responseId === rid, 10_000);
  return answer.body.blocks ?? [];
}
const buttonsIn = (blocks: any[]) => blocks.flatMap((b) => [...(b.elements ?? []), ...(b.accessory ? [b.accessory] : [])]).filter((e) => e.type === 'button');
const top = () => fake.callsTo('chat.postMessage').filter((c) => c.body.channel === DESK && !c.body.thread_ts);

describe('a change storm on Slack', () => {
  it('120 new tickets in one cycle: one summary plus at most 10 high-priority cards; its List button pages all 120', async () => {
    expect((await post(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: dana.id, channel_id: DESK, text: 'subscribe all', response_url: fake.responseUrl('sub') }))).status).toBe(200);
    await fake.waitFor('chat.postMessage', (c) => c.body.channel === DESK);
    const ids: number[] = [];
    for (let i = 1; i <= 120; i++) ids.push(Number(stack.emulator.data.insert('SD_Tickets', ticketRow(i, { SD_Priority: i % 10 === 0 ? 'High' : 'Normal' })).id));
    const before = top().length;
    await poller.runOnce();

    const posted = top().slice(before);
    const summaries = posted.filter((c) => /changed at once/.test(c.body.text));
    expect(summaries).toHaveLength(1);
    expect(posted).toHaveLength(11);
    const blocks = summaries[0].body.blocks as any[];
    expect(JSON.stringify(blocks)).toContain('New 120');
    expect(JSON.stringify(blocks)).toContain('and 115 more');
    const list = buttonsIn(blocks).find((b) => b.text.text === 'List all 120');
    expect(list).toBeDefined();

    const seen: number[] = [];
    let page: any[] | undefined = await click(list);
    for (let i = 0; i < 10 && page; i++) {
      for (const b of page) if (b.type === 'section' && /^\*#(\d+) /.test(b.text?.text ?? '')) seen.push(Number(/^\*#(\d+) /.exec(b.text.text)![1]));
      const buttons = buttonsIn(page);
      expect(buttons.some((b) => b.text.text === 'Refresh')).toBe(true);
      const next = buttons.find((b) => b.text.text === 'Next');
      page = next ? await click(next) : undefined;
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen)).toEqual(new Set(ids));

    // Claim on a summary row: the ticket is claimed, the list answers Dana alone, the channel keeps its summary.
    const claim = buttonsIn(blocks).find((b) => b.text.text === 'Claim');
    const ts = fake.messages.find((m) => m.channel === DESK && /changed at once/.test(m.text ?? ''))!.ts;
    const answer = await click(claim, DESK, { ts, blocks });
    expect(JSON.stringify(answer)).toContain('Tickets changed at once');
    expect(fake.callsTo('chat.update').filter((c) => c.body.channel === DESK && JSON.stringify(c.body).includes('Tickets changed at once'))).toHaveLength(0);
    const claimed = JSON.parse(claim.value).ticketId as number;
    expect((await stack.helpdesk.getTicket({ email: dana.email, name: dana.name }, claimed)).assignedTo).toBe(dana.email);
  }, 60_000);
});

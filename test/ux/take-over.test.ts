/** Take over is explicit (issue 17.7), through the real Teams and Slack channel code. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { startTestHelpdesk, type TestHelpdesk } from '../slack/helpdesk';
import type { SeededHelpdesk } from '../support/seeded-helpdesk';
import { PEOPLE, slash, startSlackScene, type SlackScene } from '../slack/harness';
import { cardText, startTeamsHarness, type TeamsHarness } from '../teams/harness';

/** Every Action.Execute in a card. */
function executes(card: unknown): { title: string; verb: string; data: Record<string, any> }[] {
  const found: { title: string; verb: string; data: Record<string, any> }[] = [];
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      if (n.type === 'Action.Execute') found.push({ title: n.title, verb: n.verb, data: n.data ?? {} });
      Object.values(n).forEach(walk);
    }
  };
  walk(card);
  return found;
}

describe('Teams: taking over a ticket someone else holds', () => {
  let h: TeamsHarness;
  beforeAll(async () => {
    h = await startTeamsHarness();
  }, 30_000);
  afterAll(() => h?.close());

  it('the card offers Take over, which asks first, names the holder, and only the confirmation takes it', async () => {
    const lynne = { email: h.emails.lynne!, name: 'Lynne Robbins' };
    const dana = { email: h.emails.dana!, name: 'Dana Agent' };
    const t = await h.stack.helpdesk.createTicket(lynne, { title: 'Laptop will not boot' });
    const { ticket: held } = await h.stack.helpdesk.claim(dana, t.id);
    const danaName = (await h.stack.helpdesk.activeAgents()).find((a) => a.email === h.emails.dana)!.name;

    const shown = await h.execute('ticket.refresh', { ticketId: t.id, etag: held.etag }, 'lee');
    const titles = executes(shown.body.value).map((a) => a.title);
    expect(titles).toContain('Take over');
    expect(titles).not.toContain('Claim');

    const takeOver = executes(shown.body.value).find((a) => a.title === 'Take over')!;
    const question = await h.execute(takeOver.verb, takeOver.data, 'lee');
    expect(cardText(question.body.value)).toContain(`Take it over from ${danaName}?`);
    expect((await h.stack.helpdesk.getTicket(dana, t.id)).assignedTo).toBe(h.emails.dana);

    const confirm = executes(question.body.value).find((a) => a.title === `Take over from ${danaName}`)!;
    const done = await h.execute(confirm.verb, confirm.data, 'lee');
    expect(cardText(done.body.value)).toContain('Taken over by');
    expect((await h.stack.helpdesk.getTicket(dana, t.id)).assignedTo.toLowerCase()).toBe(h.emails.lee!.toLowerCase());
  });

  it('typed `claim` on a held ticket answers with the same question and takes nothing', async () => {
    const lynne = { email: h.emails.lynne!, name: 'Lynne Robbins' };
    const dana = { email: h.emails.dana!, name: 'Dana Agent' };
    const t = await h.stack.helpdesk.createTicket(lynne, { title: 'Dock has no power' });
    await h.stack.helpdesk.claim(dana, t.id);
    const replies = await h.say(`claim ${t.id}`, 'lee');
    const card = replies.map((r) => r.activity.attachments).find(Boolean);
    expect(executes(card).map((a) => a.title)).toEqual(expect.arrayContaining([expect.stringMatching(/^Take over from /)]));
    expect((await h.stack.helpdesk.getTicket(dana, t.id)).assignedTo).toBe(h.emails.dana);
  });
});

describe('Slack: taking over a ticket someone else holds', () => {
  let scene: SlackScene;
  let hd: TestHelpdesk;
  beforeAll(async () => {
    hd = await startTestHelpdesk();
    scene = await startSlackScene(hd.helpdesk);
  });
  afterAll(async () => {
    await scene?.close();
    await hd?.close();
  });

  it('typed claim asks privately; the Take over button takes it and tells the channel', async () => {
    const sam = { email: PEOPLE.sam.email, name: PEOPLE.sam.name };
    const dana = { email: PEOPLE.dana.email, name: PEOPLE.dana.name };
    const t = await hd.helpdesk.createTicket(sam, { title: 'Headset crackles' });
    await hd.helpdesk.claim(dana, t.id);
    await scene.post(slashBody(slash(scene.fake, PEOPLE.lee, `claim ${t.id}`, 'ask')));
    const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === 'ask');
    expect(answer.body.response_type).toBe('ephemeral');
    expect(JSON.stringify(answer.body.blocks)).toContain('Take it over from Dana Agent?');
    expect((await hd.helpdesk.getTicket(sam, t.id)).assignedTo).toBe(PEOPLE.dana.email);

    const button = answer.body.blocks
      .flatMap((b: any) => b.elements ?? [])
      .find((e: any) => e.type === 'button' && e.text.text === 'Take over from Dana Agent');
    const payload = slackFixture('block-actions');
    payload.user.id = PEOPLE.lee.id;
    payload.actions = [{ ...payload.actions[0], action_id: button.action_id, value: button.value, text: button.text }];
    payload.response_url = scene.fake.responseUrl('confirm');
    payload.container = { ...payload.container, is_ephemeral: true };
    await scene.post(interactiveBody(payload));
    await expect.poll(async () => (await hd.helpdesk.getTicket(sam, t.id)).assignedTo).toBe(PEOPLE.lee.email);
    const told = await scene.fake.waitFor('chat.postMessage');
    expect(JSON.stringify(told.body.blocks)).toContain('Taken over by Lee Agent');
  });
});

/**
 * A claim refused with 412 (someone claimed the ticket through another client since the bot last
 * saw it) is decided in one place: clicked in Teams or in Slack, the agent gets the same answer,
 * "Already claimed by <holder>" with the take-over question, and nothing is taken.
 */
describe('A claim refused with 412 gets one answer in both channels', () => {
  const holderTakesIt = (emulator: { data: { update(list: string, id: string, fields: Record<string, unknown>): void } }, id: number, email: string) =>
    emulator.data.update('SD_Tickets', String(id), { SD_AssignedTo: email, SD_Status: 'Assigned' });

  it('Teams: the Claim button on a card the bot last saw free', async () => {
    const h = await startTeamsHarness();
    try {
      const lynne = { email: h.emails.lynne!, name: 'Lynne Robbins' };
      const danaName = (await h.stack.helpdesk.activeAgents()).find((a) => a.email === h.emails.dana)!.name;
      const t = await h.stack.helpdesk.createTicket(lynne, { title: 'Scanner jams' });
      holderTakesIt(h.stack.emulator, t.id, h.emails.dana!);
      h.stack.emulator.counters.reset();
      const res = await h.execute('ticket.claim', { ticketId: t.id, etag: t.etag }, 'lee');
      // The bot wrote straight away with the version it saw, and the site refused it.
      expect(h.stack.emulator.counters.get('PATCH SD_Tickets/items/{id}/fields')).toBe(1);
      const text = cardText(res.body.value);
      expect(text).toContain(`Already claimed by ${danaName}. Take it over from ${danaName}?`);
      expect((await h.stack.helpdesk.getTicket(lynne, t.id)).assignedTo).toBe(h.emails.dana);
    } finally {
      await h.close();
    }
  });

  it('Slack: the Claim button on a card the bot last saw free', async () => {
    const hd = await startTestHelpdesk();
    const scene = await startSlackScene(hd.helpdesk);
    try {
      const desk = hd.helpdesk as SeededHelpdesk;
      const sam = { email: PEOPLE.sam.email, name: PEOPLE.sam.name };
      const t = await desk.createTicket(sam, { title: 'Scanner jams' });
      holderTakesIt(desk.stack.emulator, t.id, PEOPLE.dana.email);
      desk.stack.emulator.counters.reset();
      const payload = slackFixture('block-actions');
      payload.user.id = PEOPLE.lee.id;
      payload.actions = [{ ...payload.actions[0], action_id: 'ticket.claim', value: JSON.stringify({ ticketId: t.id, etag: t.etag }) }];
      payload.response_url = scene.fake.responseUrl('lost-412');
      payload.container = { ...payload.container, is_ephemeral: true };
      await scene.post(interactiveBody(payload));
      const told = await scene.fake.waitFor('response_url', (c) => c.responseId === 'lost-412');
      expect(desk.stack.emulator.counters.get('PATCH SD_Tickets/items/{id}/fields')).toBe(1);
      const text = JSON.stringify(told.body.blocks);
      expect(text).toContain('Already claimed by Dana Agent. Take it over from Dana Agent?');
      expect(desk.ticket(t.id)?.assignedTo).toBe(PEOPLE.dana.email);
    } finally {
      await scene.close();
      await hd.close();
    }
  });
});

/**
 * Issue 10.1 and 10.4, Slack side: in a shared channel every answer meant for one person is
 * ephemeral (or in their DM), typed and from buttons; and a click on the shared ticket card
 * updates it only with the shared view while the clicker gets their own view privately.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSeededHelpdesk, type SeededHelpdesk } from '../support/seeded-helpdesk';
import type { SlackCall } from '../support/fake-slack';
import { interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { AGENTS, PEOPLE, slash, startSlackScene, type SlackScene } from './harness';

const CHANNEL = 'C2147483705';
const text = (v: unknown) => JSON.stringify(v);
const buttonsOf = (blocks: any[] = []) => blocks.flatMap((b: any) => [...(b.elements ?? []), ...(b.accessory ? [b.accessory] : [])]).filter((e: any) => e.type === 'button');

/** A call everyone in the channel would see. */
function isPublic(c: SlackCall): boolean {
  if (c.method === 'response_url') return c.body.response_type === 'in_channel';
  if (c.method === 'chat.postMessage' || c.method === 'chat.update') return String(c.body.channel).startsWith('C');
  return false;
}

describe('Slack: private answers stay private in a shared channel', () => {
  let scene: SlackScene;
  let helpdesk: SeededHelpdesk;
  let ticketId: number;
  let n = 0;

  beforeAll(async () => {
    helpdesk = await startSeededHelpdesk(AGENTS);
    scene = await startSlackScene(helpdesk);
    const t = helpdesk.seedTicket({ title: 'Private printer', description: 'My home address is 1 Secret Lane', submittedByEmail: PEOPLE.sam.email, submittedByName: PEOPLE.sam.name });
    ticketId = t.id;
    helpdesk.seedComment({ ticketId, body: 'INTERNAL: user is on the watch list', authorEmail: PEOPLE.dana.email, authorName: PEOPLE.dana.name, isInternal: true });
    helpdesk.seedAsset({ assetTag: 'LT-77', assignedTo: PEOPLE.sam.email, title: 'Sam laptop' });
  });
  afterAll(async () => {
    await scene?.close();
    await helpdesk?.close();
  });
  beforeEach(() => scene.fake.clear());

  /** Runs a typed command in the channel and returns every Slack call it caused (a later `help` is the barrier). */
  async function typed(who: { id: string }, command: string): Promise<SlackCall[]> {
    const id = `p-${++n}`;
    scene.fake.clear();
    await scene.post(slashBody(slash(scene.fake, who, command, id)));
    await Promise.race([
      scene.fake.waitFor('response_url', (c) => c.responseId === id),
      scene.fake.waitFor('views.update'),
      scene.fake.waitFor('chat.postMessage'),
    ]);
    const barrier = `b-${n}`;
    await scene.post(slashBody(slash(scene.fake, who, 'help', barrier)));
    await scene.fake.waitFor('response_url', (c) => c.responseId === barrier);
    return scene.fake.calls.filter((c) => c.responseId !== barrier);
  }

  const privateCommands = (id: () => number) => [
    'help',
    'mine',
    `show ${id()}`,
    'queue',
    'queue all',
    'assets',
    'asset LT-77',
    `comment ${id()} a private thought`,
    'new A new thing',
    `comment ${id()}`,
    'subscriptions',
    'notifications off',
    'show 99999',
    'frobnicate',
  ];

  it.each([
    ['a requester', PEOPLE.sam],
    ['an agent', PEOPLE.dana],
  ])('every private verb typed by %s is answered only to them', async (_role, who) => {
    for (const command of privateCommands(() => ticketId)) {
      const calls = await typed(who, command);
      expect(calls.length, command).toBeGreaterThan(0);
      expect(calls.filter(isPublic).map((c) => `${c.method} ${text(c.body).slice(0, 120)}`), command).toEqual([]);
      // Nothing private leaks into anything public, and internal notes never reach a requester.
      if (who === PEOPLE.sam) expect(text(calls), command).not.toContain('watch list');
    }
  });

  it('public verbs are public (the check above can tell them apart)', async () => {
    const calls = await typed(PEOPLE.dana, `priority ${ticketId} High`);
    const shared = calls.filter(isPublic);
    expect(shared.length).toBeGreaterThan(0);
    expect(text(shared)).not.toContain('watch list');
  });

  it('buttons: Show, Refresh and a form opener on a private answer stay private', async () => {
    const calls = await typed(PEOPLE.sam, 'mine');
    const list = calls.find((c) => c.method === 'response_url')!;
    const show = buttonsOf(list.body.blocks).find((b: any) => b.action_id.startsWith('ticket.show'));
    expect(show).toBeDefined();
    for (const button of [show, { action_id: 'ticket.refresh', value: JSON.stringify({ ticketId }) }, { action_id: 'ticket.commentForm', value: JSON.stringify({ ticketId }) }]) {
      scene.fake.clear();
      const click = slackFixture('block-actions');
      click.user.id = PEOPLE.sam.id;
      click.actions = [{ ...click.actions[0], action_ts: `${Date.now()}.${++n}`, action_id: button.action_id, value: button.value }];
      click.container = { ...click.container, is_ephemeral: true };
      click.response_url = scene.fake.responseUrl(`btn-${n}`);
      await scene.post(interactiveBody(click));
      await Promise.race([scene.fake.waitFor('response_url'), scene.fake.waitFor('views.update')]);
      expect(scene.fake.calls.filter(isPublic), button.action_id).toEqual([]);
    }
  });

  it("a requester's Refresh on the shared channel card keeps the agents' card and shows her own view privately", async () => {
    scene.fake.clear();
    const click = slackFixture('block-actions');
    click.user.id = PEOPLE.sam.id;
    click.actions = [{ ...click.actions[0], action_ts: `${Date.now()}.${++n}`, action_id: 'ticket.refresh', value: JSON.stringify({ ticketId }) }];
    click.response_url = scene.fake.responseUrl('sam-refresh');
    await scene.post(interactiveBody(click));
    const update = await scene.fake.waitFor('chat.update');
    expect(update.body).toMatchObject({ channel: CHANNEL, ts: click.container.message_ts });
    const shared = buttonsOf(update.body.blocks).map((b: any) => b.action_id);
    expect(shared).toEqual(expect.arrayContaining(['ticket.claim', 'ticket.resolveForm']));
    expect(text(update.body)).not.toContain('watch list');
    const own = await scene.fake.waitFor('response_url', (c) => c.responseId === 'sam-refresh');
    expect(own.body.response_type).toBe('ephemeral');
    expect(buttonsOf(own.body.blocks).map((b: any) => b.action_id)).not.toContain('ticket.claim');
    expect(text(own.body)).not.toContain('watch list');
  });

  it("an agent's Claim on the shared card updates the card for everyone and sends no extra private copy", async () => {
    scene.fake.clear();
    const click = slackFixture('block-actions');
    click.user.id = PEOPLE.lee.id;
    click.actions = [{ ...click.actions[0], action_ts: `${Date.now()}.${++n}`, action_id: 'ticket.claim', value: JSON.stringify({ ticketId, etag: helpdesk.ticket(ticketId)!.etag }) }];
    click.response_url = scene.fake.responseUrl('lee-claim');
    await scene.post(interactiveBody(click));
    const update = await scene.fake.waitFor('chat.update');
    expect(text(update.body.blocks)).toContain('Claimed by Lee Agent');
    await scene.post(slashBody(slash(scene.fake, PEOPLE.lee, 'help', 'lee-barrier')));
    await scene.fake.waitFor('response_url', (c) => c.responseId === 'lee-barrier');
    expect(scene.fake.calls.filter((c) => c.responseId === 'lee-claim')).toEqual([]);
  });
});

/**
 * The "Merge into #n" button, clicked as Slack sends it: taken out of the Block Kit the bot
 * actually posted (an agent's `show`, the filing answer after the new-ticket modal, the poller's
 * channel card) and sent back as a `block_actions` payload with exactly the value the button
 * carries. The click opens the confirm; the confirm's button merges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../../../src/i18n';
import type { SlackCall } from '../../support/fake-slack';
import { startSlackNotifyScene, type SlackNotifyScene } from '../../support/slack-notify-scene';
import { until } from '../../support/until';
import { interactiveBody, slackFixture, slashBody } from '../../support/slack-request';

const dana = { id: 'UDANA001', name: 'Dana Agent', email: 'dana@example.com' };
const sam = { id: 'USAM0001', name: 'Sam Requester', email: 'sam@example.com' };
const DESK = 'CDESK';

interface Button { action_id: string; value: string }
const buttonsOf = (blocks: any[] | undefined): Button[] => (blocks ?? []).flatMap((b: any) => b.elements ?? []).filter((e: any) => e.type === 'button');

describe('the Merge button, clicked in Slack', () => {
  let s: SlackNotifyScene;
  let n = 0;
  beforeAll(async () => {
    s = await startSlackNotifyScene({ agent: dana, people: [dana, sam], dirPrefix: 'merge-button-slack-' });
    await s.notifications.ports.subscribe({ platform: 'slack', id: DESK, kind: 'channel' }, { kind: 'all' }, dana);
  }, 30_000);
  afterAll(() => s?.close());

  /** Sends `button` back as Slack does when Dana clicks it: on a message only she sees (answered through response_url), or on a channel message. */
  const click = async (button: Button, where: { channel: string; ts?: string }): Promise<string> => {
    const payload = slackFixture('block-actions');
    const id = `click-${++n}`;
    payload.user.id = dana.id;
    payload.actions = [{ ...payload.actions[0], action_id: button.action_id, value: button.value }];
    payload.channel = { id: where.channel, name: 'desk' };
    payload.container = { type: 'message', channel_id: where.channel, message_ts: where.ts ?? '1732280000.000100', is_ephemeral: !where.ts };
    payload.response_url = s.fake.responseUrl(id);
    const res = await s.post(interactiveBody(payload));
    expect(res.status).toBe(200);
    return id;
  };
  /** What reached Dana after the click: the response_url answer or an ephemeral message to her. */
  const answerTo = (id: string, since: number) => until(() => s.fake.calls.slice(since).find((c: SlackCall) => c.responseId === id || (c.method === 'chat.postEphemeral' && c.body.user === dana.id)), `Dana's answer to ${id}`, 10_000);

  const mergesFrom = async (blocks: any[], duplicate: number, target: number, where: { channel: string; ts?: string }) => {
    const button = buttonsOf(blocks).find((b) => b.action_id.startsWith('ticket.mergeAsk'));
    expect(button, 'the message has a Merge button').toBeDefined();
    const since = s.fake.calls.length;
    const asked = await answerTo(await click(button!, where), since);
    expect(JSON.stringify(asked.body)).not.toContain('Say which ticket');
    expect(JSON.stringify(asked.body)).toContain(`Merge #${duplicate} `);
    const go = buttonsOf(asked.body.blocks).find((b) => b.action_id.startsWith('ticket.merge') && !b.action_id.startsWith('ticket.mergeAsk'));
    const after = s.fake.calls.length;
    const done = await answerTo(await click(go!, { channel: where.channel }), after);
    expect(JSON.stringify(done.body)).toContain(`#${duplicate} is merged into #${target}.`);
    const { ticket } = await s.stack.helpdesk.getTicketWithComments({ email: dana.email, name: dana.name }, duplicate);
    expect(ticket.status).toBe('Resolved');
  };

  it('on an agent\'s show answer', async () => {
    const first = await s.notifications.helpdesk.createTicket(sam, { title: 'Printer on floor 3 offline', description: 'nothing prints' });
    const again = await s.notifications.helpdesk.createTicket(sam, { title: 'printer floor 3 still offline', description: 'nothing prints at all' });
    await s.poller.runOnce();
    await s.post(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: dana.id, channel_id: 'CWORK', text: `show ${again.id}`, response_url: s.fake.responseUrl('show') }));
    const shown = await s.fake.waitFor('response_url', (c) => c.responseId === 'show');
    await mergesFrom(shown.body.blocks, again.id, first.id, { channel: 'CWORK' });
  }, 30_000);

  it('on the filing answer after the new-ticket modal', async () => {
    const first = await s.notifications.helpdesk.createTicket(sam, { title: 'VPN keeps dropping when working from home', description: 'every ten minutes' });
    await s.poller.runOnce();
    const since = s.fake.calls.length;
    const payload = slackFixture('view-submission');
    payload.user.id = dana.id;
    payload.view.private_metadata = JSON.stringify({ verb: 'ticket.create', form: 'new-ticket', channelId: 'CWORK' });
    payload.view.state.values.title.value.value = 'VPN keeps dropping from home';
    payload.view.state.values.description.value.value = 'every ten minutes';
    await s.post(interactiveBody(payload));
    const filed = await s.fake.waitFor('chat.postEphemeral', (c) => s.fake.calls.indexOf(c) >= since && JSON.stringify(c.body).includes('Looks like'));
    const id = Number(JSON.parse(buttonsOf(filed.body.blocks).find((b) => b.action_id.startsWith('ticket.mergeAsk'))!.value).ticketId);
    // The banner: what was done, then the look-alike on a line of its own.
    const banner = filed.body.blocks.map((b: any) => b.text?.text ?? '').find((t: string) => t.includes('Looks like'));
    expect(banner.split('\n')).toEqual([english('commands:create.filed', { id }), `Looks like #${first.id} (New)`]);
    await mergesFrom(filed.body.blocks, id, first.id, { channel: 'CWORK' });
  }, 30_000);

  it('on the poller\'s channel card', async () => {
    const first = await s.notifications.helpdesk.createTicket(sam, { title: 'Outlook crashes on start', description: 'since the update' });
    await s.poller.runOnce();
    const again = await s.notifications.helpdesk.createTicket(sam, { title: 'outlook crashes on start again', description: 'since the update' });
    await s.poller.runOnce();
    const card = s.fake.messages.filter((m) => m.channel === DESK && JSON.stringify(m.blocks ?? []).includes(`#${again.id}`)).at(-1)!;
    expect(JSON.stringify(card.blocks)).toContain(`Looks like #${first.id}`);
    await mergesFrom(card.blocks as any[], again.id, first.id, { channel: DESK, ts: card.ts });
  }, 30_000);
});

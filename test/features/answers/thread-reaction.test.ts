/**
 * 📖 on Slack: an agent's reaction on a message in a ticket card's thread brings the answer form,
 * filled with that message (the requester's name taken out), privately; the form opens from its
 * button. A requester's 📖 does nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackNotifyScene, type SlackNotifyScene } from '../../support/slack-notify-scene';
import { eventBody, interactiveBody, slackFixture } from '../../support/slack-request';

const sam = { id: 'USAM0001', name: 'Sam Requester', email: 'sam@example.com' };
const dana = { id: 'UDANA001', name: 'Dana Agent', email: 'dana@example.com' };

describe('📖 on a message in a ticket\'s thread (Slack)', () => {
  let s: SlackNotifyScene;
  let n = 0;
  beforeAll(async () => {
    s = await startSlackNotifyScene({ agent: dana, people: [sam, dana], dirPrefix: 'book-' });
    await s.notifications.ports.subscribe({ platform: 'slack', id: 'CDESK', kind: 'channel' }, { kind: 'all' }, dana);
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A ticket with its card in CDESK and a reply in the card's thread; returns the reply's ts. */
  async function threadMessage(text: string): Promise<{ id: number; ts: string }> {
    const t = await s.stack.helpdesk.createTicket({ email: sam.email, name: sam.name }, { title: 'VPN drops at home' });
    await s.poller.runOnce();
    const card = s.fake.messages.find((m) => m.channel === 'CDESK' && JSON.stringify(m.blocks ?? []).includes(`#${t.id}`))!;
    const ts = `1732300000.${String(++n).padStart(6, '0')}`;
    s.fake.messages.push({ channel: 'CDESK', ts, text, user: dana.id, thread_ts: card.ts });
    return { id: t.id, ts };
  }

  const react = (who: { id: string }, ts: string) => {
    const envelope = slackFixture('event-reaction-added');
    envelope.event_id = `Ev-book-${ts}-${who.id}`;
    envelope.event = { ...envelope.event, user: who.id, reaction: 'book', item: { type: 'message', channel: 'CDESK', ts } };
    return s.post(eventBody(envelope));
  };

  it('brings an agent the answer form filled with the message, privately, and it opens as the modal', async () => {
    const { id, ts } = await threadMessage('Sam, quit GlobalProtect from the tray and start it again, then pick vpn.contoso.com.');
    await react(dana, ts);
    const offer = await s.fake.waitFor('chat.postEphemeral', (c) => c.body.user === dana.id && JSON.stringify(c.body).includes('answers.form'));
    const button = offer.body.blocks.flatMap((b: any) => b.elements ?? []).find((e: any) => e.type === 'button');
    expect(JSON.parse(button.value).body).toContain('{{requester.firstName}}, quit GlobalProtect');
    expect(button.value).not.toContain('Sam,');

    const click = slackFixture('block-actions');
    click.user.id = dana.id;
    click.actions = [{ ...click.actions[0], action_id: button.action_id, value: button.value }];
    click.channel = { id: 'CDESK', name: 'desk' };
    click.container = { ...click.container, channel_id: 'CDESK', is_ephemeral: true };
    click.response_url = s.fake.responseUrl('book-open');
    await s.post(interactiveBody(click));
    const modal = await s.fake.waitFor('views.update', (c) => JSON.stringify(c.body).includes('quit GlobalProtect'));
    expect(JSON.stringify(modal.body.view)).toContain(`#${id}`);
  });

  it('does nothing for a requester\'s 📖', async () => {
    const { ts } = await threadMessage('thanks, works now');
    const before = s.fake.callsTo('chat.postEphemeral').length;
    await react(sam, ts);
    // An agent's 📖 after it is the barrier: once it is answered, an answer to Sam's would have come first.
    await react(dana, ts);
    await s.fake.waitFor('chat.postEphemeral', (c) => c.body.user === dana.id && JSON.stringify(c.body).includes('thanks, works now'));
    expect(s.fake.callsTo('chat.postEphemeral').slice(before).filter((c) => c.body.user === sam.id)).toEqual([]);
  });
});

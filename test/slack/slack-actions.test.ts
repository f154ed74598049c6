import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HelpdeskService, Ticket } from '../../src/helpdesk/types';
import type { SlackCall } from '../support/fake-slack';
import { eventBody, interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { startTestHelpdesk, type TestHelpdesk } from './helpdesk';
import { PEOPLE, slash, startSlackScene, type SlackScene } from './harness';

const text = (blocks: any[] = []) => JSON.stringify(blocks);
const buttons = (blocks: any[]) =>
  blocks.flatMap((b: any) => [...(b.elements ?? []), ...(b.accessory ? [b.accessory] : [])]).filter((e: any) => e.type === 'button');

describe('Slack: buttons, shortcuts, reactions and App Home', () => {
  let scene: SlackScene;
  let helpdesk: HelpdeskService;
  let hd: TestHelpdesk;
  let ticket: Ticket;
  const sam = { email: PEOPLE.sam.email, name: PEOPLE.sam.name };

  beforeAll(async () => {
    hd = await startTestHelpdesk();
    helpdesk = hd.helpdesk;
    scene = await startSlackScene(helpdesk);
    ticket = await helpdesk.createTicket(sam, { title: 'Printer on fire', description: 'Smoke <everywhere> & noise', priority: 'High' });
  });
  afterAll(async () => {
    await scene?.close();
    await hd?.close();
  });
  beforeEach(() => scene.fake.clear());

  /** The ticket card as `who` sees it (`/helpdesk show <id>`), with its buttons. */
  async function cardFor(who: { id: string }, id: number): Promise<any[]> {
    const rid = `show-${who.id}-${Date.now()}`;
    await scene.post(slashBody(slash(scene.fake, who, `show ${id}`, rid)));
    return (await scene.fake.waitFor('response_url', (c) => c.responseId === rid)).body.blocks;
  }

  function click(who: { id: string }, button: any, container: Record<string, unknown> = {}) {
    const payload = slackFixture('block-actions');
    payload.user.id = who.id;
    payload.actions = [{ ...payload.actions[0], action_id: button.action_id, value: button.value, text: button.text }];
    payload.response_url = scene.fake.responseUrl(`click-${who.id}`);
    payload.container = { ...payload.container, ...container };
    return scene.post(interactiveBody(payload));
  }

  it('escapes user text in the card and shows a requester no agent buttons', async () => {
    const card = await cardFor(PEOPLE.sam, ticket.id);
    expect(text(card)).toContain('Smoke &lt;everywhere&gt; &amp; noise');
    expect(buttons(card).map((b: any) => b.action_id)).not.toContain('ticket.claim');
  });

  it("an agent's Claim updates the channel message in place", async () => {
    const card = await cardFor(PEOPLE.dana, ticket.id);
    const claim = buttons(card).find((b: any) => b.action_id === 'ticket.claim');
    expect(JSON.parse(claim.value)).toMatchObject({ ticketId: ticket.id, etag: ticket.etag });
    const res = await click(PEOPLE.dana, claim);
    expect(res.status).toBe(200);
    const update: SlackCall = await scene.fake.waitFor('chat.update');
    expect(update.body).toMatchObject({ channel: 'C2147483705', ts: '1732280000.000100' });
    expect(text(update.body.blocks)).toContain('Dana Agent');
    expect((await helpdesk.getTicket(sam, ticket.id)).assignedTo).toBe(PEOPLE.dana.email);
  });

  it('a Claim that lost the race tells the clicker alone who holds the ticket, and changes nothing', async () => {
    const stale = { action_id: 'ticket.claim', text: { type: 'plain_text', text: 'Claim' }, value: JSON.stringify({ ticketId: ticket.id, etag: ticket.etag }) };
    await click(PEOPLE.lee, stale);
    const told = await scene.fake.waitFor('response_url', (c) => c.responseId === `click-${PEOPLE.lee.id}`);
    expect(told.body.response_type).toBe('ephemeral');
    expect(text(told.body.blocks)).toMatch(/Already claimed by Dana Agent/);
    // The shared card shows the ticket as it is, never one person's warning.
    const update = await scene.fake.waitFor('chat.update');
    expect(text(update.body.blocks)).not.toMatch(/Already claimed/);
    expect((await helpdesk.getTicket(sam, ticket.id)).assignedTo).toBe(PEOPLE.dana.email);
  });

  it('a button on an ephemeral message replaces that message through response_url', async () => {
    const card = await cardFor(PEOPLE.dana, ticket.id);
    const refresh = buttons(card).find((b: any) => b.action_id === 'ticket.refresh');
    scene.fake.clear();
    await click(PEOPLE.dana, refresh, { is_ephemeral: true });
    const replaced = await scene.fake.waitFor('response_url', (c) => c.responseId === `click-${PEOPLE.dana.id}`);
    expect(replaced.body.replace_original).toBe(true);
    expect(scene.fake.callsTo('chat.update')).toEqual([]);
  });

  it('the comment button opens a modal at once; agents get the internal-note choice', async () => {
    const card = await cardFor(PEOPLE.dana, ticket.id);
    const comment = buttons(card).filter((b: any) => b.action_id.startsWith('ticket.commentForm'));
    // Reply and Internal note share a verb; action ids stay unique inside the block.
    expect(comment.map((b: any) => b.action_id)).toEqual(['ticket.commentForm', 'ticket.commentForm#2']);
    const commentButton = comment[1];
    await click(PEOPLE.dana, commentButton);
    await scene.fake.waitFor('views.open');
    const update = await scene.fake.waitFor('views.update');
    const ids = update.body.view.blocks.map((b: any) => b.block_id);
    expect(ids).toEqual(expect.arrayContaining(['comment', 'internal']));
    const internal = update.body.view.blocks.find((b: any) => b.block_id === 'internal');
    expect(internal.element.initial_options).toHaveLength(1);
  });

  it('the message shortcut prefills the new-ticket modal with the text and a permalink', async () => {
    const payload = slackFixture('message-action');
    await scene.post(interactiveBody(payload));
    const open = await scene.fake.waitFor('views.open');
    expect(open.body.trigger_id).toBe(payload.trigger_id);
    const update = await scene.fake.waitFor('views.update');
    const blocks = update.body.view.blocks;
    const description = blocks.find((b: any) => b.block_id === 'description').element.initial_value;
    expect(description).toBe('The VPN drops every 10 minutes since this morning status (https://status.example.com)');
    const permalink = 'https://example.slack.com/archives/C2147483705/p1732280050000200';
    expect(JSON.stringify(blocks.filter((b: any) => b.type === 'context'))).toContain(permalink);
    expect(blocks.find((b: any) => b.block_id === 'title').element.initial_value).toMatch(/^The VPN drops/);
    // Submitting the prefilled modal files a ticket that links back to the message.
    const submit = slackFixture('view-submission');
    submit.view.private_metadata = update.body.view.private_metadata;
    submit.view.state.values.title.value.value = 'VPN drops';
    submit.view.state.values.description.value.value = description;
    await scene.post(interactiveBody(submit));
    const filed = (await helpdesk.listTickets(sam, { submittedBy: sam.email })).find((t) => t.title === 'VPN drops');
    expect(filed?.description).toContain(permalink);
  });

  it('a :ticket: reaction files a ticket from the message as the reacting person and confirms in the thread', async () => {
    scene.fake.messages.push({ channel: 'C2147483705', ts: '1732280050.000200', text: 'Wi-Fi on floor 3 is down again', user: PEOPLE.robin.id });
    const envelope = slackFixture('event-reaction-added');
    expect((await scene.post(eventBody(envelope))).status).toBe(200);
    const confirm = await scene.fake.waitFor('chat.postMessage', (c) => c.body.thread_ts === '1732280050.000200');
    const filed = (await helpdesk.listTickets(sam, { submittedBy: sam.email })).find((t) => t.title === 'Wi-Fi on floor 3 is down again');
    expect(filed).toBeDefined();
    expect(filed!.description).toContain('https://example.slack.com/archives/C2147483705/p1732280050000200');
    expect(text(confirm.body.blocks) + confirm.body.text).toContain(`#${filed!.id}`);
    // Slack retries events it thinks were missed; the same reaction must not file twice.
    await scene.post(eventBody(envelope), { headers: { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' } });
    await new Promise((r) => setTimeout(r, 300));
    expect((await helpdesk.listTickets(sam, { submittedBy: sam.email })).filter((t) => t.title === filed!.title)).toHaveLength(1);
  });

  it('a :ticket: reaction by someone whose email is hidden files nothing and tells them', async () => {
    const envelope = slackFixture('event-reaction-added');
    envelope.event_id = 'Ev-reaction-guest';
    envelope.event.user = PEOPLE.guest.id;
    await scene.post(eventBody(envelope));
    const told = await scene.fake.waitFor('chat.postEphemeral', (c) => c.body.user === PEOPLE.guest.id);
    expect(told.body.text).toMatch(/can't see your email address/);
  });

  it('App Home shows a requester their tickets and no queue', async () => {
    await scene.post(eventBody(slackFixture('event-app-home-opened')));
    const publish = await scene.fake.waitFor('views.publish');
    expect(publish.body.user_id).toBe(PEOPLE.sam.id);
    expect(text(publish.body.view.blocks)).toContain('Printer on fire');
    const headers = publish.body.view.blocks.filter((b: any) => b.type === 'header');
    expect(headers).toHaveLength(1);
    expect(buttons(publish.body.view.blocks).map((b: any) => b.action_id)).not.toContain('ticket.claim');
  });

  it('App Home shows an agent the unassigned queue with Claim buttons, and refreshes after a click', async () => {
    const open = await helpdesk.createTicket({ email: PEOPLE.robin.email, name: PEOPLE.robin.name }, { title: 'Monitor flickers' });
    const envelope = slackFixture('event-app-home-opened');
    envelope.event_id = 'Ev-home-dana';
    envelope.event.user = PEOPLE.dana.id;
    await scene.post(eventBody(envelope));
    const publish = await scene.fake.waitFor('views.publish');
    const blocks = publish.body.view.blocks;
    expect(text(blocks)).toContain('Monitor flickers');
    const claim = buttons(blocks).find((b: any) => b.action_id === 'ticket.claim' && JSON.parse(b.value).ticketId === open.id);
    expect(claim).toBeDefined();
    scene.fake.clear();
    const payload = slackFixture('block-actions');
    payload.user.id = PEOPLE.dana.id;
    payload.actions = [{ ...payload.actions[0], action_id: claim.action_id, value: claim.value }];
    payload.container = { type: 'view', view_id: 'VHOME' };
    payload.view = { id: 'VHOME', type: 'home' };
    delete payload.channel;
    delete payload.message;
    delete payload.response_url;
    await scene.post(interactiveBody(payload));
    const again = await scene.fake.waitFor('views.publish');
    expect(again.body.view.blocks[0].text.text).toMatch(/Claimed by Dana Agent|#\d+/);
    expect((await helpdesk.getTicket({ email: PEOPLE.dana.email, name: PEOPLE.dana.name }, open.id)).assignedTo).toBe(PEOPLE.dana.email);
  });
});

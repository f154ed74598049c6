import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HelpdeskService } from '../../src/helpdesk/types';
import { eventBody, interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { startTestHelpdesk, type TestHelpdesk } from './helpdesk';
import { PEOPLE, slash, startSlackScene, type SlackScene } from './harness';

const blocksText = (blocks: any[] = []) => JSON.stringify(blocks);

describe('Slack: /helpdesk, modals, DMs and mentions', () => {
  let scene: SlackScene;
  let helpdesk: HelpdeskService;
  let hd: TestHelpdesk;
  beforeAll(async () => {
    hd = await startTestHelpdesk();
    helpdesk = hd.helpdesk;
    scene = await startSlackScene(helpdesk);
  });
  afterAll(async () => {
    await scene?.close();
    await hd?.close();
  });
  beforeEach(() => scene.fake.clear());

  it('`/helpdesk help` answers only the person who asked (ephemeral), within the 3-second ack', async () => {
    const started = Date.now();
    const res = await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, 'help', 'help-1')));
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
    const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === 'help-1');
    expect(answer.body.response_type).toBe('ephemeral');
    expect(blocksText(answer.body.blocks)).toContain('/helpdesk mine');
    expect(scene.fake.callsTo('chat.postMessage')).toEqual([]);
  });

  it('a typo gets a private message naming what was wrong', async () => {
    await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, 'clame 12', 'typo')));
    const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === 'typo');
    expect(answer.body.response_type).toBe('ephemeral');
    expect(answer.body.text).toContain('clame');
  });

  it('`/helpdesk new` opens the new-ticket modal with the trigger id, with the configured lists', async () => {
    const body = slash(scene.fake, PEOPLE.sam, 'new');
    await scene.post(slashBody(body));
    const open = await scene.fake.waitFor('views.open');
    expect(open.body.trigger_id).toBe(body.trigger_id);
    const update = await scene.fake.waitFor('views.update');
    const view = update.body.view;
    expect(view.callback_id).toBe('helpdesk_form');
    const ids = view.blocks.map((b: any) => b.block_id);
    expect(ids).toEqual(expect.arrayContaining(['title', 'description', 'priority', 'category']));
    const title = view.blocks.find((b: any) => b.block_id === 'title');
    expect(title.element.max_length).toBe(255);
    const priority = view.blocks.find((b: any) => b.block_id === 'priority');
    expect(priority.element.options.map((o: any) => o.value)).toEqual([...helpdesk.vocabulary.priorities]);
  });

  it('a submission with an empty title is refused inside the modal, under the title', async () => {
    const payload = slackFixture('view-submission');
    payload.view.state.values.title.value.value = '   ';
    const res = await scene.post(interactiveBody(payload));
    expect(res.status).toBe(200);
    const answer = res.json();
    expect(answer.response_action).toBe('errors');
    expect(answer.errors.title).toMatch(/title/i);
    expect((await helpdesk.listTickets({ email: PEOPLE.dana.email, name: 'Dana' }, {})).length).toBe(0);
  });

  it('a valid submission files the ticket as the submitter and confirms in the channel', async () => {
    const payload = slackFixture('view-submission');
    const res = await scene.post(interactiveBody(payload));
    expect(res.status).toBe(200);
    expect(res.text === '' || res.json().response_action === undefined).toBe(true);
    const mine = await helpdesk.listTickets({ email: PEOPLE.sam.email, name: PEOPLE.sam.name }, { submittedBy: PEOPLE.sam.email });
    const ticket = mine.find((t) => t.title === 'Laptop will not boot');
    expect(ticket).toBeDefined();
    expect(ticket!.priority).toBe('High');
    expect(ticket!.submittedByEmail).toBe(PEOPLE.sam.email);
    const confirm = await scene.fake.waitFor('chat.postEphemeral');
    expect(confirm.body.user).toBe(PEOPLE.sam.id);
    expect(confirm.body.channel).toBe('C2147483705');
    expect(blocksText(confirm.body.blocks) + confirm.body.text).toContain(`#${ticket!.id}`);
  });

  it('a DM `mine` is answered in the DM with my tickets', async () => {
    await helpdesk.createTicket({ email: PEOPLE.robin.email, name: PEOPLE.robin.name }, { title: 'Robin only' });
    const envelope = slackFixture('event-message-im');
    const res = await scene.post(eventBody(envelope));
    expect(res.status).toBe(200);
    const reply = await scene.fake.waitFor('chat.postMessage', (c) => c.body.channel === 'D0LAN2Q65');
    const text = blocksText(reply.body.blocks);
    expect(text).toContain('Laptop will not boot');
    expect(text).not.toContain('Robin only');
  });

  it('a DM `new` offers a button that opens the form (a DM has no trigger id of its own)', async () => {
    const envelope = slackFixture('event-message-im');
    envelope.event.text = 'new';
    envelope.event_id = 'Ev-new';
    await scene.post(eventBody(envelope));
    const reply = await scene.fake.waitFor('chat.postMessage', (c) => c.body.channel === 'D0LAN2Q65');
    const button = reply.body.blocks.flatMap((b: any) => b.elements ?? []).find((e: any) => e.type === 'button');
    expect(button.action_id).toBe('ticket.new');
    const click = slackFixture('block-actions');
    click.actions = [{ ...click.actions[0], action_id: button.action_id, value: button.value }];
    click.channel = { id: 'D0LAN2Q65', name: 'directmessage' };
    click.container = { ...click.container, channel_id: 'D0LAN2Q65' };
    click.response_url = scene.fake.responseUrl('dm-new');
    await scene.post(interactiveBody(click));
    expect((await scene.fake.waitFor('views.open')).body.trigger_id).toBe(click.trigger_id);
    const form = await scene.fake.waitFor('views.update');
    expect(form.body.view.callback_id).toBe('helpdesk_form');
  });

  it('a DM from another bot is ignored', async () => {
    const envelope = slackFixture('event-message-im');
    envelope.event.bot_id = 'BOTHER';
    envelope.event.event_id = 'Ev-bot';
    envelope.event.text = 'help';
    const before = scene.fake.callsTo('chat.postMessage').length;
    await scene.post(eventBody(envelope));
    // A person's `mine` sent after it (slower to answer than `help`) is the barrier: once it is answered,
    // an answer to the bot's `help` would have come first.
    const person = slackFixture('event-message-im');
    person.event_id = 'Ev-after-bot';
    person.event.client_msg_id = 'after-bot';
    person.event.ts = '1732280999.000100';
    await scene.post(eventBody(person));
    const isNew = (c: { body: any }) => scene.fake.callsTo('chat.postMessage').indexOf(c as never) >= before;
    await scene.fake.waitFor('chat.postMessage', (c) => isNew(c) && c.body.channel === 'D0LAN2Q65' && !blocksText(c.body.blocks).includes('/helpdesk mine'));
    const answered = scene.fake.callsTo('chat.postMessage').slice(before);
    expect(answered.filter((c) => blocksText(c.body.blocks).includes('/helpdesk mine'))).toEqual([]);
    expect(answered).toHaveLength(1);
  });

  it('an @mention in a channel takes the same commands; help goes only to the asker', async () => {
    await scene.post(eventBody(slackFixture('event-app-mention')));
    const answer = await scene.fake.waitFor('chat.postEphemeral');
    expect(answer.body.user).toBe(PEOPLE.sam.id);
    expect(blocksText(answer.body.blocks)).toContain('/helpdesk mine');
  });

  it('a person whose email Slack hides is told why, and no ticket is filed', async () => {
    const before = (await helpdesk.listTickets({ email: PEOPLE.dana.email, name: 'Dana' }, {})).length;
    await scene.post(slashBody(slash(scene.fake, PEOPLE.guest, 'help', 'guest')));
    const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === 'guest');
    expect(answer.body.text).toMatch(/can't see your email address/);
    const payload = slackFixture('view-submission');
    payload.user.id = PEOPLE.guest.id;
    const res = await scene.post(interactiveBody(payload));
    expect(res.json().response_action).toBe('errors');
    expect(res.json().errors.title).toMatch(/can't see your email address/);
    expect((await helpdesk.listTickets({ email: PEOPLE.dana.email, name: 'Dana' }, {})).length).toBe(before);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSlackChannel } from '../../src/channels/slack';
import type { ThreadReplyInfo } from '../../src/channels/slack';
import { HelpdeskError, type HelpdeskService } from '../../src/helpdesk/types';
import { english } from '../../src/i18n';
import { createLogger } from '../../src/log';
import { noHelpdesk } from '../support/no-helpdesk';
import { eventBody, interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { startTestHelpdesk, type TestHelpdesk } from './helpdesk';
import { PEOPLE, slash, startSlackScene, type SlackScene } from './harness';

const text = (blocks: any[] = []) => JSON.stringify(blocks);
const dana = { email: PEOPLE.dana.email, name: PEOPLE.dana.name };
const sam = { email: PEOPLE.sam.email, name: PEOPLE.sam.name };

/** The same help desk, answering `delayMs` late: a slow SharePoint must not make Slack time out. */
function slow(service: HelpdeskService, delayMs: { value: number }, refuseCreate: { error?: Error }): HelpdeskService {
  return new Proxy(service, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (typeof v !== 'function') return v;
      return async (...args: unknown[]) => {
        await new Promise((r) => setTimeout(r, delayMs.value));
        if (prop === 'createTicket' && refuseCreate.error) throw refuseCreate.error;
        return v.apply(target, args);
      };
    },
  });
}

describe('Slack: channel replies, assign and resolve modals, thread replies, slow help desk', () => {
  let scene: SlackScene;
  let helpdesk: HelpdeskService;
  let hd: TestHelpdesk;
  const delay = { value: 0 };
  const refuseCreate: { error?: Error } = {};
  const threadReplies: ThreadReplyInfo[] = [];

  beforeAll(async () => {
    hd = await startTestHelpdesk();
    helpdesk = hd.helpdesk;
    scene = await startSlackScene(slow(helpdesk, delay, refuseCreate), {
      onThreadReply: async (info) => {
        threadReplies.push(info);
        return true;
      },
    });
  });
  afterAll(async () => {
    await scene?.close();
    await hd?.close();
  });
  beforeEach(() => {
    scene.fake.clear();
    delay.value = 0;
    refuseCreate.error = undefined;
  });

  it('a typed claim is posted in the channel for everyone', async () => {
    const t = await helpdesk.createTicket(sam, { title: 'Badge reader broken' });
    await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, `claim ${t.id}`)));
    const posted = await scene.fake.waitFor('chat.postMessage');
    expect(posted.body.channel).toBe('C2147483705');
    expect(text(posted.body.blocks)).toContain('Badge reader broken');
    expect(text(posted.body.blocks)).toContain('Dana Agent');
  });

  it('where the bot is not a member, a public answer still reaches the channel through response_url', async () => {
    const t = await helpdesk.createTicket(sam, { title: 'Door stuck' });
    scene.fake.notInChannel.add('C2147483705');
    try {
      await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, `claim ${t.id}`, 'outside')));
      const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === 'outside');
      expect(answer.body.response_type).toBe('in_channel');
      expect(text(answer.body.blocks)).toContain('Door stuck');
    } finally {
      scene.fake.notInChannel.delete('C2147483705');
    }
  });

  it('the assign modal takes a Slack user and assigns by their email', async () => {
    const t = await helpdesk.createTicket(sam, { title: 'Need a new mouse' });
    const payload = slackFixture('view-submission');
    payload.user.id = PEOPLE.dana.id;
    payload.view.private_metadata = JSON.stringify({ verb: 'ticket.assign', form: 'assign', ticketId: t.id, etag: t.etag, channelId: 'C2147483705' });
    payload.view.state.values = { assignee: { value: { type: 'users_select', selected_user: PEOPLE.lee.id } } };
    const res = await scene.post(interactiveBody(payload));
    expect(res.status).toBe(200);
    expect((await helpdesk.getTicket(dana, t.id)).assignedTo).toBe(PEOPLE.lee.email);
  });

  it('assigning to someone whose email is hidden is refused under the field', async () => {
    const t = await helpdesk.createTicket(sam, { title: 'Chair squeaks' });
    const payload = slackFixture('view-submission');
    payload.user.id = PEOPLE.dana.id;
    payload.view.private_metadata = JSON.stringify({ verb: 'ticket.assign', form: 'assign', ticketId: t.id, etag: t.etag });
    payload.view.state.values = { assignee: { value: { type: 'users_select', selected_user: PEOPLE.guest.id } } };
    const res = await scene.post(interactiveBody(payload));
    expect(res.json()).toMatchObject({ response_action: 'errors' });
    expect(res.json().errors.assignee).toMatch(/email/);
    expect((await helpdesk.getTicket(dana, t.id)).assignedTo).toBe('');
  });

  it('resolving with a note from the modal updates the ticket message it was opened from', async () => {
    const t = await helpdesk.createTicket(sam, { title: 'Screen cracked' });
    const payload = slackFixture('view-submission');
    payload.user.id = PEOPLE.dana.id;
    payload.view.private_metadata = JSON.stringify({ verb: 'ticket.resolve', form: 'resolve', ticketId: t.id, etag: t.etag, channelId: 'C2147483705', messageTs: '1732280000.000900' });
    payload.view.state.values = { note: { value: { type: 'plain_text_input', value: 'Replaced the screen.' } } };
    await scene.post(interactiveBody(payload));
    const resolved = await helpdesk.getTicket(dana, t.id);
    expect(resolved.status).toBe('Resolved');
    const update = await scene.fake.waitFor('chat.update');
    expect(update.body).toMatchObject({ channel: 'C2147483705', ts: '1732280000.000900' });
    expect(text(update.body.blocks)).toContain('Resolved');
  });

  it('an internal note from the modal updates the channel message without a word about the note; only the agent is told', async () => {
    const t = await helpdesk.createTicket(sam, { title: 'Badge reader dead' });
    const payload = slackFixture('view-submission');
    payload.user.id = PEOPLE.dana.id;
    payload.view.private_metadata = JSON.stringify({ verb: 'ticket.comment', form: 'comment', ticketId: t.id, etag: t.etag, channelId: 'C2147483705', messageTs: '1732280000.000910' });
    payload.view.state.values = {
      comment: { value: { type: 'plain_text_input', value: 'Supplier says the firmware is bad.' } },
      internal: { value: { type: 'checkboxes', selected_options: [{ text: { type: 'plain_text', text: 'Internal' }, value: 'true' }] } },
    };
    await scene.post(interactiveBody(payload));
    const update = await scene.fake.waitFor('chat.update', (c) => c.body.ts === '1732280000.000910');
    const shared = JSON.stringify(update.body);
    expect(shared).toContain('Badge reader dead');
    expect(shared).not.toContain('firmware');
    const noteAdded = english('commands:comment.noteAdded');
    expect(shared).not.toContain(noteAdded);
    const told = await scene.fake.waitFor('chat.postEphemeral', (c) => c.body.user === PEOPLE.dana.id && JSON.stringify(c.body).includes(noteAdded));
    expect(told.body.channel).toBe('C2147483705');
    expect((await helpdesk.listComments(dana, t.id)).map((c) => [c.body, c.isInternal])).toEqual([['Supplier says the firmware is bad.', true]]);
  });

  it('`assign <id> <@user>` resolves the Slack mention to that person\'s email', async () => {
    const t = await helpdesk.createTicket(sam, { title: 'Projector bulb' });
    await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, `assign ${t.id} <@${PEOPLE.lee.id}|lee>`)));
    await expect.poll(async () => (await helpdesk.getTicket(dana, t.id)).assignedTo).toBe(PEOPLE.lee.email);
  });

  it('looks each person up once, not on every command', async () => {
    for (const id of ['a', 'b', 'c']) await scene.post(slashBody(slash(scene.fake, PEOPLE.robin, 'help', `robin-${id}`)));
    await scene.fake.waitFor('response_url', (c) => c.responseId === 'robin-c');
    expect(scene.fake.callsTo('users.info').filter((c) => c.body.user === PEOPLE.robin.id)).toHaveLength(1);
  });

  it('a resolve whose ticket changed meanwhile keeps the note in the modal, and a second submit applies it', async () => {
    const t = await helpdesk.createTicket(sam, { title: 'Keyboard missing keys' });
    await helpdesk.setStatus(dana, t.id, 'In Progress', '*');
    const payload = slackFixture('view-submission');
    payload.user.id = PEOPLE.dana.id;
    payload.view.private_metadata = JSON.stringify({ verb: 'ticket.resolve', form: 'resolve', ticketId: t.id, etag: t.etag, channelId: 'C2147483705' });
    payload.view.state.values = { note: { value: { type: 'plain_text_input', value: 'Sent a new keyboard.' } } };
    const first = (await scene.post(interactiveBody(payload))).json();
    expect(first.response_action).toBe('update');
    const note = first.view.blocks.find((b: any) => b.block_id === 'note');
    expect(note.element.initial_value).toBe('Sent a new keyboard.');
    expect(JSON.stringify(first.view.blocks)).toMatch(/In Progress/);
    expect((await helpdesk.getTicket(dana, t.id)).status).toBe('In Progress');
    payload.view.private_metadata = first.view.private_metadata;
    const second = await scene.post(interactiveBody(payload));
    expect(second.status).toBe(200);
    expect((await helpdesk.getTicket(dana, t.id)).status).toBe('Resolved');
  });

  it('a thread reply in a channel reaches the notifications hook with the author email', async () => {
    const envelope = slackFixture('event-message-im');
    envelope.event = { ...envelope.event, channel: 'C2147483705', channel_type: 'channel', text: 'Still broken for me', ts: '1732280700.000100', thread_ts: '1732280000.000100' };
    envelope.event_id = 'Ev-thread';
    await scene.post(eventBody(envelope));
    await expect.poll(() => threadReplies.length).toBe(1);
    expect(threadReplies[0]).toMatchObject({ channelId: 'C2147483705', threadTs: '1732280000.000100', email: PEOPLE.sam.email, text: 'Still broken for me' });
  });

  it('with a help desk 4 s slow, Slack still gets its acknowledgement at once and the answer follows', async () => {
    delay.value = 4000;
    const started = Date.now();
    const res = await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, 'mine', 'slow-mine')));
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1500);
    const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === 'slow-mine', 15_000);
    expect(answer.body.response_type).toBe('ephemeral');
  });

  it('with a slow help desk, `/helpdesk new` still opens the modal while the trigger id is fresh', async () => {
    delay.value = 4000;
    const started = Date.now();
    await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, 'new')));
    await scene.fake.waitFor('views.open');
    expect(Date.now() - started).toBeLessThan(2000);
    const form = await scene.fake.waitFor('views.update', () => true, 15_000);
    expect(form.body.view.callback_id).toBe('helpdesk_form');
  });

  it('a form submitted while the help desk is slow closes in time and the confirmation follows', async () => {
    delay.value = 2700;
    const payload = slackFixture('view-submission');
    payload.view.state.values.title.value.value = 'Slow day ticket';
    const started = Date.now();
    const res = await scene.post(interactiveBody(payload));
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
    const confirm = await scene.fake.waitFor('chat.postEphemeral', (c) => JSON.stringify(c.body).includes('Slow day ticket'), 20_000);
    expect(confirm.body.user).toBe(PEOPLE.sam.id);
  });

  it('a slow refusal after the modal closed gives back everything typed and a button that reopens the form prefilled', async () => {
    delay.value = 2700;
    refuseCreate.error = new HelpdeskError('invalid', 'The list refused the category.', { field: 'category' });
    const payload = slackFixture('view-submission');
    payload.view.state.values.title.value.value = 'Refused later';
    payload.view.state.values.description.value.value = 'A long story I do not want to type twice.';
    const res = await scene.post(interactiveBody(payload));
    expect(res.status).toBe(200);
    const told = await scene.fake.waitFor('chat.postEphemeral', (c) => text(c.body.blocks).includes('Refused later'), 20_000);
    expect(told.body.text).toContain('The list refused the category.');
    expect(text(told.body.blocks)).toContain('A long story I do not want to type twice.');
    const reopen = told.body.blocks.flatMap((b: any) => b.elements ?? []).find((e: any) => e.type === 'button');
    expect(reopen.action_id).toBe('ticket.new');
    // Clicking it opens the new-ticket form with what was typed already filled in.
    delay.value = 0;
    refuseCreate.error = undefined;
    scene.fake.clear();
    const click = slackFixture('block-actions');
    click.actions = [{ ...click.actions[0], action_id: reopen.action_id, value: reopen.value }];
    click.container = { ...click.container, is_ephemeral: true };
    click.response_url = scene.fake.responseUrl('reopen');
    await scene.post(interactiveBody(click));
    const form = await scene.fake.waitFor('views.update', (c) => c.body.view?.callback_id === 'helpdesk_form');
    const field = (id: string) => form.body.view.blocks.find((b: any) => b.block_id === id)?.element.initial_value;
    expect(field('title')).toBe('Refused later');
    expect(field('description')).toBe('A long story I do not want to type twice.');
  });
});

describe('Slack channel modes', () => {
  it('Socket Mode (app token set) serves no HTTP listener and contacts nothing before start', () => {
    const channel = createSlackChannel({
      settings: { botToken: 'xoxb-1-2-3', signingSecret: 's', appToken: 'xapp-1-2-3', apiUrl: 'http://127.0.0.1:9/api/' },
      helpdesk: noHelpdesk('nothing is received before start'),
      logger: createLogger({ write: () => undefined }),
    });
    expect(channel.requestListener).toBeUndefined();
    expect(channel.client.slackApiUrl).toBe('http://127.0.0.1:9/api/');
  });

  it('start fails loudly when the bot token is rejected', async () => {
    const { startFakeSlack } = await import('../support/fake-slack');
    const fake = await startFakeSlack();
    try {
      const channel = createSlackChannel({
        settings: { botToken: 'xoxb-wrong', signingSecret: 's', apiUrl: fake.apiUrl },
        helpdesk: noHelpdesk('start only checks the bot token'),
        logger: createLogger({ write: () => undefined }),
      });
      await expect(channel.start()).rejects.toThrow(/invalid_auth/);
    } finally {
      await fake.close();
    }
  });
});

/**
 * Answers before a ticket from another message: the Teams message action ("Create ticket") and
 * the Slack message shortcut offer the answers the message's words find before the form, in the
 * dialog or modal they must open at once. This solved it files nothing and counts one question;
 * File the ticket turns the offer into the form with the message's words and link, which files
 * the ticket where the message was. A message no answer settles opens the form at once, as before.
 */
import { describe, expect, it } from 'vitest';
import { VERBS } from '../../../src/core';
import { interactiveBody, slackFixture } from '../../support/slack-request';
import { PEOPLE } from '../../slack/harness';
import { cardOf, cardText, inputValue } from '../../teams/harness';
import { flat, SINCE, slackScene, teamsScene } from './scenes';

/** Every Action.Submit of a dialog card, with its data. */
function submits(card: unknown): { title: string; data: Record<string, unknown> }[] {
  const out: { title: string; data: Record<string, unknown> }[] = [];
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      if (n.type === 'Action.Submit') out.push({ title: n.title, data: n.data ?? {} });
      Object.values(n).forEach(walk);
    }
  };
  walk(card);
  return out;
}

describe('the Teams message action offers answers first', () => {
  const teams = teamsScene();

  /** "Create ticket" on a message saying `html`: the dialog's card. */
  async function fetchTask(html: string) {
    const activity = teams.h.fixture('fetch-task', 'lynne');
    activity.value.messagePayload.body = { contentType: 'html', content: html };
    const res = await teams.h.post(activity);
    expect(res.status).toBe(200);
    expect(res.body.task.type).toBe('continue');
    return { activity, card: res.body.task.value.card.content };
  }

  /** A button of the dialog, clicked: Teams sends it as submitAction with the button's data. */
  async function click(data: Record<string, unknown>) {
    const activity = teams.h.fixture('submit-action', 'lynne');
    activity.value.data = data;
    return teams.h.post(activity);
  }

  it('This solved it: no ticket, thanks in the dialog, one question counted', async () => {
    const tickets = teams.h.stack.emulator.data.count('SD_Tickets');
    const { card } = await fetchTask('<p>my vpn wont connect from home since this morning</p>');
    expect(cardText(card)).toContain('VPN does not connect from home');
    expect(cardText(card)).toContain('Quit GlobalProtect from the tray');
    const buttons = submits(card);
    expect(buttons.map((b) => b.data.verb)).toEqual(['answers.solved', VERBS.newForm]);
    const before = await teams.answers.ports.answeredSince(SINCE);
    const res = await click(buttons[0].data);
    expect(res.body.task).toEqual({ type: 'message', value: expect.stringContaining('glad that helped') });
    expect(await teams.answers.ports.answeredSince(SINCE)).toBe(before + 1);
    expect(teams.h.stack.emulator.data.count('SD_Tickets')).toBe(tickets);
  });

  it('File the ticket turns the dialog into the form with the message\'s words and link, and its submit files the ticket', async () => {
    const { card } = await fetchTask('<p>vpn wont connect from home, tried twice already</p>');
    const file = submits(card).find((b) => b.data.verb === VERBS.newForm)!;
    const res = await click(file.data);
    expect(res.body.task.type).toBe('continue');
    const form = res.body.task.value.card.content;
    expect(inputValue(form, 'title')).toBe('vpn wont connect from home, tried twice already');
    expect(cardText(form)).toContain('https://teams.microsoft.com/l/message/');
    expect(cardText(form)).not.toContain('This solved it');
    const submit = submits(form).find((b) => b.data.verb === VERBS.create)!;
    const before = teams.h.connector.activities.length;
    const filed = await click({ ...submit.data, title: 'vpn wont connect from home, tried twice already', description: 'vpn wont connect from home, tried twice already', priority: 'Normal', category: 'Network' });
    expect(filed.body?.task).toBeUndefined();
    const mine = await teams.h.stack.helpdesk.listTickets({ email: teams.h.emails.lynne!, name: 'Lynne' }, { submittedBy: teams.h.emails.lynne! });
    const ticket = mine.find((t) => t.title === 'vpn wont connect from home, tried twice already');
    expect(ticket?.description).toContain('https://teams.microsoft.com/l/message/');
    expect(cardText(cardOf(teams.h.connector.activities.slice(before)[0]))).toContain('vpn wont connect from home');
  });

  it('a message no answer settles opens the form at once, as before', async () => {
    const { card } = await fetchTask('<p>the coffee machine on floor 2 is broken</p>');
    expect(inputValue(card, 'title')).toBe('the coffee machine on floor 2 is broken');
    expect(cardText(card)).not.toContain('This solved it');
  });
});

describe('the Slack message shortcut offers answers first', () => {
  const slack = slackScene();
  let clicks = 0;

  /** The shortcut on a message saying `text`: the modal it opened with the trigger id, as it was filled in. */
  async function shortcut(text: string) {
    const payload = slackFixture('message-action');
    payload.action_ts = `1732280100.${String(++clicks).padStart(6, '0')}`;
    payload.trigger_id = `trigger-${clicks}`;
    payload.message = { ...payload.message, text };
    const before = slack.scene.fake.callsTo('views.update').length;
    await slack.scene.post(interactiveBody(payload));
    const open = await slack.scene.fake.waitFor('views.open', (c) => c.body.trigger_id === payload.trigger_id);
    const update = await slack.scene.fake.waitFor('views.update', (c) => slack.scene.fake.callsTo('views.update').indexOf(c as never) >= before);
    return { open, update };
  }

  /** A button in the modal `update` filled, clicked. */
  async function click(update: any, actionId: string) {
    const button = update.body.view.blocks.flatMap((b: any) => b.elements ?? []).find((e: any) => e.action_id === actionId);
    const payload = slackFixture('block-actions');
    payload.user.id = PEOPLE.sam.id;
    payload.trigger_id = `trigger-click-${++clicks}`;
    payload.actions = [{ ...payload.actions[0], action_id: button.action_id, value: button.value, action_ts: `1732280200.${String(clicks).padStart(6, '0')}` }];
    delete payload.channel;
    delete payload.message;
    delete payload.response_url;
    payload.container = { type: 'view', view_id: update.body.view_id };
    payload.view = { ...update.body.view, id: update.body.view_id };
    const before = slack.scene.fake.callsTo('views.update').length;
    await slack.scene.post(interactiveBody(payload));
    return slack.scene.fake.waitFor('views.update', (c) => c.body.view_id === update.body.view_id && slack.scene.fake.callsTo('views.update').indexOf(c as never) >= before);
  }

  it('opens a modal at once with the offer; This solved it thanks there and files nothing', async () => {
    const filed = (await slack.hd.helpdesk.listTickets({ email: PEOPLE.sam.email, name: PEOPLE.sam.name }, { limit: 50 })).length;
    const { open, update } = await shortcut('is anyone else getting globalprotect fails from home?');
    expect(open.body.view.type).toBe('modal');
    expect(flat(update.body.view.blocks)).toContain('VPN does not connect from home');
    const before = await slack.answers.ports.answeredSince(SINCE);
    const thanks = await click(update, 'answers.solved');
    expect(flat(thanks.body.view)).toContain('glad that helped');
    expect(await slack.answers.ports.answeredSince(SINCE)).toBe(before + 1);
    expect(await slack.hd.helpdesk.listTickets({ email: PEOPLE.sam.email, name: PEOPLE.sam.name }, { limit: 50 })).toHaveLength(filed);
  });

  it('File the ticket puts the form in the same modal with the message\'s words and link, answering in the message\'s channel', async () => {
    const { update } = await shortcut('globalprotect fails at home since the update');
    const form = await click(update, VERBS.newForm);
    expect(form.body.view.callback_id).toBe('helpdesk_form');
    expect(form.body.view.blocks.find((b: any) => b.block_id === 'title').element.initial_value).toBe('globalprotect fails at home since the update');
    expect(flat(form.body.view.blocks)).toContain('https://example.slack.com/archives/C2147483705/p1732280050000200');
    expect(JSON.parse(form.body.view.private_metadata)).toMatchObject({ verb: VERBS.create, channelId: 'C2147483705' });
    // Submitted, it files the ticket linking back to the message and tells the person in that channel, as the form opened at once does.
    const submit = slackFixture('view-submission');
    submit.view.private_metadata = form.body.view.private_metadata;
    submit.view.state.values.title.value.value = 'globalprotect fails at home';
    submit.view.state.values.description.value.value = 'globalprotect fails at home since the update';
    await slack.scene.post(interactiveBody(submit));
    const ticket = (await slack.hd.helpdesk.listTickets({ email: PEOPLE.sam.email, name: PEOPLE.sam.name }, { limit: 50 })).find((t) => t.title === 'globalprotect fails at home');
    expect(ticket?.description).toContain('https://example.slack.com/archives/C2147483705/p1732280050000200');
    await slack.scene.fake.waitFor('chat.postEphemeral', (c) => c.body.channel === 'C2147483705' && c.body.user === PEOPLE.sam.id && flat(c.body).includes(`#${ticket!.id}`));
  });

  it('a message no answer settles gets the form at once, as before', async () => {
    const { update } = await shortcut('the coffee machine on floor 2 is broken');
    expect(update.body.view.callback_id).toBe('helpdesk_form');
    expect(update.body.view.blocks.find((b: any) => b.block_id === 'title').element.initial_value).toBe('the coffee machine on floor 2 is broken');
  });
});

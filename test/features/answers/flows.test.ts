/**
 * Answers before a ticket, end to end on both platforms over their real HTTP fakes and the
 * embedded help-desk site: words that an answer settles are answered without a ticket (counted
 * once however often the button is clicked), File the ticket opens the form with the words
 * kept, and Save as answer on a resolved ticket opens the form filled from its public
 * resolution note, never its internal note nor the requester's name or address.
 */
import { describe, expect, it } from 'vitest';
import { VERBS } from '../../../src/core';
import { eventBody, interactiveBody, slackFixture, slashBody } from '../../support/slack-request';
import { PEOPLE, slash } from '../../slack/harness';
import { cardOf, cardText } from '../../teams/harness';
import { flat, SINCE, slackScene, teamsScene } from './scenes';

describe('answers in Teams', () => {
  const teams = teamsScene();

  /** Every button of a card, wherever it sits (under its answer, or the card's own). */
  const offerActions = (card: any) => {
    const out: { verb: string; title: string; data: Record<string, string> }[] = [];
    const walk = (n: any) => {
      if (Array.isArray(n)) n.forEach(walk);
      else if (n && typeof n === 'object') {
        if (n.type === 'Action.Execute') out.push(n);
        Object.values(n).forEach(walk);
      }
    };
    walk(card);
    return out;
  };

  it('answers words in a personal chat without a ticket, counted once however often This solved it is clicked', async () => {
    const tickets = teams.h.stack.emulator.data.count('SD_Tickets');
    const [reply] = await teams.h.say('my vpn wont connect from home since this morning');
    const card = cardOf(reply)!;
    expect(cardText(card)).toContain('VPN does not connect from home');
    expect(cardText(card)).toContain('Quit GlobalProtect from the tray');
    const solved = offerActions(card).find((a) => a.verb === 'answers.solved')!;
    const before = await teams.answers.ports.answeredSince(SINCE);
    const first = await teams.h.execute(solved.verb, solved.data);
    expect(cardText(first.body.value)).toContain('glad that helped');
    const again = await teams.h.execute(solved.verb, solved.data);
    expect(cardText(again.body.value)).toMatch(/Already (noted|done)/);
    expect(await teams.answers.ports.answeredSince(SINCE)).toBe(before + 1);
    expect(teams.h.stack.emulator.data.count('SD_Tickets')).toBe(tickets);
  });

  it('File the ticket opens the new-ticket form with every word typed, and offers no answer twice', async () => {
    const typed = 'vpn wont connect from home, tried twice already';
    const [reply] = await teams.h.say(typed);
    const file = offerActions(cardOf(reply)!).find((a) => a.verb === VERBS.newForm)!;
    const form = await teams.h.execute(file.verb, file.data);
    expect(form.body.value.body.find((b: any) => b.id === 'title')?.value).toBe(typed);
    expect(cardText(form.body.value)).not.toContain('This solved it');
  });

  it('a form that holds a message\'s link and was not asked for from the message (shown again, Finish in the form) offers nothing twice', async () => {
    const res = await teams.h.execute(VERBS.newForm, { title: 'vpn wont connect from home', sourceLink: 'https://teams.example/msg/1' });
    expect(res.body.value.body.find((b: any) => b.id === 'title')?.value).toBe('vpn wont connect from home');
  });

  it('words no answer settles get the new-ticket form at once', async () => {
    const [reply] = await teams.h.say('the coffee machine on floor 2 is broken');
    expect(cardOf(reply)!.body.find((b: any) => b.id === 'title')?.value).toBe('the coffee machine on floor 2 is broken');
  });

  it('Save as answer on a resolved ticket fills the form from its public resolution note only, and the saved answer is offered', async () => {
    const requester = { email: teams.h.emails.lynne!, name: 'Lynne Robbins' };
    const agent = { email: teams.h.emails.dana!, name: 'Dana Agent' };
    const t = await teams.h.stack.helpdesk.createTicket(requester, { title: 'Teams camera black in meetings', description: 'lynner@example.com here, camera is black' });
    await teams.h.stack.helpdesk.addComment(agent, t.id, 'Internal: her laptop is on the old image', { internal: true });
    await teams.h.stack.helpdesk.resolve(agent, t.id, 'Hi Lynne, pick the right camera under Settings > Devices and close Zoom.');
    const res = await teams.h.execute('answers.fromTicket', { ticketId: t.id }, 'dana');
    const form = res.body.value;
    const text = cardText(form);
    expect(form.body.find((b: any) => b.id === 'title')?.value).toBe('Teams camera black in meetings');
    expect(form.body.find((b: any) => b.id === 'body')?.value).toBe('Hi {{requester.firstName}}, pick the right camera under Settings > Devices and close Zoom.');
    expect(text).toContain('What requesters will see');
    expect(text).not.toContain('old image');
    expect(text).not.toMatch(/lynner@example\.com|Lynne/);
    const submit = form.actions.find((a: any) => a.verb === 'answers.save');
    const saved = await teams.h.execute('answers.save', { ...submit.data, name: 'teams-camera', title: 'Teams camera black in meetings', body: 'Pick the right camera under Settings > Devices and close Zoom.', phrases: 'camera black\nwebcam not working', language: 'en', shown: 'true' }, 'dana');
    expect(cardText(saved.body.value)).toContain('Answer “teams-camera” added');
    expect(await teams.answers.ports.get('teams-camera')).toMatchObject({ sourceTicket: t.id, createdBy: teams.h.emails.dana });
    const [offer] = await teams.h.say('camera black in my teams meeting');
    expect(cardText(cardOf(offer))).toContain('Teams camera black in meetings');
  });

  it('csat reports the questions answered without a ticket over the days asked', async () => {
    await teams.answers.ports.countAnswered('report-offer', 'vpn-home', 'en', new Date().toISOString());
    const count = await teams.answers.ports.answeredSince(new Date(Date.now() - 7 * 86_400_000).toISOString());
    const [report] = await teams.h.say('csat 7', 'dana');
    expect(cardText(cardOf(report))).toContain(`${count} question${count === 1 ? '' : 's'} answered without a ticket`);
  });

  it('a requester cannot open Save as answer', async () => {
    const res = await teams.h.execute('answers.fromTicket', { ticketId: 1 }, 'lynne');
    expect(cardText(res.body.value)).toContain('Only help-desk agents curate answers');
  });
});

describe('answers in Slack', () => {
  const slack = slackScene();
  let events = 0;

  /** Sends `text` as Sam's DM and returns the bot's answer's buttons. */
  async function dm(text: string) {
    const envelope = slackFixture('event-message-im');
    envelope.event_id = `Ev-answers-${++events}`;
    envelope.event = { ...envelope.event, text, client_msg_id: `answers-${events}`, ts: `1732290000.00${events}` };
    const before = slack.scene.fake.callsTo('chat.postMessage').length;
    await slack.scene.post(eventBody(envelope));
    const reply = await slack.scene.fake.waitFor('chat.postMessage', (c) => c.body.channel === 'D0LAN2Q65' && slack.scene.fake.callsTo('chat.postMessage').indexOf(c as never) >= before);
    const buttons = reply.body.blocks.flatMap((b: any) => b.elements ?? []).filter((e: any) => e.type === 'button');
    return { reply, buttons };
  }

  async function click(button: { action_id: string; value: string }, id: string) {
    const payload = slackFixture('block-actions');
    payload.user.id = PEOPLE.sam.id;
    payload.actions = [{ ...payload.actions[0], action_id: button.action_id, value: button.value }];
    payload.channel = { id: 'D0LAN2Q65', name: 'directmessage' };
    payload.container = { ...payload.container, channel_id: 'D0LAN2Q65' };
    payload.response_url = slack.scene.fake.responseUrl(id);
    await slack.scene.post(interactiveBody(payload));
  }

  it('answers a DM without a ticket, counted once however often This solved it is clicked', async () => {
    const filed = (await slack.hd.helpdesk.listTickets({ email: PEOPLE.sam.email, name: PEOPLE.sam.name }, { limit: 50 })).length;
    const { reply, buttons } = await dm('vpn not connecting at home again');
    expect(flat(reply.body.blocks)).toContain('VPN does not connect from home');
    const solved = buttons.find((b: any) => b.action_id === 'answers.solved');
    const before = await slack.answers.ports.answeredSince(SINCE);
    await click(solved, 'solved-1');
    expect(flat((await slack.scene.fake.waitFor('response_url', (c) => c.responseId === 'solved-1')).body)).toContain('glad that helped');
    await click(solved, 'solved-2');
    expect(flat((await slack.scene.fake.waitFor('response_url', (c) => c.responseId === 'solved-2')).body)).toMatch(/Already (noted|done)/);
    expect(await slack.answers.ports.answeredSince(SINCE)).toBe(before + 1);
    expect(await slack.hd.helpdesk.listTickets({ email: PEOPLE.sam.email, name: PEOPLE.sam.name }, { limit: 50 })).toHaveLength(filed);
  });

  it('File the ticket opens the modal with every word typed', async () => {
    const typed = 'globalprotect fails at home since the update';
    const { buttons } = await dm(typed);
    const file = buttons.find((b: any) => b.action_id === VERBS.newForm);
    await click(file, 'file-1');
    const form = await slack.scene.fake.waitFor('views.update', (c) => flat(c.body).includes(typed));
    expect(form.body.view.callback_id).toBe('helpdesk_form');
  });

  it('an agent adds an answer from the Slack modal, and a requester\'s words then find it', async () => {
    const payload = slackFixture('view-submission');
    payload.user.id = PEOPLE.dana.id;
    payload.view.private_metadata = JSON.stringify({ verb: 'answers.save', form: 'answer' });
    const text = (value: string) => ({ value: { type: 'plain_text_input', value } });
    const choice = (value: string) => ({ value: { type: 'static_select', selected_option: { value } } });
    payload.view.state.values = {
      name: text('drucker-offline'), title: text('Drucker ist offline'), body: text('Schalten Sie den Drucker aus und wieder ein.'),
      phrases: text('drucker druckt nicht\ndrucker offline'), language: choice('de'), shown: choice('true'),
    };
    const res = await slack.scene.post(interactiveBody(payload));
    expect(res.status).toBe(200);
    expect(await slack.answers.ports.get('drucker-offline')).toMatchObject({ language: 'de', title: 'Drucker ist offline', phrases: ['drucker druckt nicht', 'drucker offline'], shown: true, createdBy: PEOPLE.dana.email });
    const { reply } = await dm('mein drucker druckt nix mehr');
    expect(flat(reply.body.blocks)).toContain('Drucker ist offline');
  });

  it('a 🎫 reaction on a message the answers settle offers them privately instead of filing', async () => {
    const filed = (await slack.hd.helpdesk.listTickets({ email: PEOPLE.sam.email, name: PEOPLE.sam.name }, { limit: 50 })).length;
    slack.scene.fake.messages.push({ channel: 'C2147483705', ts: '1732280050.000300', text: 'is anyone else getting globalprotect fails from home?', user: PEOPLE.robin.id });
    const envelope = slackFixture('event-reaction-added');
    envelope.event_id = 'Ev-answers-reaction';
    envelope.event = { ...envelope.event, user: PEOPLE.sam.id, reaction: 'ticket', item: { type: 'message', channel: 'C2147483705', ts: '1732280050.000300' } };
    await slack.scene.post(eventBody(envelope));
    const offer = await slack.scene.fake.waitFor('chat.postEphemeral', (c) => c.body.user === PEOPLE.sam.id && flat(c.body).includes('answers.solved'));
    expect(flat(offer.body.blocks)).toContain('VPN does not connect from home');
    expect(flat(offer.body.blocks)).toContain(VERBS.newForm);
    expect(await slack.hd.helpdesk.listTickets({ email: PEOPLE.sam.email, name: PEOPLE.sam.name }, { limit: 50 })).toHaveLength(filed);
  });

  it('an agent typing save-answer on a resolved ticket gets the form filled from its public note, nothing private', async () => {
    const t = await slack.hd.helpdesk.createTicket({ email: PEOPLE.sam.email, name: PEOPLE.sam.name }, { title: 'Printer on 3 prints nothing', description: 'sam@example.com, urgent' });
    const dana = { email: PEOPLE.dana.email, name: PEOPLE.dana.name };
    await slack.hd.helpdesk.addComment(dana, t.id, 'Internal: Sam printed 900 pages', { internal: true });
    await slack.hd.helpdesk.resolve(dana, t.id, 'Sam, remove the stuck jobs and switch the printer off and on.');
    await slack.scene.post(slashBody(slash(slack.scene.fake, PEOPLE.dana, `save-answer ${t.id}`, 'save-answer')));
    const modal = await slack.scene.fake.waitFor('views.update', (c) => flat(c.body).includes('Printer on 3 prints nothing'));
    const text = flat(modal.body.view);
    expect(text).toContain('{{requester.firstName}}, remove the stuck jobs');
    expect(text).not.toMatch(/900 pages|sam@example\.com|Sam,/);
  });
});

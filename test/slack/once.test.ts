/**
 * Every write acts once, Slack (issue 40, section 2): a modal submitted twice, a button clicked
 * twice (distinct payloads carrying the same card data, at the same moment or one after the
 * other) writes once; the second gets the result or "already done", never an error, a retry
 * form or a false refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from '../../src/channels/slack/blocks/message';
import { surveyNotice } from '../../src/features/surveys/survey-view';
import type { SlackCall } from '../support/fake-slack';
import { featureCommands, surveysOf } from '../support/feature-commands';
import { oneGroup, routingHost, routingOpened } from '../support/routing-host';
import { FEATURES, featureMigrations } from '../../src/features';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';
import { FALSE_ANSWERS, SECOND_CLICKS, tag, twice } from '../support/once-clicks';
import { eventBody, interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { flat, slackScene } from '../features/answers/scenes';
import { PEOPLE, slash, startSlackScene, type SlackScene } from './harness';
import { startTestHelpdesk, type TestHelpdesk } from './helpdesk';

type Who = typeof PEOPLE.sam | typeof PEOPLE.dana | typeof PEOPLE.lee;
const s = slackScene();
const desk = () => s.hd.helpdesk;
const me = (who: Who) => ({ email: who.email, name: who.name });
const CHANNEL = 'C2147483705';
let n = 0;

const buttonsOf = (blocks: any[]) => blocks.flatMap((b: any) => [...(b.elements ?? []), ...(b.accessory ? [b.accessory] : [])]).filter((e: any) => e.type === 'button');

/** A click on a button as Slack sends it: each click its own payload (trigger, action time). */
function clickBody(who: Who, button: { action_id: string; value?: string }, where: { channel?: string } = {}) {
  const payload = slackFixture('block-actions');
  const id = ++n;
  payload.user.id = who.id;
  payload.trigger_id = `trigger-${id}`;
  payload.actions = [{ ...payload.actions[0], action_id: button.action_id, value: button.value, action_ts: `1732290000.${id}` }];
  payload.response_url = s.scene.fake.responseUrl(`click-${id}`);
  if (where.channel) {
    payload.channel = { id: where.channel, name: 'x' };
    payload.container = { ...payload.container, channel_id: where.channel, is_ephemeral: true };
  }
  return interactiveBody(payload);
}

/** Opens a form as a button would (its verb and the ticket it is on), and returns the modal Slack was asked to show. */
async function modal(who: Who, verb: string, value: Record<string, unknown>): Promise<any> {
  const before = s.scene.fake.callsTo('views.update').length;
  await s.scene.post(clickBody(who, { action_id: verb, value: JSON.stringify(value) }));
  const shown = await s.scene.fake.waitFor('views.update', (c) => c.body.view?.callback_id === 'helpdesk_form' && s.scene.fake.callsTo('views.update').indexOf(c as never) >= before);
  return shown.body.view;
}

/** One submit of `view` as Slack sends it: its own view id and hash, the fields as typed. */
function submitBody(who: Who, view: any, typed: Record<string, string>) {
  const payload = slackFixture('view-submission');
  const id = ++n;
  payload.user.id = who.id;
  payload.view = { ...payload.view, id: `V-once-${id}`, hash: `hash-${id}`, private_metadata: view.private_metadata };
  payload.view.state = { values: Object.fromEntries(Object.entries(typed).map(([k, v]) => [k, { value: { type: 'plain_text_input', value: v } }])) };
  return interactiveBody(payload);
}

/** Everything the bot said after call number `from`. */
const saidSince = (from: number) => s.scene.fake.calls.slice(from).filter((c: SlackCall) => c.method !== 'views.open' && c.method !== 'users.info');

/** Submits the modal twice; neither answer is an error, a retry form or a false text. */
async function submitTwice(together: boolean, who: Who, view: any, typed: Record<string, string>) {
  const from = s.scene.fake.calls.length;
  const answers = await twice(together, () => s.scene.post(submitBody(who, view, typed)));
  for (const a of answers) {
    expect(a.status).toBe(200);
    const body = a.text ? a.json() : {};
    expect(body.response_action ?? '', a.text).not.toMatch(/errors|update/);
  }
  await expect.poll(() => saidSince(from).length).toBeGreaterThanOrEqual(1);
  expect(flat(saidSince(from).map((c) => c.body))).not.toMatch(FALSE_ANSWERS);
}

/** Clicks `button` twice; what the bot answers says nothing false. */
async function clickTwice(together: boolean, who: Who, button: { action_id: string; value?: string }, where: { channel?: string } = {}) {
  const from = s.scene.fake.calls.length;
  const answers = await twice(together, () => s.scene.post(clickBody(who, button, where)));
  for (const a of answers) expect(a.status).toBe(200);
  await expect.poll(() => saidSince(from).filter((c) => c.method === 'response_url' || c.method.startsWith('chat.')).length).toBeGreaterThanOrEqual(2);
  const said = flat(saidSince(from).map((c) => c.body));
  expect(said).not.toMatch(FALSE_ANSWERS);
  return said;
}

async function ticket(title: string, resolved = false) {
  const t = await desk().createTicket(me(PEOPLE.sam), { title, description: 'It broke.' });
  return resolved ? (await desk().resolve(me(PEOPLE.dana), t.id)).ticket : t;
}
const commentsOn = async (id: number) => (await desk().listComments(me(PEOPLE.dana), id)).map((c) => c.body);

describe.each(SECOND_CLICKS)('Slack, $name: every write acts once', ({ together }) => {
  it('the new-ticket modal files one ticket', async () => {
    const title = `Printer smudges ${tag()}`;
    const view = await modal(PEOPLE.sam, 'ticket.new', { title });
    await submitTwice(together, PEOPLE.sam, view, { title, description: 'Grey lines' });
    const mine = await desk().listTickets(me(PEOPLE.sam), { submittedBy: PEOPLE.sam.email });
    expect(mine.filter((t) => t.title === title)).toHaveLength(1);
  });

  it('a comment, a public reply and an internal note are each posted once', async () => {
    const t = await ticket(`Keyboard ${tag()}`);
    await submitTwice(together, PEOPLE.sam, await modal(PEOPLE.sam, 'ticket.commentForm', { ticketId: t.id, etag: t.etag }), { comment: 'Still sticky' });
    await submitTwice(together, PEOPLE.dana, await modal(PEOPLE.dana, 'ticket.commentForm', { ticketId: t.id, etag: t.etag }), { comment: 'Try the spare', internal: 'false' });
    await submitTwice(together, PEOPLE.dana, await modal(PEOPLE.dana, 'ticket.commentForm', { ticketId: t.id, etag: t.etag }), { comment: 'Order a new one', internal: 'true' });
    expect(await commentsOn(t.id)).toEqual(['Still sticky', 'Try the spare', 'Order a new one']);
  });

  it('resolve with a note resolves once and posts the note once', async () => {
    const t = await ticket(`Mouse ${tag()}`);
    await submitTwice(together, PEOPLE.dana, await modal(PEOPLE.dana, 'ticket.resolveForm', { ticketId: t.id, etag: t.etag }), { note: 'Replaced the battery' });
    expect(await commentsOn(t.id)).toEqual(['Replaced the battery']);
  });

  it('reopen, edit and assign each change the ticket once', async () => {
    const t = await ticket(`Screen ${tag()}`, true);
    await submitTwice(together, PEOPLE.sam, await modal(PEOPLE.sam, 'ticket.reopenForm', { ticketId: t.id, etag: t.etag }), { reason: 'Flickers again' });
    expect(await commentsOn(t.id)).toEqual(['Flickers again']);
    const reopened = await desk().getTicket(me(PEOPLE.sam), t.id);
    const title = `Screen flickers ${tag()}`;
    await submitTwice(together, PEOPLE.sam, await modal(PEOPLE.sam, 'ticket.editForm', { ticketId: t.id, etag: reopened.etag }), { title, description: 'It broke.' });
    expect((await desk().getTicket(me(PEOPLE.sam), t.id)).title).toBe(title);
    const edited = await desk().getTicket(me(PEOPLE.dana), t.id);
    await submitTwice(together, PEOPLE.dana, await modal(PEOPLE.dana, 'ticket.assignForm', { ticketId: t.id, etag: edited.etag }), { assignee: PEOPLE.lee.email });
    expect((await desk().getTicket(me(PEOPLE.dana), t.id)).assignedTo).toBe(PEOPLE.lee.email);
  });

  it('take over and the merge confirm each act once', async () => {
    const t = await ticket(`Dock ${tag()}`);
    await desk().claim(me(PEOPLE.dana), t.id);
    const rid = `claim-${tag()}`;
    await s.scene.post(slashBody(slash(s.scene.fake, PEOPLE.lee, `claim ${t.id}`, rid)));
    const question = (await s.scene.fake.waitFor('response_url', (c) => c.responseId === rid)).body.blocks;
    const takeOver = buttonsOf(question).find((b: any) => b.action_id.startsWith('ticket.claim') && JSON.parse(b.value).takeOver === 'true');
    expect(takeOver).toBeDefined();
    await clickTwice(together, PEOPLE.lee, takeOver, { channel: CHANNEL });
    await expect.poll(async () => (await desk().getTicket(me(PEOPLE.lee), t.id)).assignedTo).toBe(PEOPLE.lee.email);

    const duplicate = await ticket(`Dock again ${tag()}`);
    const mid = `merge-${tag()}`;
    await s.scene.post(slashBody(slash(s.scene.fake, PEOPLE.dana, `merge ${duplicate.id} into ${t.id}`, mid)));
    const confirmation = (await s.scene.fake.waitFor('response_url', (c) => c.responseId === mid)).body.blocks;
    const go = buttonsOf(confirmation).find((b: any) => b.action_id.startsWith('ticket.merge'));
    await clickTwice(together, PEOPLE.dana, go, { channel: CHANNEL });
    await expect.poll(async () => (await commentsOn(duplicate.id)).length).toBe(1);
    expect((await commentsOn(t.id)).filter((c) => c.includes(`#${duplicate.id}`))).toHaveLength(1);
  });

  it('Save as answer and a new saved reply are saved once, the second submit not told the name is taken', async () => {
    const name = `wifi-${tag()}`;
    // In Slack, Save as answer answers with the form's own Open button (answers.form), which opens the modal.
    const view = await modal(PEOPLE.dana, 'answers.form', {});
    await submitTwice(together, PEOPLE.dana, view, { name, title: 'Wifi drops', body: 'Forget the network and join again.', phrases: 'wifi drops', language: 'en', shown: 'true' });
    expect((await s.answers.ports.list()).filter((a) => a.name === name)).toHaveLength(1);
    await submitTwice(together, PEOPLE.dana, await modal(PEOPLE.dana, 'replies.form', {}), { name: `thanks-${tag()}`, body: 'Thanks for waiting.' });
  });

  it('"This solved it" counts once and "File the ticket" opens forms that file one ticket', async () => {
    const envelope = slackFixture('event-message-im');
    const id = ++n;
    envelope.event_id = `Ev-once-${id}`;
    envelope.event = { ...envelope.event, text: `vpn not connecting ${tag()}`, client_msg_id: `once-${id}`, ts: `1732295000.00${id}` };
    const from = s.scene.fake.callsTo('chat.postMessage').length;
    await s.scene.post(eventBody(envelope));
    const offer = await s.scene.fake.waitFor('chat.postMessage', (c) => flat(c.body).includes('answers.solved') && s.scene.fake.callsTo('chat.postMessage').indexOf(c as never) >= from);
    const buttons = buttonsOf(offer.body.blocks);
    const before = await s.answers.ports.answeredSince('2000-01-01T00:00:00Z');
    const said = await clickTwice(together, PEOPLE.sam, buttons.find((b: any) => b.action_id.startsWith('answers.solved')), { channel: 'D0LAN2Q65' });
    expect(said.match(/glad that helped/g)?.length).toBeGreaterThanOrEqual(2);
    expect(await s.answers.ports.answeredSince('2000-01-01T00:00:00Z')).toBe(before + 1);

    const file = buttons.find((b: any) => b.action_id.startsWith('ticket.new'));
    const views = await twice(together, async () => {
      const count = s.scene.fake.callsTo('views.update').length;
      await s.scene.post(clickBody(PEOPLE.sam, file, { channel: 'D0LAN2Q65' }));
      await expect.poll(() => s.scene.fake.callsTo('views.update').slice(count).some((c) => c.body.view?.callback_id === 'helpdesk_form')).toBe(true);
      return s.scene.fake.callsTo('views.update').slice(count).find((c) => c.body.view?.callback_id === 'helpdesk_form')!.body.view;
    });
    const title = `VPN from home ${tag()}`;
    for (const view of views) await s.scene.post(submitBody(PEOPLE.sam, view, { title }));
    await expect.poll(async () => (await desk().listTickets(me(PEOPLE.sam), { submittedBy: PEOPLE.sam.email })).filter((x) => x.title === title).length).toBe(1);
  });

  it('a rating in the survey DM is recorded once, with one note on the ticket', async () => {
    const t = await ticket(`Laptop slow ${tag()}`, true);
    const survey = { id: `${t.id}:${Date.now()}`, ticketId: t.id, requester: PEOPLE.sam.email, agent: PEOPLE.dana.email, scale: 'five' as const, sentAt: new Date().toISOString() };
    await surveysOf(s.answers.store).open(survey);
    const dm = renderMessage({ type: 'notice', notice: surveyNotice(t, survey) });
    const five = buttonsOf(dm.blocks).find((b: any) => b.action_id.startsWith('csat.rate') && JSON.parse(b.value).rating === '5');
    expect(five).toBeDefined();
    await clickTwice(together, PEOPLE.sam, five, { channel: 'D0LAN2Q65' });
    expect((await desk().listComments(me(PEOPLE.dana), t.id)).filter((c) => c.isInternal)).toHaveLength(1);
  });
});

describe.each(SECOND_CLICKS)('Slack, $name: the routing hand-off acts once', ({ together }) => {
  // Routing on, one group of Dana and Lee; Dana goes away and hands her tickets over.
  let hd: TestHelpdesk;
  let store: Store;
  let routed: SlackScene;
  beforeAll(async () => {
    hd = await startTestHelpdesk();
    store = createSqliteStore({ file: ':memory:', features: featureMigrations(FEATURES) });
    const commands = await featureCommands(store, { opened: routingOpened(await routingHost(oneGroup([PEOPLE.dana.email, PEOPLE.lee.email]))) });
    routed = await startSlackScene(hd.helpdesk, undefined, { notifications: createConversationPorts(store), commands });
  });
  afterAll(async () => {
    await routed?.close();
    await hd?.close();
    await store?.close();
  });

  it('"Hand over" moves the agent\'s tickets once, and the second click is told they were handed over', async () => {
    const ids: number[] = [];
    for (const title of [`Dock ${tag()}`, `Mouse ${tag()}`]) {
      const t = await hd.helpdesk.createTicket(me(PEOPLE.sam), { title, description: 'It broke.' });
      await hd.helpdesk.claim(me(PEOPLE.dana), t.id);
      ids.push(t.id);
    }
    const rid = `away-${tag()}`;
    await routed.post(slashBody(slash(routed.fake, PEOPLE.dana, 'away', rid)));
    const offer = (await routed.fake.waitFor('response_url', (c) => c.responseId === rid)).body.blocks;
    const handOff = buttonsOf(offer).find((b: any) => b.action_id.startsWith('routing.handOff'));
    expect(handOff, flat(offer)).toBeDefined();

    const from = routed.fake.calls.length;
    const answers = await twice(together, async (i) => {
      const payload = slackFixture('block-actions');
      payload.user.id = PEOPLE.dana.id;
      payload.trigger_id = `trigger-hand-${i}-${tag()}`;
      payload.actions = [{ ...payload.actions[0], action_id: handOff.action_id, value: handOff.value, action_ts: `1732290100.${i}` }];
      payload.response_url = routed.fake.responseUrl(`hand-${i}-${tag()}`);
      payload.channel = { id: CHANNEL, name: 'x' };
      payload.container = { ...payload.container, channel_id: CHANNEL, is_ephemeral: true };
      return routed.post(interactiveBody(payload));
    });
    for (const a of answers) expect(a.status).toBe(200);
    const said = () => routed.fake.calls.slice(from).filter((c: SlackCall) => c.method === 'response_url' || c.method.startsWith('chat.')).map((c) => flat(c.body));
    await expect.poll(() => said().length).toBeGreaterThanOrEqual(2);
    const texts = said();
    expect(texts.filter((t) => /Handed over 2 of your 2 open tickets/.test(t))).toHaveLength(2);
    expect(texts.filter((t) => /Already done/.test(t))).toHaveLength(1);
    for (const t of texts) expect(t).not.toMatch(/nothing to hand over|stay with you/);
    for (const id of ids) expect((await hd.helpdesk.getTicket(me(PEOPLE.dana), id)).assignedTo).toBe(PEOPLE.lee.email);
  });
});

/**
 * Saved replies in Slack, end to end through the real server, Bolt and the fake Slack: the form
 * submitted as a modal, the picker's options request (signed as Slack signs it) answered with at
 * most 100 options, a pick that re-renders the modal with the text filled, and `reply <id> /<name>`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';
import { featureCommands, savedRepliesIn } from '../support/feature-commands';
import { startSeededHelpdesk, type SeededHelpdesk } from '../support/seeded-helpdesk';
import { interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { AGENTS, PEOPLE, slash, startSlackScene, type SlackScene } from './harness';

let desk: SeededHelpdesk;
let scene: SlackScene;
let store: Store;
let ticketId = 0;
let etag = '';
const CHANNEL = 'C2147483705';
const dana = { email: PEOPLE.dana.email, name: PEOPLE.dana.name };

beforeAll(async () => {
  store = createSqliteStore({ file: ':memory:' });
  desk = await startSeededHelpdesk(AGENTS);
  scene = await startSlackScene(desk, undefined, { notifications: createConversationPorts(store), commands: await featureCommands(store) });
  const t = await desk.createTicket({ email: PEOPLE.sam.email, name: PEOPLE.sam.name }, { title: 'Laptop will not charge' });
  ticketId = t.id;
  etag = t.etag;
}, 30_000);
afterAll(async () => {
  await scene?.close();
  await desk?.close();
  await store?.close();
});
beforeEach(() => scene.fake.clear());

const comments = async () => (await desk.listComments(dana, await desk.getTicket(dana, ticketId))).map((c) => c.body);
const text = (v: unknown) => JSON.stringify(v);

/** A modal submit of `form` with these inputs (block id -> value). */
function submit(who: { id: string }, metadata: Record<string, unknown>, inputs: Record<string, string>) {
  const payload = slackFixture('view-submission');
  payload.user.id = who.id;
  payload.view.private_metadata = JSON.stringify(metadata);
  payload.view.state.values = Object.fromEntries(Object.entries(inputs).map(([k, value]) => [k, { value: { type: 'plain_text_input', value } }]));
  return scene.post(interactiveBody(payload));
}

/** What Slack sends to the options load URL as someone types into an external_select. */
function suggestion(who: { id: string }, value: string) {
  return scene.post(interactiveBody({
    type: 'block_suggestion', user: { id: who.id, team_id: 'T0001' }, team: { id: 'T0001', domain: 'example' }, api_app_id: 'A123456',
    action_id: 'saved_reply_pick', block_id: 'saved_reply', value, container: { type: 'view', view_id: 'VMODAL1' },
    view: { id: 'VMODAL1', type: 'modal', callback_id: 'helpdesk_form', private_metadata: '{}', state: { values: {} } },
  }));
}

describe('Slack: saved replies', () => {
  it('the manifest gives Slack the options load URL the picker needs, the same endpoint as every other request', () => {
    const manifest = parse(readFileSync(path.resolve(__dirname, '../../manifest/slack/manifest.yml'), 'utf8'));
    expect(manifest.settings.interactivity.message_menu_options_url).toBe(manifest.settings.interactivity.request_url);
  });

  it('`replies add` opens the form as a modal; its submit saves the reply', async () => {
    await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, 'replies add greeting', 'add')));
    // A slash command has a trigger: the form opens as a modal at once.
    await scene.fake.waitFor('views.open');
    const opened = await scene.fake.waitFor('views.update');
    expect(text(opened.body)).toContain('saved-reply');
    const res = await submit(PEOPLE.dana, { verb: 'replies.save', form: 'saved-reply', channelId: CHANNEL }, { name: 'greeting', body: 'Hi {{requester.firstName}}, #{{ticket.id}} is on my list. {{agent.name}}' });
    expect(res.status).toBe(200);
    expect((await (await savedRepliesIn(store)).get('greeting'))?.body).toContain('{{agent.name}}');
  });

  it('a name that exists and a body over 3,000 characters come back under their fields', async () => {
    const taken = await submit(PEOPLE.dana, { verb: 'replies.save', form: 'saved-reply' }, { name: 'greeting', body: 'Other' });
    expect(taken.json()).toMatchObject({ response_action: 'errors', errors: { name: expect.stringContaining('already exists') } });
    const long = await submit(PEOPLE.dana, { verb: 'replies.save', form: 'saved-reply' }, { name: 'long', body: 'y'.repeat(3001) });
    expect(long.json().errors.body).toContain('at most 3,000 characters');
  });

  it('the reply modal has an external_select picker that searches from the first letter', async () => {
    const payload = slackFixture('block-actions');
    payload.user.id = PEOPLE.dana.id;
    payload.actions[0] = { ...payload.actions[0], action_id: 'ticket.commentForm', value: JSON.stringify({ ticketId, etag, internal: 'false' }), action_ts: '1732280011.000001' };
    await scene.post(interactiveBody(payload));
    const shown = await scene.fake.waitFor('views.update', (c) => text(c.body.view).includes('external_select'));
    const picker = shown.body.view.blocks.flatMap((b: any) => b.elements ?? []).find((e: any) => e.type === 'external_select');
    expect(picker).toMatchObject({ action_id: 'saved_reply_pick', min_query_length: 1 });
  });

  it('the options request is answered with the matching replies, at most 100, and nothing for a requester', async () => {
    for (let i = 0; i < 120; i++) await (await savedRepliesIn(store)).add({ name: `charger-${String(i).padStart(3, '0')}`, body: `Charger answer ${i}`, updatedBy: dana.email, updatedAt: new Date().toISOString() });
    const found = await suggestion(PEOPLE.dana, 'gre');
    expect(found.status).toBe(200);
    expect(found.json().options).toEqual([{ text: { type: 'plain_text', text: expect.stringContaining('greeting — Hi'), emoji: true }, value: 'greeting' }]);
    expect((await suggestion(PEOPLE.dana, 'charger')).json().options).toHaveLength(100);
    expect((await suggestion(PEOPLE.sam, 'gre')).json().options).toEqual([]);
  });

  it('a pick re-renders the modal with the text filled; the edited text is what is posted', async () => {
    const metadata = { verb: 'ticket.comment', form: 'comment', ticketId, etag, channelId: CHANNEL };
    const payload = {
      type: 'block_actions', user: { id: PEOPLE.dana.id, team_id: 'T0001' }, team: { id: 'T0001', domain: 'example' }, api_app_id: 'A123456', trigger_id: '1.2.3',
      container: { type: 'view', view_id: 'VMODAL2' },
      view: { id: 'VMODAL2', hash: 'h-1', type: 'modal', callback_id: 'helpdesk_form', title: { type: 'plain_text', text: 'Reply' }, private_metadata: JSON.stringify(metadata), state: { values: { comment: { value: { type: 'plain_text_input', value: '' } } } } },
      actions: [{ type: 'external_select', action_id: 'saved_reply_pick', block_id: 'saved_reply', selected_option: { text: { type: 'plain_text', text: 'greeting' }, value: 'greeting' }, action_ts: '1732280012.000001' }],
    };
    await scene.post(interactiveBody(payload));
    const update = await scene.fake.waitFor('views.update', (c) => c.body.view_id === 'VMODAL2');
    const filled = update.body.view.blocks.find((b: any) => b.type === 'input' && String(b.block_id).startsWith('comment'));
    // A new block id, so Slack shows the filled text rather than keeping the empty one.
    expect(filled.block_id).toBe('comment~1');
    expect(filled.element.initial_value).toBe(`Hi Sam, #${ticketId} is on my list. Dana Agent`);
    const meta = JSON.parse(update.body.view.private_metadata);
    expect(meta).toMatchObject({ fill: 1, etag });
    const res = await submit(PEOPLE.dana, meta, { 'comment~1': `${filled.element.initial_value} Thanks!` });
    expect(res.status).toBe(200);
    expect(await comments()).toContain(`Hi Sam, #${ticketId} is on my list. Dana Agent Thanks!`);
  });

  it('`reply <id> /greeting` posts it; an unknown name posts nothing and names the replies; `/var/log is full` is posted as typed', async () => {
    await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, `reply ${ticketId} /greeting`, 'r1')));
    await scene.fake.waitFor('response_url', (c) => c.responseId === 'r1');
    expect((await comments()).filter((c) => c === `Hi Sam, #${ticketId} is on my list. Dana Agent`)).toHaveLength(1);
    const before = await comments();
    await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, `reply ${ticketId} /nope`, 'r2')));
    const refusal = await scene.fake.waitFor('response_url', (c) => c.responseId === 'r2');
    expect(text(refusal.body)).toMatch(/no saved reply named “nope”.*\/greeting/);
    expect(await comments()).toEqual(before);
    await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, `reply ${ticketId} /var/log is full`, 'r3')));
    await scene.fake.waitFor('response_url', (c) => c.responseId === 'r3');
    expect(await comments()).toContain('/var/log is full');
  });

  it('edits and removes a reply', async () => {
    const res = await submit(PEOPLE.dana, { verb: 'replies.save', form: 'saved-reply', hidden: { original: 'greeting' } }, { name: 'greeting', body: 'Hello {{requester.firstName}}' });
    expect(res.status).toBe(200);
    expect((await (await savedRepliesIn(store)).get('greeting'))?.body).toBe('Hello {{requester.firstName}}');
    await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, 'replies remove greeting', 'rm')));
    const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === 'rm');
    expect(text(answer.body)).toContain('Saved reply “greeting” removed.');
    expect(await (await savedRepliesIn(store)).get('greeting')).toBeUndefined();
  });
});

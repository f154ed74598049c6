/**
 * Slack modals and ticket messages built from the site's columns, on the embedded site whose
 * columns a test changes as a site owner would: a new choice shows in the modal without a restart,
 * a required column is required in the modal and enforced on submit, and an extra column goes
 * from a view_submission to the list and onto the agent's ticket message.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/helpdesk/types';
import { createLogger } from '../../src/log';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { eventBody, interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { AGENTS, PEOPLE, slash, startSlackScene, type SlackScene } from './harness';

const MINUTE = 60_000;
const sam: Actor = { email: PEOPLE.sam.email, name: PEOPLE.sam.name };
const clock = { ms: Date.parse('2026-11-24T09:00:00Z') };
let stack: HelpdeskStack;
let scene: SlackScene;

beforeAll(async () => {
  stack = await startHelpdeskStack({ seed: 'none', service: { now: () => new Date(clock.ms), agentCacheTtlMs: 0 }, logger: createLogger({ level: 'error', write: () => undefined }) });
  for (const a of AGENTS) stack.emulator.data.insert('SD_Agents', { Title: a.name, SD_Email: a.email, SD_IsActive: true });
  const columns = stack.emulator.columns;
  columns.define('SD_Tickets', 'SD_Location', { type: 'choice', choices: ['HQ', 'Branch office', 'Remote'], displayName: 'Location' });
  columns.define('SD_Tickets', 'SD_Cost', { type: 'number', displayName: 'Cost' });
  columns.define('SD_Tickets', 'SD_Onsite', { type: 'boolean', displayName: 'On site' });
  columns.define('SD_Tickets', 'SD_Due', { type: 'dateTime', displayName: 'Due' });
  columns.define('SD_Tickets', 'SD_CostCentre', { type: 'text', required: true, displayName: 'Cost centre' });
  // As at the bot's start.
  await stack.helpdesk.ticketSchema();
  scene = await startSlackScene(stack.helpdesk);
});
afterAll(async () => {
  await scene?.close();
  await stack?.close();
});
beforeEach(() => scene.fake.clear());

type Block = Record<string, any>;

/** The blocks of the new-ticket modal Sam gets for `/helpdesk new`. */
let opened = 0;
async function newModal(): Promise<Block[]> {
  await scene.post(slashBody({ ...slash(scene.fake, PEOPLE.sam, 'new', `new-${++opened}`), trigger_id: `trigger-${opened}` }));
  return (await scene.fake.waitFor('views.update')).body.view.blocks;
}
const block = (blocks: Block[], id: string) => blocks.find((b) => b.block_id === id);
const options = (b: Block | undefined) => (b?.element.options ?? []).map((o: Block) => o.value);

/** A submitted new-ticket modal as Slack sends it, with these block states. */
function submission(values: Record<string, Block>): Record<string, any> {
  const payload = slackFixture('view-submission');
  payload.user.id = PEOPLE.sam.id;
  payload.view.state.values = { ...payload.view.state.values, ...values };
  return payload;
}

async function samsTicket(title: string) {
  const t = (await stack.helpdesk.listTickets(sam, { submittedBy: sam.email })).find((x) => x.title === title);
  return t && stack.emulator.data.get('SD_Tickets', String(t.id));
}

describe('Slack modals from the site columns', () => {
  it('shows the extra columns as typed inputs and the required one as required', async () => {
    const blocks = await newModal();
    expect(options(block(blocks, 'extra.SD_Location'))).toEqual(['HQ', 'Branch office', 'Remote']);
    expect(block(blocks, 'extra.SD_Location')).toMatchObject({ optional: true, label: { text: 'Location' } });
    expect(block(blocks, 'extra.SD_Cost')?.element.type).toBe('number_input');
    expect(block(blocks, 'extra.SD_Onsite')?.element.type).toBe('checkboxes');
    expect(block(blocks, 'extra.SD_Due')?.element.type).toBe('datepicker');
    expect(block(blocks, 'extra.SD_CostCentre')).toMatchObject({ optional: false, label: { text: 'Cost centre' } });
  });

  it('refuses a submission without the required column inside the modal, under its field, and files nothing', async () => {
    const payload = submission({ 'extra.SD_CostCentre': { value: { type: 'plain_text_input', value: '' } } });
    payload.view.state.values.title.value.value = 'No cost centre';
    const answer = (await scene.post(interactiveBody(payload))).json();
    expect(answer.response_action).toBe('errors');
    expect(answer.errors['extra.SD_CostCentre']).toMatch(/Cost centre is required/);
    expect(await samsTicket('No cost centre')).toBeUndefined();
  });

  it('a :ticket: reaction the message cannot complete offers Sam, privately, the form prefilled from it, and files nothing yet', async () => {
    scene.fake.messages.push({ channel: 'C2147483705', ts: '1732280060.000300', text: 'Projector in room Everest shows no picture', user: PEOPLE.robin.id });
    const envelope = slackFixture('event-reaction-added');
    envelope.event_id = 'Ev-reaction-required';
    envelope.event.item.ts = '1732280060.000300';
    await scene.post(eventBody(envelope));
    const offer = await scene.fake.waitFor('chat.postEphemeral', (c) => c.body.user === PEOPLE.sam.id);
    expect(JSON.stringify(offer.body)).toMatch(/Cost centre is required/);
    expect(await samsTicket('Projector in room Everest shows no picture')).toBeUndefined();
    const finish = (offer.body.blocks as Block[]).flatMap((b) => b.elements ?? []).find((e: Block) => e.type === 'button');
    expect(finish).toMatchObject({ action_id: 'ticket.new' });

    // Sam's click opens the new-ticket modal holding the message's text and its link.
    const click = slackFixture('block-actions');
    click.user.id = PEOPLE.sam.id;
    click.trigger_id = 'trigger-finish';
    click.actions = [{ ...click.actions[0], action_id: finish.action_id, value: finish.value, text: finish.text }];
    click.container = { type: 'message', message_ts: '1732280070.000100', channel_id: 'C2147483705', is_ephemeral: true };
    await scene.post(interactiveBody(click));
    const modal = (await scene.fake.waitFor('views.update')).body.view;
    expect(JSON.stringify(modal.blocks)).toContain('Projector in room Everest shows no picture');
    expect(JSON.stringify(modal.blocks)).toContain('p1732280060000300');
    expect(block(modal.blocks, 'extra.SD_CostCentre')).toMatchObject({ optional: false });
  });

  it('files the extra values from a view_submission into the list and shows them on the agent’s ticket message', async () => {
    const payload = submission({
      'extra.SD_Location': { value: { type: 'static_select', selected_option: { value: 'Remote' } } },
      'extra.SD_Cost': { value: { type: 'number_input', value: '12.5' } },
      'extra.SD_Onsite': { value: { type: 'checkboxes', selected_options: [{ value: 'true' }] } },
      'extra.SD_Due': { value: { type: 'datepicker', selected_date: '2026-12-31' } },
      'extra.SD_CostCentre': { value: { type: 'plain_text_input', value: 'CC-4711' } },
    });
    payload.view.state.values.title.value.value = 'Dock dead';
    expect((await scene.post(interactiveBody(payload))).status).toBe(200);
    const item = await samsTicket('Dock dead');
    expect(item?.fields).toMatchObject({ SD_Location: 'Remote', SD_Cost: 12.5, SD_Onsite: true, SD_Due: '2026-12-31T00:00:00Z', SD_CostCentre: 'CC-4711' });

    await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, `show ${item!.id}`, 'dana-show')));
    const shown = JSON.stringify((await scene.fake.waitFor('response_url', (c) => c.responseId === 'dana-show')).body.blocks);
    for (const line of ['*Location*\\nRemote', '*Cost*\\n12.5', '*On site*\\nYes', '*Due*\\n31 Dec 2026', '*Cost centre*\\nCC-4711']) expect(shown).toContain(line);
    await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, `show ${item!.id}`, 'sam-show')));
    const own = JSON.stringify((await scene.fake.waitFor('response_url', (c) => c.responseId === 'sam-show')).body.blocks);
    expect(own).toContain('Dock dead');
    expect(own).not.toContain('Cost centre');
  });

  it('an agent’s edit modal holds the extra values, and its submission changes them in the list', async () => {
    const id = (await samsTicket('Dock dead'))!.id;
    await scene.post(slashBody({ ...slash(scene.fake, PEOPLE.dana, `edit ${id}`, 'dana-edit'), trigger_id: 'trigger-edit' }));
    const view = (await scene.fake.waitFor('views.update')).body.view;
    expect(block(view.blocks, 'extra.SD_Location')?.element.initial_option.value).toBe('Remote');
    expect(block(view.blocks, 'extra.SD_Cost')?.element.initial_value).toBe('12.5');
    expect(block(view.blocks, 'extra.SD_Due')?.element.initial_date).toBe('2026-12-31');
    const payload = slackFixture('view-submission');
    payload.user.id = PEOPLE.dana.id;
    payload.view.private_metadata = view.private_metadata;
    payload.view.state.values = {
      title: { value: { type: 'plain_text_input', value: 'Dock dead' } },
      description: { value: { type: 'plain_text_input', value: null } },
      'extra.SD_Location': { value: { type: 'static_select', selected_option: { value: 'HQ' } } },
      'extra.SD_Cost': { value: { type: 'number_input', value: '30' } },
      'extra.SD_Onsite': { value: { type: 'checkboxes', selected_options: [] } },
      'extra.SD_Due': { value: { type: 'datepicker', selected_date: '2026-12-31' } },
      'extra.SD_CostCentre': { value: { type: 'plain_text_input', value: 'CC-4711' } },
    };
    expect((await scene.post(interactiveBody(payload))).status).toBe(200);
    await expect.poll(() => stack.emulator.data.get('SD_Tickets', id)?.fields.SD_Location).toBe('HQ');
    expect(stack.emulator.data.get('SD_Tickets', id)?.fields).toMatchObject({ SD_Cost: 30, SD_Onsite: false, SD_CostCentre: 'CC-4711' });
  });

  it('offers a choice the site adds once the columns are read again, ten minutes on, without a restart', async () => {
    stack.emulator.columns.addChoice('SD_Tickets', 'SD_Location', 'Lab');
    clock.ms += 5 * MINUTE;
    expect(options(block(await newModal(), 'extra.SD_Location'))).not.toContain('Lab');
    scene.fake.clear();
    clock.ms += 5 * MINUTE;
    await stack.helpdesk.ticketSchema();
    expect(options(block(await newModal(), 'extra.SD_Location'))).toContain('Lab');
  });
});

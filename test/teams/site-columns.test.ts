/**
 * Teams forms and cards built from the site's columns, on the embedded site whose columns a test
 * changes as a site owner would: a new choice shows in the form without a restart, a required
 * column is required in the form, and an extra column goes from the submitted card to the list
 * and back onto the agent's card. The service runs on a clock the test moves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from './harness';

const MINUTE = 60_000;
let h: TeamsHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Card = Record<string, any>;

/** Every element of a card with the given input id. */
function input(card: Card | undefined, id: string): Card | undefined {
  let found: Card | undefined;
  const walk = (n: unknown) => {
    if (found || !n || typeof n !== 'object') return;
    if (!Array.isArray(n) && (n as Card).id === id && String((n as Card).type).startsWith('Input.')) found = n as Card;
    else Object.values(n).forEach(walk);
  };
  walk(card);
  return found;
}

const choiceValues = (el: Card | undefined) => (el?.choices ?? []).map((c: Card) => c.value);

/** A harness whose service reads time from `clock`, with the site's columns read once as at start. */
async function start() {
  const clock = { ms: Date.parse('2026-11-24T09:00:00Z') };
  h = await startTeamsHarness({ stack: { service: { now: () => new Date(clock.ms) } } });
  await h.stack.helpdesk.ticketSchema();
  return { h, clock, emulator: h.stack.emulator };
}

/** Lynne's ticket with this title, as stored on the site. */
async function stored(harness: TeamsHarness, title: string): Promise<{ id: string; fields: Record<string, unknown> }> {
  const lynne = { email: harness.emails.lynne!, name: 'Lynne Robbins' };
  const ticket = (await harness.stack.helpdesk.listTickets(lynne, { submittedBy: lynne.email })).find((t) => t.title === title);
  if (!ticket) throw new Error(`no ticket "${title}"`);
  return harness.stack.emulator.data.get('SD_Tickets', String(ticket.id))!;
}

/** The new-ticket form card Lynne gets for `new`. */
async function newForm(harness: TeamsHarness): Promise<Card> {
  const [reply] = await harness.say('new Dock dead');
  return cardOf(reply)!;
}

describe('Teams forms from the site columns', () => {
  it('a choice the site adds shows in the form after the 10-minute read, and at once when a submit brings it', async () => {
    const { h, clock, emulator } = await start();
    expect(choiceValues(input(await newForm(h), 'extra.SD_Location'))).toEqual(['HQ', 'Branch office', 'Remote']);

    emulator.columns.addChoice('SD_Tickets', 'SD_Location', 'Lab');
    clock.ms += 5 * MINUTE;
    expect(choiceValues(input(await newForm(h), 'extra.SD_Location'))).not.toContain('Lab');
    clock.ms += 5 * MINUTE;
    // Ten minutes on: this use reads the columns again (waited for here, in the background of a command).
    await h.stack.helpdesk.ticketSchema();
    expect(choiceValues(input(await newForm(h), 'extra.SD_Location'))).toContain('Lab');

    // A priority added on the site and submitted before the next scheduled read is taken at once.
    emulator.columns.addChoice('SD_Tickets', 'SD_Priority', 'Critical');
    clock.ms += 2 * MINUTE;
    const res = await h.execute('ticket.create', { title: 'Core switch down', priority: 'Critical', 'extra.SD_Location': 'Lab' });
    expect(cardText(res.body.value)).toContain('Core switch down');
    expect((await stored(h, 'Core switch down')).fields).toMatchObject({ SD_Priority: 'Critical', SD_Location: 'Lab' });
    expect(choiceValues(input(await newForm(h), 'priority'))).toContain('Critical');
  });

  it('marks and enforces the columns the site requires in the new-ticket form', async () => {
    const { h, clock, emulator } = await start();
    emulator.columns.define('SD_Tickets', 'SD_Category', { required: true });
    emulator.columns.define('SD_Tickets', 'SD_CostCentre', { type: 'text', required: true, displayName: 'Cost centre' });
    clock.ms += 10 * MINUTE;
    await h.stack.helpdesk.ticketSchema();
    const form = await newForm(h);
    expect(input(form, 'category')).toMatchObject({ isRequired: true });
    expect(input(form, 'description')).toMatchObject({ isRequired: false });
    expect(input(form, 'extra.SD_CostCentre')).toMatchObject({ type: 'Input.Text', label: 'Cost centre', isRequired: true });
    expect(input(form, 'extra.SD_Location')).toMatchObject({ isRequired: false });

    const before = emulator.data.count('SD_Tickets');
    // A client that ignores isRequired: the form comes back with the reason under the field and what was typed.
    const res = await h.execute('ticket.create', { title: 'Badge broken', category: 'Access', 'extra.SD_CostCentre': '' });
    const again = res.body.value as Card;
    expect(input(again, 'title')).toMatchObject({ value: 'Badge broken' });
    expect(cardText(again)).toMatch(/Cost centre is required/);
    expect(emulator.data.count('SD_Tickets')).toBe(before);
  });

  it('an extra column goes from the submitted card to the list and onto the agent’s card, not the requester’s; the edit form changes it', async () => {
    const { h, clock, emulator } = await start();
    emulator.columns.define('SD_Tickets', 'SD_Cost', { type: 'number', displayName: 'Cost' });
    emulator.columns.define('SD_Tickets', 'SD_Onsite', { type: 'boolean', displayName: 'On site' });
    emulator.columns.define('SD_Tickets', 'SD_Due', { type: 'dateTime', displayName: 'Due' });
    clock.ms += 10 * MINUTE;
    await h.stack.helpdesk.ticketSchema();
    const form = await newForm(h);
    expect(input(form, 'extra.SD_Cost')).toMatchObject({ type: 'Input.Number' });
    expect(input(form, 'extra.SD_Onsite')).toMatchObject({ type: 'Input.Toggle', valueOn: 'true', valueOff: 'false' });
    expect(input(form, 'extra.SD_Due')).toMatchObject({ type: 'Input.Date' });

    // What Teams sends for those inputs: the number as a number, the toggle and the date as text.
    await h.execute('ticket.create', { title: 'Dock dead', 'extra.SD_Location': 'Remote', 'extra.SD_Cost': 12.5, 'extra.SD_Onsite': 'true', 'extra.SD_Due': '2026-12-31' });
    const item = await stored(h, 'Dock dead');
    expect(item.fields).toMatchObject({ SD_Location: 'Remote', SD_Cost: 12.5, SD_Onsite: true, SD_Due: '2026-12-31T00:00:00Z' });
    const id = Number(item.id);

    const agentCard = (await h.execute('ticket.refresh', { ticketId: id }, 'dana')).body.value as Card;
    const facts = agentCard.body.filter((b: Card) => b.type === 'FactSet').flatMap((b: Card) => b.facts);
    expect(facts).toEqual(expect.arrayContaining([
      { title: 'Location', value: 'Remote' }, { title: 'Cost', value: '12.5' }, { title: 'On site', value: 'Yes' }, { title: 'Due', value: '31 Dec 2026' },
    ]));
    const requesterCard = (await h.execute('ticket.refresh', { ticketId: id }, 'lynne')).body.value as Card;
    expect(cardText(requesterCard)).not.toMatch(/On site/);

    const edit = (await h.execute('ticket.editForm', { ticketId: id }, 'dana')).body.value as Card;
    expect(input(edit, 'extra.SD_Location')).toMatchObject({ value: 'Remote' });
    expect(input(edit, 'extra.SD_Cost')).toMatchObject({ value: 12.5 });
    const etag = emulator.data.get('SD_Tickets', String(id))!.etag;
    await h.execute('ticket.edit', { ticketId: id, etag, title: 'Dock dead', description: '', 'extra.SD_Location': 'HQ', 'extra.SD_Cost': 12.5, 'extra.SD_Onsite': 'true', 'extra.SD_Due': '2026-12-31' }, 'dana');
    expect(emulator.data.get('SD_Tickets', String(id))!.fields).toMatchObject({ SD_Location: 'HQ', SD_Cost: 12.5 });
  });

  it('a column whose type changed, or a choice the site removed, is still shown and sent back without a refusal', async () => {
    const { h, clock, emulator } = await start();
    await h.execute('ticket.create', { title: 'Phone dead', 'extra.SD_Location': 'Branch office' });
    const item = await stored(h, 'Phone dead');
    emulator.columns.removeChoice('SD_Tickets', 'SD_Location', 'Branch office');
    emulator.columns.define('SD_Tickets', 'SD_Cost', { type: 'number', displayName: 'Cost' });
    emulator.data.update('SD_Tickets', item.id, { SD_Cost: 'about 40' });
    clock.ms += 10 * MINUTE;
    await h.stack.helpdesk.ticketSchema();

    const edit = (await h.execute('ticket.editForm', { ticketId: Number(item.id) }, 'dana')).body.value as Card;
    expect(input(edit, 'extra.SD_Location')).toMatchObject({ value: 'Branch office' });
    expect(choiceValues(input(edit, 'extra.SD_Location'))).toContain('Branch office');
    // A value the number column no longer fits is shown as text, as it is.
    expect(input(edit, 'extra.SD_Cost')).toMatchObject({ type: 'Input.Text', value: 'about 40' });
    const etag = emulator.data.get('SD_Tickets', item.id)!.etag;
    const res = await h.execute('ticket.edit', { ticketId: Number(item.id), etag, title: 'Phone still dead', description: '', 'extra.SD_Location': 'Branch office', 'extra.SD_Cost': 'about 40' }, 'dana');
    expect(res.body.statusCode).toBe(200);
    expect(emulator.data.get('SD_Tickets', item.id)!.fields).toMatchObject({ Title: 'Phone still dead', SD_Location: 'Branch office', SD_Cost: 'about 40' });
  });

  it('a column the site calls "Office location" is "Office location" on the English form and card, not the shipped word', async () => {
    const { h, clock, emulator } = await start();
    emulator.columns.define('SD_Tickets', 'SD_Location', { type: 'choice', choices: ['HQ', 'Branch office', 'Remote'], displayName: 'Office location' });
    clock.ms += 10 * MINUTE;
    await h.stack.helpdesk.ticketSchema();
    expect(input(await newForm(h), 'extra.SD_Location')).toMatchObject({ label: 'Office location' });
    await h.execute('ticket.create', { title: 'Dock dead', 'extra.SD_Location': 'HQ' });
    const id = Number((await stored(h, 'Dock dead')).id);
    const agentCard = (await h.execute('ticket.refresh', { ticketId: id }, 'dana')).body.value as Card;
    const facts = agentCard.body.filter((b: Card) => b.type === 'FactSet').flatMap((b: Card) => b.facts);
    expect(facts).toContainEqual({ title: 'Office location', value: 'HQ' });
  });

  it('a ticket from a message (message extension) that lacks a required column comes back as its dialog form, the message kept, nothing filed', async () => {
    const { h, clock, emulator } = await start();
    emulator.columns.define('SD_Tickets', 'SD_CostCentre', { type: 'text', required: true, displayName: 'Cost centre' });
    clock.ms += 10 * MINUTE;
    await h.stack.helpdesk.ticketSchema();
    const before = emulator.data.count('SD_Tickets');
    const activity = h.fixture('submit-action', 'lynne');
    const res = await h.post(activity);
    expect(res.body.task.type).toBe('continue');
    const form = res.body.task.value.card.content as Card;
    expect(cardText(form)).toMatch(/Cost centre is required/);
    expect(input(form, 'title')?.value).toBe(activity.value.data.title);
    expect(input(form, 'extra.SD_CostCentre')).toMatchObject({ isRequired: true });
    expect(emulator.data.count('SD_Tickets')).toBe(before);
  });
});

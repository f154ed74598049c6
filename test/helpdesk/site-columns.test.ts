/**
 * The ticket schema the bot learns from SD_Tickets' columns on the embedded site, changed at run
 * time as a site owner would: a new choice is accepted without a restart, required columns are
 * enforced, extra columns round-trip, a disagreeing setting is named once, and a column whose
 * type changed under the bot is told and breaks nothing. The clock is the service's `now`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleText } from '../../src/commands';
import type { CommandContext } from '../../src/commands/types';
import { createChangeFeed } from '../../src/helpdesk/changes';
import { HelpdeskError, type Actor, type Ticket } from '../../src/helpdesk/types';
import { channelCardView } from '../../src/notify/intents';
import type { ChangeSet } from '../../src/notify/detect';
import { createLogger } from '../../src/log';
import { startHelpdeskStack, type HelpdeskStack, type HelpdeskStackConfig } from '../support/helpdesk-stack';

const megan: Actor = { email: 'meganb@example.com', name: 'Megan Bowen' };
const patti: Actor = { email: 'pattif@example.com', name: 'Patti Fernandez' };
const MINUTE = 60_000;

let stack: HelpdeskStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

/** A stack whose service runs on a clock the test moves, logging into `lines`. */
async function start(options: HelpdeskStackConfig = {}) {
  const clock = { ms: Date.parse('2026-11-24T09:00:00Z') };
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', write: (l) => lines.push(l) });
  stack = await startHelpdeskStack({ ...options, logger, service: { now: () => new Date(clock.ms), agentCacheTtlMs: 24 * 60 * MINUTE } });
  const reads = () => stack!.emulator.counters.get('GET SD_Tickets/columns');
  const messages = () => lines.map((l) => JSON.parse(l) as { msg: string; level: number | string }).map((l) => l.msg);
  return { s: stack, clock, reads, messages };
}

async function invalid(p: Promise<unknown>): Promise<HelpdeskError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(HelpdeskError);
  expect((err as HelpdeskError).kind).toBe('invalid');
  return err as HelpdeskError;
}

describe('ticket schema from the site', () => {
  it('accepts a choice added on the site without a restart, once an unknown value has the columns read again (at most once a minute)', async () => {
    const { s, clock, reads } = await start();
    await s.helpdesk.ticketSchema();
    expect(reads()).toBe(1);
    const ticket = await s.helpdesk.createTicket(patti, { title: 'Printer on fire' });
    s.emulator.columns.addChoice('SD_Tickets', 'SD_Priority', 'Critical');

    clock.ms += 10_000;
    // Read ten seconds ago: the value stays unknown for now, and the site is not asked again.
    expect((await invalid(s.helpdesk.setPriority(megan, ticket.id, 'Critical'))).details.field).toBe('priority');
    expect(reads()).toBe(1);

    clock.ms += MINUTE;
    const { ticket: after, outcome } = await s.helpdesk.setPriority(megan, ticket.id, 'critical');
    expect(outcome).toBe('saved');
    expect(after.priority).toBe('Critical');
    expect(reads()).toBe(2);
    expect(s.helpdesk.vocabulary.priorities).toContain('Critical');
    expect((await s.helpdesk.ticketSchema()).fields.priority).toMatchObject({ source: 'site', values: ['Low', 'Normal', 'High', 'Urgent', 'Critical'] });
  });

  it('a typed command takes a choice added on the site at once, and refuses a value the site lacks after at most one read a minute', async () => {
    const { s, clock, reads } = await start();
    await s.helpdesk.ticketSchema();
    const ticket = await s.helpdesk.createTicket(patti, { title: 'Printer on fire' });
    const ctx: CommandContext = { actor: megan, helpdesk: s.helpdesk, conversation: { platform: 'slack', id: 'C1', kind: 'channel' }, channel: {} };
    s.emulator.columns.addChoice('SD_Tickets', 'SD_Priority', 'Critical');
    clock.ms += 2 * MINUTE;
    await handleText(ctx, `priority ${ticket.id} critical`);
    expect(s.emulator.data.get('SD_Tickets', String(ticket.id))?.fields.SD_Priority).toBe('Critical');
    expect(reads()).toBe(2);
    const refused = await handleText(ctx, `priority ${ticket.id} Someday`);
    expect(JSON.stringify(refused.view)).toMatch(/Low, Normal, High, Urgent, Critical/);
    expect(reads()).toBe(2);
  });

  it('reads the columns again in the background of the first use 10 minutes after the last read, and not before', async () => {
    const { s, clock, reads } = await start();
    await s.helpdesk.ticketSchema();
    s.emulator.columns.addChoice('SD_Tickets', 'SD_Status', 'On Hold');
    clock.ms += 9 * MINUTE;
    expect(s.helpdesk.vocabulary.statuses).not.toContain('On Hold');
    expect(reads()).toBe(1);
    clock.ms += MINUTE;
    // This use gets the schema at hand at once; the read runs behind it.
    expect(s.helpdesk.vocabulary.statuses).not.toContain('On Hold');
    await vi.waitFor(() => expect(s.helpdesk.vocabulary.statuses).toContain('On Hold'));
    expect(reads()).toBe(2);
  });

  it('enforces the columns the site requires on create, naming the field', async () => {
    const { s } = await start();
    s.emulator.columns.define('SD_Tickets', 'SD_Category', { required: true });
    s.emulator.columns.define('SD_Tickets', 'SD_CostCentre', { type: 'text', required: true, displayName: 'Cost centre' });
    const schema = await s.helpdesk.ticketSchema();
    expect(schema.fields.category.required).toBe(true);
    expect(schema.extra).toContainEqual({ name: 'SD_CostCentre', label: 'Cost centre', type: 'text', required: true });

    const noCategory = await invalid(s.helpdesk.createTicket(patti, { title: 'Badge broken' }));
    expect(noCategory.details.field).toBe('category');
    const noCentre = await invalid(s.helpdesk.createTicket(patti, { title: 'Badge broken', category: 'Access' }));
    expect(noCentre.details.field).toBe('SD_CostCentre');
    expect(noCentre.message).toMatch(/Cost centre is required/);

    const created = await s.helpdesk.createTicket(patti, { title: 'Badge broken', category: 'Access', extra: { SD_CostCentre: ' CC-4711 ' } });
    expect(s.emulator.data.get('SD_Tickets', String(created.id))?.fields).toMatchObject({ SD_Category: 'Access', SD_CostCentre: 'CC-4711' });
  });

  it('round-trips extra column values in their types from create to the list to the ticket read, and edits them', async () => {
    const { s } = await start({ settings: { formExclude: ['SD_InternalRef'] } });
    s.emulator.columns.define('SD_Tickets', 'SD_Cost', { type: 'number', displayName: 'Cost' });
    s.emulator.columns.define('SD_Tickets', 'SD_Onsite', { type: 'boolean', displayName: 'On site' });
    s.emulator.columns.define('SD_Tickets', 'SD_Due', { type: 'dateTime', displayName: 'Due' });
    s.emulator.columns.define('SD_Tickets', 'SD_Steps', { type: 'note', displayName: 'Steps' });
    s.emulator.columns.define('SD_Tickets', 'SD_InternalRef', { type: 'text' });
    s.emulator.columns.define('SD_Tickets', 'SD_Secret', { type: 'text', hidden: true });
    const schema = await s.helpdesk.ticketSchema();
    expect(schema.extra.map((c) => [c.name, c.type])).toEqual([
      ['SD_Location', 'choice'], ['SD_Cost', 'number'], ['SD_Onsite', 'boolean'], ['SD_Due', 'dateTime'], ['SD_Steps', 'note'],
    ]);
    expect(schema.extra[0]).toMatchObject({ label: 'Location', choices: ['HQ', 'Branch office', 'Remote'] });

    const created = await s.helpdesk.createTicket(patti, {
      title: 'Dock dead',
      extra: { SD_Location: 'remote', SD_Cost: '12.5', SD_Onsite: 'yes', SD_Due: '2026-12-31', SD_Steps: 'Unplug.\nPlug in again.' },
    });
    const stored = s.emulator.data.get('SD_Tickets', String(created.id))?.fields;
    expect(stored).toMatchObject({ SD_Location: 'Remote', SD_Cost: 12.5, SD_Onsite: true, SD_Due: '2026-12-31T00:00:00Z', SD_Steps: 'Unplug.\nPlug in again.' });
    const expected = { SD_Location: 'Remote', SD_Cost: 12.5, SD_Onsite: true, SD_Due: '2026-12-31T00:00:00Z', SD_Steps: 'Unplug.\nPlug in again.' };
    expect(created.extra).toEqual(expected);
    expect((await s.helpdesk.getTicket(megan, created.id)).extra).toEqual(expected);
    const listed = (await s.helpdesk.listTickets(megan, { limit: 5 })).find((t) => t.id === created.id);
    expect(listed?.extra).toEqual(expected);

    const { ticket: edited, outcome } = await s.helpdesk.updateTicket(patti, created.id, { extra: { SD_Cost: 20, SD_Location: '' } });
    expect(outcome).toBe('saved');
    expect(edited.extra).toEqual({ SD_Cost: 20, SD_Onsite: true, SD_Due: '2026-12-31T00:00:00Z', SD_Steps: 'Unplug.\nPlug in again.' });
    expect((await s.helpdesk.updateTicket(patti, created.id, { extra: { SD_Cost: '20' } })).outcome).toBe('unchanged');

    expect((await invalid(s.helpdesk.createTicket(patti, { title: 'x', extra: { SD_Cost: 'a lot' } }))).details.field).toBe('SD_Cost');
    expect((await invalid(s.helpdesk.createTicket(patti, { title: 'x', extra: { SD_InternalRef: 'r-1' } }))).details.field).toBe('SD_InternalRef');
    expect((await invalid(s.helpdesk.createTicket(patti, { title: 'x', extra: { SD_Location: 'Moon' } }))).message).toMatch(/HQ, Branch office, Remote/);
  });

  it('learns a category and a location the poller sees first (a ticket filed in the portal), reading the columns again at most once a minute', async () => {
    const { s, clock, reads } = await start();
    s.emulator.columns.define('SD_Tickets', 'SD_Category', { type: 'choice', choices: ['Hardware', 'Software'] });
    await s.helpdesk.ticketSchema();
    expect(reads()).toBe(1);
    const feed = createChangeFeed(s.graph, {}, { extra: () => s.helpdesk.vocabulary.site?.extra, saw: (t) => s.helpdesk.sawTicket(t) });
    const since = new Date(clock.ms - MINUTE);
    const poll = async () => {
      for await (const t of feed.ticketsModifiedSince(since)) void t;
    };
    // The site gains a category and a location; a ticket filed in the portal carries both.
    s.emulator.columns.addChoice('SD_Tickets', 'SD_Category', 'Printers');
    s.emulator.columns.addChoice('SD_Tickets', 'SD_Location', 'Lab');
    s.emulator.data.insert('SD_Tickets', { Title: 'Toner smeared', SD_Category: 'Printers', SD_Location: 'Lab', SD_Status: 'New', SD_Priority: 'Normal', SD_SubmittedByEmail: patti.email });
    clock.ms += 2 * MINUTE;
    await poll();
    await s.helpdesk.ticketSchema();
    expect(reads()).toBe(2);
    // The forms offer them at once, without waiting for the 10-minute read.
    expect(s.helpdesk.vocabulary.categories).toContain('Printers');
    expect(s.helpdesk.vocabulary.site?.extra.find((c) => c.name === 'SD_Location')?.choices).toContain('Lab');
    // Another unknown value within the minute does not ask the site again.
    s.emulator.columns.addChoice('SD_Tickets', 'SD_Category', 'Phones');
    s.emulator.data.insert('SD_Tickets', { Title: 'Phone cracked', SD_Category: 'Phones', SD_Status: 'New', SD_Priority: 'Normal', SD_SubmittedByEmail: patti.email });
    clock.ms += 10_000;
    await poll();
    await s.helpdesk.ticketSchema();
    expect(reads()).toBe(2);
  });

  it('gives the change feed’s tickets their extra values, so the cards notifications post show them', async () => {
    const { s } = await start();
    await s.helpdesk.ticketSchema();
    const created = await s.helpdesk.createTicket(patti, { title: 'Dock dead', extra: { SD_Location: 'Remote' } });
    const feed = createChangeFeed(s.graph, {}, { extra: () => s.helpdesk.vocabulary.site?.extra });
    expect((await feed.getTicket(created.id))?.extra).toEqual({ SD_Location: 'Remote' });
    const changed: Ticket[] = [];
    for await (const t of feed.ticketsModifiedSince(new Date(Date.parse(created.modified) - 1000))) changed.push(t);
    expect(changed.find((t) => t.id === created.id)?.extra).toEqual({ SD_Location: 'Remote' });
    const card = channelCardView({ ticket: changed.find((t) => t.id === created.id)! } as ChangeSet, s.helpdesk.vocabulary);
    expect(card.extraLines).toEqual([{ label: 'Location', value: 'Remote' }]);
  });

  it('names a setting that disagrees with the site once, and uses the site; a field without a choice column keeps its setting', async () => {
    const { s, clock, messages } = await start({
      settings: { priorities: ['Low', 'Normal', 'High'], highPriorities: ['High'], categories: ['Laptops', 'Phones'], listsSet: ['HELPDESK_PRIORITIES', 'HELPDESK_CATEGORIES'] },
    });
    await s.helpdesk.ticketSchema();
    clock.ms += 11 * MINUTE;
    s.helpdesk.vocabulary.priorities;
    await vi.waitFor(() => expect(s.emulator.counters.get('GET SD_Tickets/columns')).toBe(2));
    await s.helpdesk.ticketSchema();
    const told = messages().filter((m) => m.includes('delete HELPDESK_PRIORITIES'));
    expect(told).toEqual([expect.stringMatching(/^HELPDESK_PRIORITIES \(Low, Normal, High\) disagrees with the choices of the site's SD_Priority column \(Low, Normal, High, Urgent\)/)]);
    expect(messages().some((m) => m.includes('HELPDESK_CATEGORIES'))).toBe(false);
    expect(s.helpdesk.vocabulary.priorities).toEqual(['Low', 'Normal', 'High', 'Urgent']);
    expect(s.helpdesk.vocabulary.categories).toEqual(['Laptops', 'Phones']);
    expect((await s.helpdesk.createTicket(patti, { title: 'Urgent one', priority: 'Urgent', category: 'Phones' })).priority).toBe('Urgent');
  });

  it('tells when a choice column turns into text or loses a value tickets hold, keeps showing those values, and writes nothing the list refuses', async () => {
    const { s, clock, messages } = await start();
    await s.helpdesk.ticketSchema();
    const urgent = await s.helpdesk.createTicket(patti, { title: 'Server down', priority: 'Urgent', extra: { SD_Location: 'HQ' } });
    s.emulator.columns.removeChoice('SD_Tickets', 'SD_Priority', 'Urgent');
    s.emulator.columns.define('SD_Tickets', 'SD_Location', { type: 'text' });
    s.emulator.columns.define('SD_Tickets', 'SD_Status', { type: 'text' });
    clock.ms += 2 * MINUTE;
    await invalid(s.helpdesk.setPriority(megan, urgent.id, 'Blocker'));
    expect(messages()).toEqual(expect.arrayContaining([
      expect.stringMatching(/"Urgent" no longer among the choices of SD_Priority: tickets that hold it still show it/),
      expect.stringMatching(/SD_Status is no longer a choice column: the bot now uses HELPDESK_STATUSES/),
      expect.stringMatching(/extra column SD_Location changed from choice to text/),
    ]));
    const read = await s.helpdesk.getTicket(megan, urgent.id);
    expect(read.priority).toBe('Urgent');
    expect(read.extra).toEqual({ SD_Location: 'HQ' });
    // The edit form sends the held priority back: no change, no refusal.
    const { ticket: edited } = await s.helpdesk.updateTicket(megan, urgent.id, { title: 'Server down again', priority: 'Urgent', extra: { SD_Location: 'Basement' } });
    expect(edited).toMatchObject({ title: 'Server down again', priority: 'Urgent', extra: { SD_Location: 'Basement' } });
    expect((await s.helpdesk.setStatus(megan, urgent.id, 'In Progress')).outcome).toBe('saved');
  });

  it('keeps the settings when the columns cannot be read, logs that once, and answers commands', async () => {
    const { s, clock, messages } = await start();
    s.emulator.faults.inject(503, 3, { retryAfterSeconds: 0 });
    const schema = await s.helpdesk.ticketSchema();
    expect(schema.readAt).toBeUndefined();
    expect(schema.fields.priority.source).toBe('settings');
    s.emulator.faults.inject(503, 3, { retryAfterSeconds: 0 });
    clock.ms += 2 * MINUTE;
    await invalid(s.helpdesk.createTicket(patti, { title: 'x', priority: 'Whenever' }));
    expect(messages().filter((m) => m.startsWith("could not read SD_Tickets' columns"))).toHaveLength(1);
    expect((await s.helpdesk.createTicket(patti, { title: 'Still works', priority: 'High' })).priority).toBe('High');
  });
});

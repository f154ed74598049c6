import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log';
import { createHelpdeskService } from '../../src/helpdesk';
import type { Ticket, TicketQuery } from '../../src/helpdesk/types';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { megan } from './people';

const STATUSES = ['New', 'Assigned', 'In Progress', 'Resolved', 'Waiting'];
const PRIORITIES = ['Low', 'Normal', 'High', 'Urgent'];
const HOLDERS = ['', 'meganb@example.com', "o'brien@example.com"];
const SUBMITTERS = ['pattif@example.com', "d'arcy@example.com", 'lynner@example.com'];

interface Row { id: number; status: string; priority: string; assignedTo: string; submitter: string; space: string; category: string; modified: number }

describe('help-desk ticket lists', () => {
  let stack: HelpdeskStack;
  const rows: Row[] = [];
  const base = Date.UTC(2026, 5, 1, 8, 0, 0);

  beforeAll(async () => {
    stack = await startHelpdeskStack({ seed: 'none' });
    for (const [name, email, active] of [['Megan Bowen', 'meganb@example.com', true], ["Conan O'Brien", "o'brien@example.com", true], ['Adele Vance', 'adelev@example.com', false]] as const) {
      stack.emulator.data.insert('SD_Agents', { Title: name, SD_Email: email, SD_IsActive: active });
    }
    for (let i = 0; i < 40; i++) {
      const r = {
        status: STATUSES[i % 5],
        priority: PRIORITIES[Math.floor(i / 5) % 4],
        assignedTo: HOLDERS[i % 3],
        submitter: SUBMITTERS[Math.floor(i / 3) % 3],
        space: i % 4 === 0 ? 'facilities' : 'it',
        category: i % 2 ? 'Hardware' : 'Network',
        modified: base + ((i * 7) % 40) * 3_600_000,
      };
      const at = new Date(r.modified);
      const { id } = stack.emulator.data.insert('SD_Tickets', {
        Title: `Ticket ${i}`, SD_Status: r.status, SD_Priority: r.priority, SD_AssignedTo: r.assignedTo,
        SD_SubmittedBy: r.submitter, SD_SubmittedByEmail: r.submitter, SD_SpaceId: r.space, SD_Category: r.category,
      }, { created: at, modified: at });
      rows.push({ id: Number(id), ...r });
    }
  });
  afterAll(() => stack.close());

  const ids = (ts: Ticket[]) => ts.map((t) => t.id).sort((a, b) => a - b);
  const expected = (keep: (r: Row) => boolean) => rows.filter(keep).map((r) => r.id).sort((a, b) => a - b);
  const list = (q: TicketQuery) => stack.helpdesk.listTickets(megan, { limit: 100, ...q });

  it('each filter form returns exactly the matching tickets', async () => {
    const cases: [TicketQuery, (r: Row) => boolean][] = [
      [{ open: true }, (r) => ['New', 'Assigned', 'In Progress'].includes(r.status)],
      [{ highPriority: true }, (r) => r.priority === 'High' || r.priority === 'Urgent'],
      [{ status: 'waiting' }, (r) => r.status === 'Waiting'],
      [{ unassigned: true }, (r) => r.assignedTo === ''],
      [{ open: true, unassigned: true }, (r) => r.assignedTo === '' && ['New', 'Assigned', 'In Progress'].includes(r.status)],
      [{ assignedTo: 'meganb@example.com' }, (r) => r.assignedTo === 'meganb@example.com'],
      [{ spaceId: 'facilities' }, (r) => r.space === 'facilities'],
      [{ category: 'Hardware', highPriority: true }, (r) => r.category === 'Hardware' && PRIORITIES.indexOf(r.priority) >= 2],
      [{ modifiedSince: new Date(base + 30 * 3_600_000) }, (r) => r.modified >= base + 30 * 3_600_000],
      [{ submittedBy: 'lynner@example.com', open: true }, (r) => r.submitter === 'lynner@example.com' && ['New', 'Assigned', 'In Progress'].includes(r.status)],
    ];
    for (const [q, keep] of cases) {
      const want = expected(keep);
      expect(want.length, JSON.stringify(q)).toBeGreaterThan(0);
      expect(ids(await list(q)), JSON.stringify(q)).toEqual(want);
    }
  });

  it('values containing a quote are matched, not broken', async () => {
    expect(ids(await list({ assignedTo: "O'Brien@example.com" }))).toEqual(expected((r) => r.assignedTo === "o'brien@example.com"));
    const darcy = { email: "d'arcy@example.com", name: "Sam D'Arcy" };
    const theirs = await stack.helpdesk.listTickets(darcy, { limit: 100 });
    expect(ids(theirs)).toEqual(expected((r) => r.submitter === "d'arcy@example.com"));
    const created = await stack.helpdesk.createTicket(darcy, { title: "Can't log in to O'Reilly books" });
    expect((await stack.helpdesk.getTicket(darcy, created.id)).title).toBe("Can't log in to O'Reilly books");
    await stack.helpdesk.deleteTicket(megan, created.id);
  });

  it('newest change first by default, oldest first on request, and limit keeps lists short', async () => {
    const newest = await stack.helpdesk.listTickets(megan, { limit: 3 });
    const byTime = [...rows].sort((a, b) => b.modified - a.modified);
    expect(newest.map((t) => t.id)).toEqual(byTime.slice(0, 3).map((r) => r.id));
    const oldest = await stack.helpdesk.listTickets(megan, { limit: 2, order: 'asc' });
    expect(oldest.map((t) => t.id)).toEqual(byTime.slice(-2).reverse().map((r) => r.id));
    await expect(stack.helpdesk.listTickets(megan, { limit: 0 })).rejects.toMatchObject({ kind: 'invalid', details: { field: 'limit' } });
  });

  it('the active agents list costs one Graph request per TTL however often it is asked', async () => {
    let clock = Date.UTC(2026, 5, 2);
    const service = createHelpdeskService({ graph: stack.graph, settings: stack.settings, agentCacheTtlMs: 60_000, now: () => new Date(clock) });
    stack.emulator.counters.reset();
    const answers = await Promise.all(['meganb@example.com', 'ADELEV@example.com', "o'brien@example.com", 'x@example.com'].map((e) => service.isAgent(e)));
    for (let i = 0; i < 20; i++) await service.isAgent('meganb@example.com');
    expect(answers).toEqual([true, false, true, false]);
    expect((await service.activeAgents()).map((a) => a.name).sort()).toEqual(["Conan O'Brien", 'Megan Bowen']);
    expect(stack.emulator.counters.get('GET SD_Agents/items')).toBe(1);
    clock += 60_001;
    await service.isAgent('meganb@example.com');
    expect(stack.emulator.counters.get('GET SD_Agents/items')).toBe(2);
  });

  it('a Graph outage is reported as "not reachable" and logged with the request-id', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'warn', write: (l) => lines.push(l) });
    const service = createHelpdeskService({ graph: stack.graph, settings: stack.settings, logger });
    await service.isAgent('meganb@example.com');
    stack.emulator.faults.inject(500, 5);
    const err = await service.listTickets(megan, {}).catch((e) => e);
    stack.emulator.faults.clear();
    expect(err).toMatchObject({ kind: 'unavailable', details: { text: { key: 'helpdesk:unavailable' } } });
    expect(lines.map((l) => JSON.parse(l)).some((e) => typeof e.requestId === 'string' && e.requestId.length > 0)).toBe(true);
  });
});

describe('help-desk bound to a space', () => {
  let stack: HelpdeskStack;
  beforeAll(async () => {
    stack = await startHelpdeskStack({ settings: { spaceId: 'facilities' } });
  });
  afterAll(() => stack.close());

  it('lists only the space’s tickets, stamps new ones with it, and hides other spaces’ tickets', async () => {
    const all: { id: number; space: unknown }[] = [];
    for await (const item of stack.graph.listAll('SD_Tickets', { top: 5000 })) all.push({ id: Number(item.id), space: item.fields.SD_SpaceId });
    const listed = await stack.helpdesk.listTickets(megan, { limit: 500 });
    const facilities = all.filter((t) => t.space === 'facilities').map((t) => t.id).sort((a, b) => a - b);
    expect(facilities.length).toBeGreaterThan(0);
    expect(listed.map((t) => t.id).sort((a, b) => a - b)).toEqual(facilities);
    const created = await stack.helpdesk.createTicket(megan, { title: 'Door sticks in room 2.01', category: 'Facilities' });
    expect(stack.emulator.data.get('SD_Tickets', String(created.id))!.fields.SD_SpaceId).toBe('facilities');
    const elsewhere = all.find((t) => t.space === 'it')!.id;
    await expect(stack.helpdesk.getTicket(megan, elsewhere)).rejects.toMatchObject({ kind: 'not-found' });
    await expect(stack.helpdesk.setStatus(megan, elsewhere, 'Resolved')).rejects.toMatchObject({ kind: 'not-found' });
  });
});

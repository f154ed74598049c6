/** SLA clocks in the poll cycle: recorded from what the poller read, told once, backlog as a summary, a paced one-off comment scan. */
import { slaTableIn } from '../../src/features/sla/sla-table';
import { DEFAULT_ROLE_VOCABULARY } from '../../src/core/vocabulary';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Comment, Ticket } from '../../src/helpdesk/types';
import { createLogger } from '../../src/log';
import { createSlaTracker } from '../../src/features/sla/clock-tracker';
import { slaReport } from '../../src/features/sla/sla-report';
import { isFirstResponse } from '../../src/features/sla/first-response';
import { DateTime } from 'luxon';
import { slaRoleOf } from '../../src/features/sla/clock-roles';
import { openPolicySource } from '../../src/features/sla/policy-source';
import { createSqliteStore, type Store } from '../../src/store';

const EXAMPLE = readFileSync(new URL('../../examples/sla.json', import.meta.url), 'utf8');
const MIN = 60_000;
const T0 = Date.parse('2026-11-24T09:00:00Z');
const logger = createLogger({ level: 'error', write: () => undefined });
const stores: Store[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

const ticket = (id: number, over: Partial<Ticket> = {}): Ticket => ({
  id, etag: `"e,${id}"`, created: new Date(T0).toISOString(), modified: new Date(T0).toISOString(), title: `Ticket ${id}`, description: '',
  priority: 'Urgent', status: 'New', category: 'Network', submittedBy: 'Rita', submittedByName: 'Rita', submittedByEmail: 'rita@contoso.com',
  assignedTo: 'dana@contoso.com', ...over,
});
const comment = (id: number, ticketId: number, at: number, author: string, isInternal = false): Comment => ({
  id, etag: `"c,${id}"`, created: new Date(at).toISOString(), modified: new Date(at).toISOString(), ticketId, title: '', body: 'hi', authorEmail: author, authorName: author, isInternal,
});

async function setup(existing: Ticket[], commentsOf: (id: number) => Comment[] = () => [], options: { activeAgents?: () => Promise<Set<string>>; log?: (line: string) => void } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sla-tracker-'));
  const file = path.join(dir, 'sla.json');
  writeFileSync(file, EXAMPLE);
  const store = createSqliteStore({ dataDir: dir });
  stores.push(store);
  const reads = { everyTicket: 0, comments: [] as number[] };
  const source = await openPolicySource(file, { logger, priorities: ['Low', 'Normal', 'High', 'Urgent'] });
  const tracker = createSlaTracker({
    source,
    store,
    logger: options.log ? createLogger({ level: 'warn', write: options.log }) : logger,
    roleOf: slaRoleOf(DEFAULT_ROLE_VOCABULARY),
    everyTicket: async function* () {
      reads.everyTicket += 1;
      yield* existing;
    },
    commentsOf: async (id) => {
      reads.comments.push(id);
      return commentsOf(id);
    },
    activeAgents: options.activeAgents ?? (async () => new Set(['dana@contoso.com'])),
  });
  const cycle = async (now: number, tickets: Ticket[] = [], comments: Comment[] = []) => {
    const found = await tracker.cycle(tickets, comments, now);
    await found.save();
    return found;
  };
  return { store, cycle, reads, source };
}

const said = (f: { alerts: { ticketId: number; key: string }[] }) => f.alerts.map((a) => a.key);

describe('SLA tracker', () => {
  it('tells each threshold once as it falls due, and a breach overtakes the warnings it passed', async () => {
    const { cycle } = await setup([]);
    expect(said(await cycle(T0, [ticket(1)]))).toEqual([]);
    expect(said(await cycle(T0 + 20 * MIN))).toEqual([]);
    expect(said(await cycle(T0 + 23 * MIN))).toEqual(['sla:1:firstResponse:warning:0.75']);
    expect(said(await cycle(T0 + 24 * MIN))).toEqual([]);
    const breach = await cycle(T0 + 31 * MIN);
    expect(said(breach)).toEqual(['sla:1:firstResponse:breach']);
    expect(breach.alerts[0]).toMatchObject({ assignee: 'dana@contoso.com', title: 'Ticket 1', clock: { state: 'breached' } });
    expect(said(await cycle(T0 + 40 * MIN))).toEqual([]);
  });

  it('stops the first-response clock at the first public comment of an agent, not a note or the requester', async () => {
    const { cycle, store } = await setup([]);
    await cycle(T0, [ticket(1)]);
    await cycle(T0 + 5 * MIN, [], [comment(1, 1, T0 + 4 * MIN, 'rita@contoso.com'), comment(2, 1, T0 + 5 * MIN, 'dana@contoso.com', true)]);
    expect((await slaTableIn(store).slaRecords([1])).get(1)?.history.firstResponseAt).toBeUndefined();
    await cycle(T0 + 10 * MIN, [], [comment(3, 1, T0 + 10 * MIN, 'dana@contoso.com')]);
    expect((await slaTableIn(store).slaRecords([1])).get(1)?.history.firstResponseAt).toBe(T0 + 10 * MIN);
    expect(said(await cycle(T0 + 31 * MIN))).toEqual([]);
  });

  it('never counts the requester\'s own words as a first response, even when the requester is an agent, and `sla` reports it so', async () => {
    // Dana filed #1 herself; her comments and her reopen reason are not answers. Lee's reply is.
    const { cycle, store, source } = await setup([], () => [], { activeAgents: async () => new Set(['dana@contoso.com', 'lee@contoso.com']) });
    const own = { submittedByEmail: 'Dana@Contoso.com', submittedBy: 'Dana', submittedByName: 'Dana', assignedTo: '' };
    await cycle(T0, [ticket(1, own)]);
    await cycle(T0 + 4 * MIN, [], [comment(1, 1, T0 + 3 * MIN, 'dana@contoso.com')]);
    // Another word of hers with a change of the ticket in the same cycle (as a reopen reason comes with its status).
    await cycle(T0 + 12 * MIN, [ticket(1, { ...own, category: 'Hardware', modified: new Date(T0 + 11 * MIN).toISOString() })], [comment(2, 1, T0 + 11 * MIN, 'dana@contoso.com')]);
    expect((await slaTableIn(store).slaRecords([1])).get(1)?.history.firstResponseAt).toBeUndefined();
    const firstResponse = async (now: number) => (await slaReport(slaTableIn(store), source, DEFAULT_ROLE_VOCABULARY, 1, now))?.clocks.find((c) => c.kind === 'firstResponse')?.state;
    expect(await firstResponse(T0 + 12 * MIN)).toBe('running');
    await cycle(T0 + 14 * MIN, [], [comment(3, 1, T0 + 13 * MIN, 'lee@contoso.com')]);
    expect((await slaTableIn(store).slaRecords([1])).get(1)?.history.firstResponseAt).toBe(T0 + 13 * MIN);
    expect(await firstResponse(T0 + 14 * MIN)).toBe('met');
  });

  it('one rule for a first response: public, not the requester, an agent when the desk keeps a list', () => {
    const c = (authorEmail: string, isInternal = false) => ({ authorEmail, isInternal });
    const agents = new Set(['dana@contoso.com', 'lee@contoso.com']);
    expect(isFirstResponse(c('lee@contoso.com'), 'dana@contoso.com', agents)).toBe(true);
    expect(isFirstResponse(c('DANA@contoso.com'), 'dana@contoso.com', agents)).toBe(false);
    expect(isFirstResponse(c('lee@contoso.com', true), 'dana@contoso.com', agents)).toBe(false);
    expect(isFirstResponse(c('carl@contoso.com'), 'dana@contoso.com', agents)).toBe(false);
    expect(isFirstResponse(c('carl@contoso.com'), 'dana@contoso.com', undefined)).toBe(true);
    expect(isFirstResponse(c('dana@contoso.com'), 'dana@contoso.com', undefined)).toBe(false);
  });

  it('an agents list that cannot be read counts no comment as a first response by guesswork, says so, and judges the comments once it can', async () => {
    let readable = true;
    let onSite: Comment[] = [];
    const lines: string[] = [];
    const activeAgents = async () => {
      if (!readable) throw new Error('Graph answered 503');
      return new Set(['dana@contoso.com']);
    };
    const { cycle, store } = await setup([], () => onSite, { activeAgents, log: (line) => lines.push(line) });
    await cycle(T0, [ticket(1)]);
    await cycle(T0 + MIN);
    await cycle(T0 + 2 * MIN);
    // A colleague who is neither the requester nor an agent answers first, then Dana does.
    onSite = [comment(1, 1, T0 + 4 * MIN, 'carl@contoso.com'), comment(2, 1, T0 + 6 * MIN, 'dana@contoso.com')];
    readable = false;
    await cycle(T0 + 6 * MIN, [], onSite);
    expect((await slaTableIn(store).slaRecords([1])).get(1)?.history.firstResponseAt).toBeUndefined();
    expect(lines.join('\n')).toContain('agents list unreadable');
    readable = true;
    await cycle(T0 + 7 * MIN);
    expect((await slaTableIn(store).slaRecords([1])).get(1)?.history.firstResponseAt).toBe(T0 + 6 * MIN);
  });

  it('pauses while Waiting: the due threshold moves by the time waited', async () => {
    const { cycle } = await setup([]);
    await cycle(T0, [ticket(1)]);
    await cycle(T0 + 10 * MIN, [ticket(1, { status: 'Waiting', modified: new Date(T0 + 10 * MIN).toISOString() })]);
    expect(said(await cycle(T0 + 40 * MIN))).toEqual([]);
    await cycle(T0 + 60 * MIN, [ticket(1, { status: 'In Progress', modified: new Date(T0 + 60 * MIN).toISOString() })]);
    expect(said(await cycle(T0 + 72 * MIN))).toEqual([]);
    expect(said(await cycle(T0 + 73 * MIN))).toEqual(['sla:1:firstResponse:warning:0.75']);
  });

  it('on first enable reads the tickets once, sums up what is already past, and reads comments a few tickets per cycle', async () => {
    const old = [1, 2, 3, 4, 5].map((id) => ticket(id, { created: new Date(T0 - 10 * 60 * MIN).toISOString() }));
    const done = ticket(6, { status: 'Resolved' });
    const { cycle, reads, store } = await setup([...old, done], (id) => (id === 2 ? [comment(20, 2, T0 - 9 * 60 * MIN, 'dana@contoso.com')] : []));
    const first = await cycle(T0);
    expect(first.alerts).toEqual([]);
    // Each ticket once, by its worst clock; the summary's rows keep no more of a clock than they say.
    expect(first.backlog.tickets).toBe(5);
    expect(first.backlog.groups.flatMap((g) => g.first.map((f) => f.alert.key))).toEqual([1, 2, 3, 4, 5].map((id) => `sla:${id}:firstResponse:breach`));
    expect(first.backlog.groups.reduce((n, g) => n + g.breached, 0)).toBe(5);
    expect(reads.comments).toEqual([]);
    await cycle(T0 + MIN);
    expect(reads.comments).toEqual([1, 2, 3]);
    await cycle(T0 + 2 * MIN);
    expect(reads.comments).toEqual([1, 2, 3, 4, 5]);
    await cycle(T0 + 3 * MIN);
    expect(reads.comments).toHaveLength(5);
    expect(reads.everyTicket).toBe(1);
    expect((await slaTableIn(store).slaRecords([2, 6])).get(2)?.history.firstResponseAt).toBe(T0 - 9 * 60 * MIN);
    expect((await slaTableIn(store).slaRecords([6])).has(6)).toBe(false);
    // A later cycle tells nothing of the backlog one by one.
    expect(said(await cycle(T0 + 60 * MIN))).toEqual([]);
  });

  it('a policy that is not saved as told (the outbox failed) is found again on the next cycle', async () => {
    const { store } = await setup([]);
    const dir = mkdtempSync(path.join(tmpdir(), 'sla-tracker-'));
    const file = path.join(dir, 'sla.json');
    writeFileSync(file, EXAMPLE);
    const tracker = createSlaTracker({
      source: await openPolicySource(file, { logger, priorities: ['Urgent'] }),
      store, logger, roleOf: slaRoleOf(DEFAULT_ROLE_VOCABULARY),
      everyTicket: async function* () {}, commentsOf: async () => [],
    });
    await (await tracker.cycle([ticket(1)], [], T0)).save();
    expect(said(await tracker.cycle([], [], T0 + 23 * MIN))).toEqual(['sla:1:firstResponse:warning:0.75']);
    // Not saved: the same threshold is still owed.
    expect(said(await tracker.cycle([], [], T0 + 23 * MIN))).toEqual(['sla:1:firstResponse:warning:0.75']);
  });
});

describe('sla <id> report', () => {
  it('says the working time paused while Waiting and the closed days skipped', async () => {
    const { store } = await setup([]);
    const dir = mkdtempSync(path.join(tmpdir(), 'sla-report-'));
    writeFileSync(path.join(dir, 'sla.json'), EXAMPLE);
    const source = await openPolicySource(path.join(dir, 'sla.json'), { logger, priorities: ['High'] });
    const at = (iso: string) => DateTime.fromISO(iso, { zone: 'Europe/Berlin' }).toMillis();
    await slaTableIn(store).putSlaRecords([{
      id: 7, announced: [], policy: 'x',
      history: {
        created: at('2026-11-27T14:00'), firstResponseAt: at('2026-11-27T14:30'),
        observations: [
          { at: at('2026-11-27T14:00'), status: 'New', priority: 'High' },
          { at: at('2026-11-27T15:00'), status: 'Waiting', priority: 'High' },
          { at: at('2026-11-30T10:00'), status: 'In Progress', priority: 'High' },
        ],
      },
    }]);
    const report = (await slaReport(slaTableIn(store), source, DEFAULT_ROLE_VOCABULARY, 7, at('2026-11-30T11:00')))!;
    expect(report).toMatchObject({ priority: 'High', calendar: 'business', timeZone: 'Europe/Berlin' });
    const resolution = report.clocks.find((c) => c.kind === 'resolution')!;
    // Fri 14:00–15:00 worked, 15:00–16:00 (closing) and Mon 08:00–10:00 waited, Mon 10:00–11:00 worked.
    expect(resolution).toMatchObject({ state: 'running', usedMs: 2 * 3600_000, pauses: [{ status: 'Waiting', ms: 3 * 3600_000 }], skipped: 'skipped Sat–Sun' });
    expect(report.clocks.find((c) => c.kind === 'firstResponse')).toMatchObject({ state: 'met', stoppedAt: at('2026-11-27T14:30') });
    expect(await slaReport(slaTableIn(store), source, DEFAULT_ROLE_VOCABULARY, 8, at('2026-11-30T11:00'))).toBeUndefined();
  });
});

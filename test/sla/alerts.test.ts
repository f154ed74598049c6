/** `subscribe … sla` and what SLA alerts owe: channel lines by filter and language, assignee DMs, one backlog summary. */
import { backlogOf } from '../../src/features/sla/sla-backlog';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCommand } from '../../src/commands';
import { filterFrom, describeFilter } from '../../src/commands/subscription-filter';
import { DEFAULT_VOCABULARY } from '../../src/config';
import { translator } from '../../src/i18n';
import { createSlaAlerts } from '../../src/features/sla/sla-alerts';
import { createOutboxService } from '../../src/notify/outbox-service';
import type { SlaAlert } from '../../src/features/sla/clock-tracker';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';

const stores: Store[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});
const dana = { email: 'dana@contoso.com', name: 'Dana' };
const NOW = Date.parse('2026-11-24T10:00:00Z');
const MIN = 60_000;

function parsedFilter(text: string) {
  const r = parseCommand(text);
  if (!r.ok) throw new Error(r.error.message);
  return filterFrom(r.input.values, DEFAULT_VOCABULARY, 'usage');
}

function alert(id: number, over: Partial<SlaAlert> & { kind?: 'warning' | 'breach' } = {}): SlaAlert {
  const kind = over.kind ?? 'warning';
  const threshold = kind === 'warning' ? { kind, fraction: 0.75, at: NOW } : { kind, at: NOW - 35 * MIN };
  return {
    ticketId: id, title: `Ticket ${id}`, assignee: '', facts: { priority: 'High', status: 'New', category: 'Network' },
    clock: { kind: 'firstResponse', due: NOW + 80 * MIN, breachedAt: kind === 'breach' ? NOW - 35 * MIN : undefined } as SlaAlert['clock'],
    threshold, key: `sla:${id}:firstResponse:${kind}`, ...over,
  };
}

describe('subscribe … sla', () => {
  it('reads a trailing sla after any filter, or alone', () => {
    expect(parsedFilter('subscribe sla')).toEqual({ kind: 'sla', value: '' });
    expect(parsedFilter('subscribe high sla')).toEqual({ kind: 'sla', value: 'high' });
    expect(parsedFilter('subscribe space it sla')).toEqual({ kind: 'sla', value: 'space:it' });
    // No filter typed: the handler picks the channel's space, or all tickets.
    expect(parsedFilter('subscribe')).toBeUndefined();
    expect(parsedFilter('unsubscribe high sla')).toEqual({ kind: 'sla', value: 'high' });
    expect(describeFilter({ kind: 'sla', value: 'high' })).toBe('SLA warnings and breaches of high-priority tickets');
  });
});

describe('SLA alerts owed', () => {
  async function setup() {
    const store = createSqliteStore({ dataDir: mkdtempSync(path.join(tmpdir(), 'sla-alerts-')) });
    stores.push(store);
    const ports = createConversationPorts(store);
    await ports.subscribe({ platform: 'slack', id: 'CALL', kind: 'channel' }, { kind: 'sla', value: '' }, dana);
    await ports.subscribe({ platform: 'teams', id: 'TNET', kind: 'channel' }, { kind: 'sla', value: 'category:Hardware' }, dana);
    await ports.subscribe({ platform: 'slack', id: 'CCARDS', kind: 'channel' }, { kind: 'all' }, dana);
    await store.setConversationLocale('slack', 'CALL', 'de');
    const tell = createSlaAlerts({ store, outbox: createOutboxService(store), vocabulary: DEFAULT_VOCABULARY, locale: 'en' });
    const owed = async () => (await store.dueDeliveries(Number.MAX_SAFE_INTEGER, 100)).map((d) => [d.lane, (d.payload as { text: string }).text]);
    return { store, tell, owed };
  }

  it('tells matching SLA channels in their language and the assignee by DM; ordinary subscriptions hear nothing', async () => {
    const { tell, owed } = await setup();
    await tell({ alerts: [alert(1, { assignee: 'lee@contoso.com' }), alert(2, { kind: 'breach' })], backlog: backlogOf([]), policy: 'p', save: async () => {} }, NOW);
    expect((await owed()).sort()).toEqual([
      ['dm:lee@contoso.com', '⚠️ SLA on your ticket #1 “Ticket 1”: First response 75% used, due 24 Nov 2026 11:20 UTC (in 1 h 20 min).'],
      ['slack:CALL', '⚠️ SLA #1 „Ticket 1“: Erste Antwort zu 75 % verbraucht, fällig 24. Nov. 2026, 11:20 UTC (in 1 Std. 20 Min.; bearbeitet von lee@contoso.com).'],
    ].sort());
    // The breach of ticket 2 waits behind ticket 1's line in the same lane; both were owed.
    const t = translator('de');
    expect(t('sla:alerts.breach', { id: 2, title: 'x', clock: 'c', ago: '35 Min.', who: t('sla:alerts.nobody') })).toContain('niemand bearbeitet es');
  });

  it('the same threshold told twice is owed once', async () => {
    const { tell, store } = await setup();
    const found = { alerts: [alert(1)], backlog: backlogOf([]), policy: 'p', save: async () => {} };
    await tell(found, NOW);
    await tell(found, NOW + MIN);
    expect(await store.pendingDeliveryCount()).toBe(1);
  });

  it('a new policy\'s backlog is one summary per SLA channel, naming the first tickets and counting the rest', async () => {
    const { tell, owed } = await setup();
    const backlog = [1, 2, 3, 4, 5, 6, 7].map((id) => alert(id, { kind: id % 2 ? 'breach' : 'warning', facts: { priority: 'Low', status: 'New', category: 'Hardware' } }));
    await tell({ alerts: [], backlog: backlogOf(backlog), policy: 'p1', save: async () => {} }, NOW);
    const rows = await owed();
    expect(rows.map((r) => r[0]).sort()).toEqual(['slack:CALL', 'teams:TNET']);
    const teams = rows.find((r) => r[0] === 'teams:TNET')![1];
    expect(teams.split('\n')).toEqual([
      'SLA policy in force: 7 open tickets are already past a threshold (4 breached, 3 near their target).',
      '• #1 “Ticket 1”: First response breached',
      '• #2 “Ticket 2”: First response near its target',
      '• #3 “Ticket 3”: First response breached',
      '• #4 “Ticket 4”: First response near its target',
      '• #5 “Ticket 5”: First response breached',
      '… and 2 more.',
    ]);
  });

  it('a backlog counts each ticket once, breached if any of its clocks is, and each channel only what its filter matches', async () => {
    const { tell, owed } = await setup();
    const facts = (category: string) => ({ priority: 'Low', status: 'New', category });
    const backlog = [
      alert(1, { kind: 'warning', facts: facts('Hardware') }), alert(1, { kind: 'breach', facts: facts('Hardware') }),
      alert(2, { kind: 'warning', facts: facts('Network') }),
      alert(3, { kind: 'warning', facts: facts('Hardware') }),
    ];
    await tell({ alerts: [], backlog: backlogOf(backlog), policy: 'p2', save: async () => {} }, NOW);
    const rows = await owed();
    // TNET is subscribed to Hardware only; CALL to everything.
    expect(rows.find((r) => r[0] === 'teams:TNET')![1].split('\n')).toEqual([
      'SLA policy in force: 2 open tickets are already past a threshold (1 breached, 1 near their target).',
      '• #1 “Ticket 1”: First response breached',
      '• #3 “Ticket 3”: First response near its target',
    ]);
    expect(rows.find((r) => r[0] === 'slack:CALL')![1].split('\n')[0]).toMatch(/: 3 .*\(1 .*, 2 /);
  });
});

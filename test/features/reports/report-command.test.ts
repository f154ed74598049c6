/**
 * `report` and `report export` in Teams over the embedded site: an agent reads the fixture desk's
 * numbers (desk.ts) with no Graph request, a requester is refused, and the export lands in the
 * site's library as SD_Reports/<date>.csv with the columns, read back from the emulator's drive.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryOf } from '../../../src/commands/registry';
import { bindFeatures, FEATURES, featureMigrations } from '../../../src/features';
import { EXPORT_COLUMNS } from '../../../src/features/reports/report-export';
import { createLogger } from '../../../src/log';
import { DEFAULT_VOCABULARY } from '../../../src/settings/groups';
import { createConversationPorts, createSqliteStore, type Store } from '../../../src/store';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from '../../teams/harness';
import { openTestPolicy, testHost } from '../../support/feature-commands';
import { MEGAN, NOW, seedDesk } from './desk';
import { readReport } from '../../../src/features/reports/report-read';
import { reportView } from '../../../src/features/reports/report-view';

const dir = mkdtempSync(path.join(tmpdir(), 'reports-command-'));
let store: Store;
let h: TeamsHarness;

beforeAll(async () => {
  store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
  await seedDesk(store, { sla: true });
  const db = await store.featureDatabase();
  const slaPolicy = await openTestPolicy({
    timeZone: 'UTC',
    hours: { mon: [['08:00', '17:00']], tue: [['08:00', '17:00']], wed: [['08:00', '17:00']], thu: [['08:00', '17:00']], fri: [['08:00', '17:00']] },
    targets: { Normal: { firstResponse: '4h', resolution: '2d' } },
  });
  h = await startTeamsHarness({
    notifications: createConversationPorts(store),
    commands: (stack) => registryOf(bindFeatures(FEATURES, {
      ...testHost(store, { graph: stack.graph, helpdesk: stack.helpdesk, vocabulary: DEFAULT_VOCABULARY, now: () => new Date(NOW), slaPolicy }),
      db,
    })),
  });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('report in Teams', () => {
  it('an agent reads the desk\'s numbers, in business hours, with no Graph request', async () => {
    // The role check reads the agent list once (the service keeps it for a minute), as for any command.
    await h.say('help', 'dana');
    await h.stack.helpdesk.isAgent(h.emails.dana!);
    h.stack.emulator.counters.reset();
    const [reply] = await h.say('report 7 days', 'dana');
    expect(h.stack.emulator.counters.all()).toEqual({});
    const text = cardText(cardOf(reply));
    expect(text).toContain('Volume: 8 opened, 3 resolved');
    expect(text).toContain('Backlog now: 5 open tickets');
    expect(text).toContain('3–7 days\n2');
    expect(text).toContain('#1 Ticket 1 printer');
    expect(text).toContain('Response (in business hours, UTC)');
    expect(text).toContain('First response: median 1 h 0 min, 90th percentile 1 h 42 min (4 tickets)');
    expect(text).toContain('Resolution: median 8 h 0 min, 90th percentile 16 h 0 min (3 tickets)');
    expect(text).toContain('1 of 2 resolved\n50%');
    expect(text).toContain('First response unknown for 2 tickets filed before Mar 6, 2026, when the bot began measuring');
    expect(text).toContain('Resolution moment unknown for 1 ticket resolved before the bot saw it');
    expect(text).toContain('3.5/5 from 4 ratings');
    expect(text).toContain('Answered without a ticket\n3');
    expect(text).toContain('Tickets filed\n8');
  });

  it('a category narrows it, and a wrong period says which ones there are', async () => {
    const [hardware] = await h.say('report 7 days category Hardware', 'dana');
    expect(cardText(cardOf(hardware))).toContain('Report for category Hardware: the last 7 days');
    expect(cardText(cardOf(hardware))).toContain('Volume: 4 opened');
    const [wrong] = await h.say('report 14 days', 'dana');
    expect(cardText(cardOf(wrong)) || wrong.activity.text).toContain('A report covers 7, 30 or 90 days, not “14”.');
  });

  it('reads in German, with dates in the reader\'s time zone', async () => {
    const data = await readReport(await store.featureDatabase(), { days: 7, filter: { kind: 'all' }, now: NOW, zone: 'Europe/Berlin' });
    const view = reportView(data, new Map([[MEGAN, 'Megan Bowen']]), 'de');
    const text = view.fallback;
    expect(text).toContain('Bericht: die letzten 7 Tage (5. März 2026 – 11. März 2026)');
    expect(text).toContain('Aufkommen: 8 eröffnet, 3 gelöst');
    expect(text).toContain('So., 8. März: 1 eröffnet · 0 gelöst');
    expect(text).toContain('Neu: 3\nIn Bearbeitung: 1\nWartend: 1');
    expect(text).toContain('Erste Antwort: Median 9 Std. 0 Min., 90. Perzentil 1 T. 14 Std. (4 Tickets)');
    expect(text).toContain('Megan Bowen: 1 offen jetzt · 2 gelöst');
    expect(text).toContain('Durchschnitt: 3,5/5 aus 4 Bewertungen');
  });

  it('a requester is refused the report and the export', async () => {
    for (const typed of ['report', 'report export 7']) {
      const [reply] = await h.say(typed, 'lynne');
      expect(cardText(cardOf(reply)) || reply.activity.text).toContain('Only help-desk agents read the desk\'s reports.');
    }
    expect(h.stack.emulator.drive.children('SD_Reports')).toEqual([]);
  });

  it('the export writes the period\'s tickets as SD_Reports/<date>.csv and answers with its link', async () => {
    const [reply] = await h.say('report export 7', 'dana');
    const text = cardText(cardOf(reply)) || reply.activity.text;
    expect(text).toContain('Exported 8 tickets of the last 7 days: 2026-03-11.csv');
    expect(text).toMatch(/https?:\/\/\S+2026-03-11\.csv/);
    const file = h.stack.emulator.drive.path('SD_Reports/2026-03-11.csv');
    expect(file).toBeDefined();
    const [header, ...lines] = readFileSync(file!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(header).toBe(EXPORT_COLUMNS.join(','));
    expect(header).toBe('id,title,category,priority,status,requester,assignee,created,first response,resolved,SLA met,CSAT');
    const row = (id: number) => lines.find((l) => l.startsWith(`${id},`))?.split(',');
    expect(lines).toHaveLength(8);
    expect(row(3)).toEqual(['3', 'Ticket 3 printer', 'Hardware', 'Normal', 'Resolved', 'lynner@example.com', MEGAN, '2026-03-09T09:00:00Z', '2026-03-09T10:00:00Z', '2026-03-09T17:00:00Z', 'yes', '4']);
    // Filed before measuring began: its first response is left empty, not guessed.
    expect(row(2)).toEqual(['2', 'Ticket 2 printer', 'Software', 'Normal', 'Resolved', 'lynner@example.com', MEGAN, '2026-03-05T09:00:00Z', '', '2026-03-09T09:00:00Z', '', '5']);
    // A second export the same day takes the next name; the first is kept.
    const [again] = await h.say('report export 7', 'dana');
    expect(cardText(cardOf(again)) || again.activity.text).toContain('2026-03-11-2.csv');
  });
});

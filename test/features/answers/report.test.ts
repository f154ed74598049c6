/**
 * The answers' report: `csat [days]` sets the questions answered without a ticket next to the
 * tickets filed in the same days, both counted from the store (the answers' table and the search
 * index the poller keeps; no Graph request), on SQLite and PostgreSQL, in English and German.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../../src/commands/types';
import type { AnswerPorts } from '../../../src/core/answers';
import { FEATURES, featureMigrations } from '../../../src/features';
import { answerPortsOver } from '../../../src/features/answers';
import { answeredLine } from '../../../src/features/surveys/answered-line';
import { createConversationPorts, createPostgresStore, createSqliteStore, type Store } from '../../../src/store';
import { featureCommands } from '../../support/feature-commands';
import { indexed } from '../../search/index-contract';
import { freshDatabase, pgAvailable } from '../../support/postgres';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from '../../teams/harness';

const DAY = 86_400_000;
/** An instant `days` ago, as the index keeps Graph's times (to the second). */
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString().replace(/\.\d{3}Z$/, 'Z');
const features = featureMigrations(FEATURES);
const dir = mkdtempSync(path.join(tmpdir(), 'answers-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const engines = [
  { name: 'SQLite', skip: false, open: async () => createSqliteStore({ dataDir: mkdtempSync(path.join(dir, 's-')), features }) },
  { name: 'PostgreSQL', skip: !pgAvailable(), open: async () => createPostgresStore({ url: await freshDatabase(), features }) },
];

/** A store whose index holds three tickets (two filed in the last week, one three weeks ago) and whose answers settled two questions this week. */
async function seeded(store: Store): Promise<AnswerPorts> {
  await store.indexTickets([indexed(1, { created: ago(21), modified: ago(20) }), indexed(2, { created: ago(2), modified: ago(2) }), indexed(3, { created: ago(0.01), modified: ago(0.01) })]);
  const ports = answerPortsOver(await store.featureDatabase());
  await ports.countAnswered('offer-old', 'vpn-home', 'en', new Date(Date.now() - 20 * DAY).toISOString());
  await ports.countAnswered('offer-1', 'vpn-home', 'en', new Date(Date.now() - DAY).toISOString());
  await ports.countAnswered('offer-2', 'drucker', 'de', new Date().toISOString());
  return ports;
}

/** The command context answeredLine reads: the reader's language. */
const contextIn = (locale: string) => ({ locale }) as unknown as CommandContext;

describe.each(engines)('questions answered next to tickets filed, on $name', ({ skip, open }) => {
  it.skipIf(skip)('counts the tickets filed in the same days from the search index, in English and German', async () => {
    const store = await open();
    try {
      const answers = await seeded(store);
      const week = new Date(Date.now() - 7 * DAY).toISOString();
      expect(await answers.filedSince(week)).toBe(2);
      expect(await answers.filedSince(new Date(Date.now() - 30 * DAY).toISOString())).toBe(3);
      expect(await answeredLine(contextIn('en'), week, answers)).toBe('2 questions answered without a ticket, next to 2 tickets filed');
      expect(await answeredLine(contextIn('de'), week, answers)).toBe('2 Fragen ohne Ticket beantwortet, dazu 2 Tickets angelegt');
    } finally {
      await store.close();
    }
  });
});

describe('csat in Teams', () => {
  let store: Store;
  let h: TeamsHarness;
  beforeAll(async () => {
    store = await engines[0].open();
    await seeded(store);
    const commands = await featureCommands(store);
    h = await startTeamsHarness({ notifications: createConversationPorts(store), commands });
  }, 30_000);
  afterAll(async () => {
    await h?.close();
    await store?.close();
  });

  it('an agent reads the questions answered without a ticket next to the tickets filed over the days asked', async () => {
    const [week] = await h.say('csat 7', 'dana');
    expect(cardText(cardOf(week))).toContain('2 questions answered without a ticket, next to 2 tickets filed');
    const [month] = await h.say('csat 30', 'dana');
    expect(cardText(cardOf(month))).toContain('3 questions answered without a ticket, next to 3 tickets filed');
  });
});

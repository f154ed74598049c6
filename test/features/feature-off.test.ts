/**
 * A feature taken off the list leaves nothing running (issue 41 §2). Each feature in turn is left
 * out of the list the bot starts with (src/app.ts, as `npm start` builds it, on the embedded
 * site): the bot starts, answers `help` through the Teams endpoint, polls twice with a ticket
 * filed and resolved in between, runs its timers once, and in all that runs no part of the
 * feature (no cycle hook, timer or planning hook carries its name) and reads none of its tables.
 * Tables are watched where every feature reaches them: the store's database handle
 * (featureDatabase, which bindFeatures hands out and tableIn opens), through a Kysely plugin that
 * logs each table a query names. A run with the whole list shows the log sees those reads.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { FEATURES, type AnyFeature } from '../../src/features';
import { createLogger } from '../../src/log';
import { sqliteSql } from '../../src/store/kysely';
import type { Store } from '../../src/store/types';
import { startFakeConnector, type FakeConnector } from '../support/fake-connector';

const root = path.resolve(__dirname, '../..');

/** The tables a feature's own migrations make, on an empty database. */
async function tablesOf(feature: AnyFeature): Promise<string[]> {
  const { db } = sqliteSql(new Database(':memory:'));
  for (const name of Object.keys(feature.migrations).sort()) await feature.migrations[name].up(db);
  const tables = (await db.introspection.getTables()).map((t) => t.name);
  await db.destroy();
  return tables;
}

/** Every table name a query's tree (or its raw SQL) names. */
function tablesIn(node: unknown, out: Set<string>): void {
  if (!node || typeof node !== 'object') return;
  const n = node as { kind?: string; table?: { identifier?: { name?: string } }; sqlFragments?: readonly string[] };
  if (n.kind === 'TableNode' && n.table?.identifier?.name) out.add(n.table.identifier.name);
  if (n.kind === 'RawNode') for (const m of (n.sqlFragments ?? []).join(' ').matchAll(/\b(?:from|into|update|join|table|exists)\s+"?(\w+)/gi)) out.add(m[1]);
  for (const value of Object.values(node)) if (value && typeof value === 'object') tablesIn(value, out);
}

/** A Kysely plugin that notes the tables of every query it sees. */
function tableLog(seen: Set<string>): KyselyPlugin {
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      tablesIn(args.node as OperationNode, seen);
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    },
  };
}

/** What one run of the bot read and called. */
interface Watched {
  tables: Set<string>;
  calls: Set<string>;
}

/** The store the app opened, with its features' database handle logging tables and its methods logging calls. */
function watching(watched: Watched): (store: Store) => Store {
  return (store) => new Proxy(store, {
    get(target, key) {
      if (key === 'featureDatabase') return async () => (await target.featureDatabase()).withPlugin(tableLog(watched.tables));
      const value = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        watched.calls.add(String(key));
        return Reflect.apply(value, target, args);
      };
    },
  });
}

/** The store calls only a feature's parts make (its tables live in src/store): search's index. */
const STORE_CALLS: Record<string, string[]> = { search: ['indexTickets', 'indexedTicketCount'] };

interface Run extends Watched {
  running: readonly { feature: string; part: string }[];
  helpText: string;
}

let connector: FakeConnector;
const dirs: string[] = [];

/** Starts the bot with `features`, says `help`, polls around a ticket filed and resolved, runs the timers, stops. */
async function runWith(features: readonly AnyFeature[]): Promise<Run> {
  const dir = mkdtempSync(path.join(tmpdir(), 'feature-off-'));
  dirs.push(dir);
  const watched: Watched = { tables: new Set(), calls: new Set() };
  const config = loadConfig({ HELPDESK_DATA_DIR: dir, PORT: '0', HELPDESK_SLA_FILE: path.join(root, 'examples', 'sla.json'), HELPDESK_CSAT: 'on' });
  const app = await startApp(config, { logger: createLogger({ level: 'error', write: () => undefined }), poll: false, features, watchStore: watching(watched) });
  try {
    const activity = JSON.parse(readFileSync(path.join(root, 'test/fixtures/teams/message-personal.json'), 'utf8'));
    connector.members.set(activity.from.id, { id: activity.from.id, name: 'Alex Wilber', email: 'alexw@example.com', aadObjectId: activity.from.aadObjectId });
    connector.clear();
    const res = await fetch(`http://${app.host}:${app.port}/api/messages`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...activity, text: 'help', id: `help-${Date.now()}`, serviceUrl: connector.url }),
    });
    expect(res.status).toBeLessThan(300);
    const reply = await connector.waitFor((a) => a.conversationId.startsWith('a:1scrubbed'));
    await app.poller.runOnce();
    const emulator = app.emulator!;
    const filed = emulator.data.insert('SD_Tickets', { Title: 'Dock is dead', SD_Description: 'no screen', SD_Status: 'New', SD_Priority: 'High', SD_Category: 'Hardware', SD_SubmittedBy: 'alexw@example.com', SD_SubmittedByName: 'Alex Wilber', SD_SubmittedByEmail: 'alexw@example.com', SD_AssignedTo: '' });
    await app.poller.runOnce();
    emulator.data.update('SD_Tickets', filed.id, { SD_Status: 'Resolved' });
    await app.poller.runOnce();
    await app.timers.tick();
    return { ...watched, running: app.running, helpText: JSON.stringify(reply.activity) };
  } finally {
    await app.close();
  }
}

beforeAll(async () => {
  connector = await startFakeConnector();
});
afterAll(async () => {
  await connector?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the whole list, for comparison', () => {
  it('runs the features\' parts, and the log sees the tables they read', async () => {
    const run = await runWith(FEATURES);
    expect(run.helpText).toMatch(/help/i);
    const parts = run.running.map((r) => `${r.feature}: ${r.part}`);
    expect(parts).toEqual(expect.arrayContaining(['sla: cycle hook', 'digests: timer: digest slots', 'preferences: timer: held DMs', 'storms: planning hook', 'surveys: planning hook', 'duplicates: planning hook', 'search: ticket index']));
    expect([...run.tables]).toEqual(expect.arrayContaining(['sla_tickets', 'digest_schedules', 'held_dms', 'dm_preferences', 'csat_surveys', 'merges']));
    expect([...run.calls]).toEqual(expect.arrayContaining(['indexTickets']));
  }, 60_000);
});

describe('a feature taken off the list', () => {
  for (const feature of FEATURES) {
    it(`${feature.name}: the bot starts and answers help, and runs no part of it and reads none of its tables`, async () => {
      const own = await tablesOf(feature);
      const run = await runWith(FEATURES.filter((f) => f !== feature));
      expect(run.helpText).toMatch(/help/i);
      expect(run.running.filter((r) => r.feature === feature.name)).toEqual([]);
      expect([...run.tables].filter((t) => own.includes(t))).toEqual([]);
      expect([...run.calls].filter((c) => (STORE_CALLS[feature.name] ?? []).includes(c))).toEqual([]);
    }, 60_000);
  }
});

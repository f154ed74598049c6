/**
 * Two replicas on one PostgreSQL database, both checking for due digests at the same instant and
 * both draining: each channel (Teams and Slack) gets its digest once. Each replica is a notifier
 * of its own (own pool, own Teams adapter) with the clock pinned.
 */
import { FEATURES, featureMigrations } from '../../src/features';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore, type Store } from '../../src/store';
import { startFakeConnector, type FakeConnector } from '../support/fake-connector';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { freshDatabase, pgAvailable, pgProblem } from '../support/postgres';
import { dana, slackDigests, startBot, teamsDigests, type Bot } from './harness';

let stack: HelpdeskStack;
let connector: FakeConnector;
let slack: FakeSlack;
let now = Date.parse('2026-11-23T06:00:00Z');
const bots: Bot[] = [];
const stores: Store[] = [];

describe.skipIf(!pgAvailable())(`digests with two replicas${pgAvailable() ? '' : ` (cannot run: ${pgProblem()})`}`, () => {
  beforeAll(async () => {
    stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 } });
    stack.emulator.data.insert('SD_Agents', { Title: dana.name, SD_Email: dana.email, SD_IsActive: true });
    stack.emulator.data.insert('SD_Tickets', {
      Title: 'Printer jams on floor 3', SD_Description: 'd', SD_Priority: 'High', SD_Status: 'New', SD_Category: 'Hardware',
      SD_SubmittedBy: 'alex@example.com', SD_SubmittedByName: 'Alex', SD_SubmittedByEmail: 'alex@example.com', SD_AssignedTo: '',
    }, { created: new Date('2026-11-20T10:00:00Z'), modified: new Date('2026-11-20T10:00:00Z') });
    connector = await startFakeConnector();
    connector.members.set(dana.id, { id: dana.id, name: dana.name, aadObjectId: dana.aadObjectId, email: dana.email });
    slack = await startFakeSlack();
    const url = await freshDatabase();
    for (let i = 0; i < 2; i++) {
      const store = await createPostgresStore({ url, features: featureMigrations(FEATURES) });
      stores.push(store);
      bots.push(await startBot({ stack, store, connector, slack, clock: () => now }));
    }
  });
  afterAll(async () => {
    for (const b of bots.splice(0)) await b.close();
    for (const s of stores.splice(0)) await s.close();
    await connector?.close();
    await slack?.close();
    await stack?.close();
  });

  it('sends one digest per channel per slot, whichever replica finds it due first', async () => {
    const [a, b] = bots;
    await a.poller.runOnce();
    await b.poller.runOnce();
    await a.sayInTeams('digest daily 09:00 Europe/Berlin');
    await b.digests.setSchedule({ platform: 'slack', id: 'CDESK', kind: 'channel' }, { cadence: 'daily', time: '09:00', zone: 'Europe/Berlin' }, dana.email);

    for (const minute of [0, 1, 2]) {
      now = Date.parse('2026-11-23T08:00:30Z') + minute * 60_000;
      await Promise.all([a.notifications.timers.tick(), b.notifications.timers.tick()]);
      await Promise.all([a.poller.runOnce(), b.poller.runOnce()]);
    }
    expect(teamsDigests(connector)).toHaveLength(1);
    expect(slackDigests(slack, 'CDESK')).toHaveLength(1);
    expect(JSON.stringify(teamsDigests(connector)[0])).toContain('Printer jams on floor 3');
  }, 60_000);
});

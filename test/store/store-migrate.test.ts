/** `npm run store:migrate`: an installation moves from SQLite to PostgreSQL without losing cards or notifying twice. */
import { spaceBindingsIn } from '../../src/features/spaces/space-table';
import { slaTableIn } from '../../src/features/sla/sla-table';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { featureMigrations, FEATURES } from '../../src/features';
import { createConversationPorts, createPostgresStore, createSqliteStore, type Store } from '../../src/store';
import { freshDatabase, pgAvailable, pgProblem } from '../support/postgres';

const run = promisify(execFile);
const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

async function migrateCli(dir: string, url: string): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/store-migrate.ts', '--to', url, '--from', dir], { cwd: path.resolve(__dirname, '../..') });
  return stdout;
}

describe.skipIf(!pgAvailable())(`store:migrate${pgAvailable() ? '' : ` (cannot run: ${pgProblem()})`}`, () => {
  it('copies subscriptions, references, addresses, cards, watermarks, states, delivered keys and preferences; a second run adds nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migrate-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const sqlite = createSqliteStore({ dataDir: dir });
    const teamsChannel = { platform: 'teams' as const, id: '19:abc@thread.tacv2', kind: 'channel' as const };
    const reference = { conversation: { id: '19:abc@thread.tacv2' }, serviceUrl: 'https://smba.example/' };
    await createConversationPorts(sqlite).subscribe(teamsChannel, { kind: 'category', value: 'Network' }, { email: 'dana@contoso.com', name: 'Dana' });
    await sqlite.saveConversation({ ...teamsChannel, reference });
    await sqlite.savePersonAddress({ platform: 'slack', email: 'alex@contoso.com', userId: 'U1', conversationId: 'D1' });
    await sqlite.savePostedMessage({ platform: 'teams', conversationId: teamsChannel.id, ticketId: 12, messageId: '1700000000123', etag: '"e,4"' });
    await sqlite.commitCycle({
      watermarks: { 'tickets.modified': '2026-11-22T10:00:00Z', 'comments.created': '2026-11-22T10:00:01Z' },
      states: [{ id: 12, status: 'Assigned', assignedTo: 'dana@contoso.com', priority: 'High', etag: '"e,4"', modified: '2026-11-22T09:59:00Z' }],
      processedKeys: ['comment:3:"c,1"'],
    });
    await sqlite.markDelivered('ticket:12:"e,4">teams:19:abc@thread.tacv2');
    await sqlite.setMuted('sam@contoso.com', true);
    await (await spaceBindingsIn(sqlite)).set('teams', teamsChannel.id, 'it', 'dana@contoso.com');
    // Two notifications still owed when the single bot stopped: one had failed once already.
    const owed = (key: string, text: string) => ({ key, lane: 'slack:C9', ticketId: 12, createdAt: '2026-11-22T10:00:02.000Z', payload: { kind: 'line', text } });
    await sqlite.commitCycleWithDeliveries({ watermarks: {}, states: [], processedKeys: [] }, [owed('k1', 'first'), owed('k2', 'second')]);
    expect(await sqlite.startDelivery('k1')).toBe(1);
    await sqlite.postponeDelivery('k1', 0, 'HTTP 503');
    await sqlite.close();

    const url = await freshDatabase();
    const first = await migrateCli(dir, url);
    expect(first).toMatch(/subscriptions\s+1 rows, 1 new/);
    expect(first).not.toContain('@127.0.0.1:'); // only the host is printed, never credentials in the URL
    const second = await migrateCli(dir, url);
    expect(second).toMatch(/subscriptions\s+1 rows, 0 new \(1 already there\)/);
    expect(second).toMatch(/delivered\s+2 rows, 0 new/);
    expect(first).toMatch(/outbox\s+2 rows, 2 new/);
    expect(second).toMatch(/outbox\s+2 rows, 0 new/);

    const store: Store = await createPostgresStore({ url, features: featureMigrations(FEATURES) });
    cleanup.push(() => store.close());
    expect((await store.allSubscriptions()).map((s) => s.filter)).toEqual([{ kind: 'category', value: 'Network' }]);
    expect((await store.getConversation('teams', teamsChannel.id))?.reference).toEqual(reference);
    expect(await store.personAddresses('alex@contoso.com')).toMatchObject([{ platform: 'slack', userId: 'U1', conversationId: 'D1' }]);
    expect(await store.findPostedMessage('teams', teamsChannel.id, '1700000000123')).toMatchObject({ ticketId: 12, etag: '"e,4"' });
    expect(await store.getWatermark('comments.created')).toBe('2026-11-22T10:00:01Z');
    expect((await store.getTicketStates([12])).get(12)).toMatchObject({ status: 'Assigned', modified: '2026-11-22T09:59:00Z' });
    expect(await store.deliveredAmong(['comment:3:"c,1"', 'ticket:12:"e,4">teams:19:abc@thread.tacv2', 'other'])).toEqual(new Set(['comment:3:"c,1"', 'ticket:12:"e,4">teams:19:abc@thread.tacv2']));
    expect(await store.mutedAmong(['sam@contoso.com', 'alex@contoso.com'])).toEqual(new Set(['sam@contoso.com']));
    expect((await (await spaceBindingsIn(store)).get('teams', teamsChannel.id))?.spaceId).toBe('it');
    // What was owed is owed here, in order, and free for a replica to claim (its second attempt).
    expect(await store.pendingDeliveryCount()).toBe(2);
    const [head] = await store.dueDeliveries(Date.now(), 10);
    expect([head.key, head.attempts, head.payload]).toEqual(['k1', 1, { kind: 'line', text: 'first' }]);
    expect(await store.startDelivery('k1')).toBe(2);
  });

  it('copies the SLA clocks: histories, due times, announced thresholds and the policy in force, so nothing is announced again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migrate-sla-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const sqlite = createSqliteStore({ dataDir: dir });
    const record = (id: number, dueAt: number | undefined, firstResponseAt?: number) => ({
      id, policy: 'p1', announced: ['firstResponse:warning:0.75'], title: `Ticket ${id}`, assignee: 'dana@contoso.com',
      history: { created: 1_700_000_000_000, observations: [{ at: 1_700_000_000_000, status: 'New', priority: 'Urgent' }], ...(firstResponseAt ? { firstResponseAt } : {}) },
      clocks: [{ kind: 'firstResponse' as const, state: 'warning' as const, at: 1_700_001_800_000 }],
      nextAt: 1_700_001_800_000, ...(dueAt !== undefined ? { dueAt } : {}),
    });
    await slaTableIn(sqlite).putSlaRecords([record(7, 1_700_001_800_000), record(8, 1_700_000_900_000), record(9, undefined, 1_700_000_100_000)]);
    await slaTableIn(sqlite).putSlaMeta('policy', 'p1');
    await slaTableIn(sqlite).putSlaMeta('scan', 'done');
    await sqlite.close();

    const url = await freshDatabase();
    const first = await migrateCli(dir, url);
    expect(first).toMatch(/sla_tickets\s+3 rows, 3 new/);
    expect(first).toMatch(/sla_meta\s+2 rows, 2 new/);
    expect(await migrateCli(dir, url)).toMatch(/sla_tickets\s+3 rows, 0 new/);

    const store: Store = await createPostgresStore({ url, features: featureMigrations(FEATURES) });
    cleanup.push(() => store.close());
    expect(await slaTableIn(store).getSlaMeta('policy')).toBe('p1');
    expect((await slaTableIn(store).slaRecords([7])).get(7)).toMatchObject({ announced: ['firstResponse:warning:0.75'], clocks: [{ state: 'warning' }], assignee: 'dana@contoso.com' });
    // `queue due` on PostgreSQL: nearest due first, the ticket without a running clock absent.
    expect(await slaTableIn(store).slaQueue(0, 10)).toEqual({ rows: [{ id: 8, dueAt: 1_700_000_900_000 }, { id: 7, dueAt: 1_700_001_800_000 }], total: 2 });
    expect((await slaTableIn(store).slaDueBefore(1_700_001_800_000, 10)).map((r) => r.id).sort()).toEqual([7, 8, 9]);
    expect((await slaTableIn(store).slaWithoutFirstResponse(0, 10)).map((r) => r.id)).toEqual([7, 8]);
  });
});

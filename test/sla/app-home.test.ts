/**
 * Slack App Home with SLA clocks on: an agent sees "Due soon", the tickets nearest their due time
 * first (breached first), each with its clock line, from the due times the store keeps; a
 * requester's App Home has no such section.
 */
import { slaTableIn } from '../../src/features/sla/sla-table';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPolicySource } from '../../src/features/sla/policy-source';
import { createLogger } from '../../src/log';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';
import { eventBody, slackFixture } from '../support/slack-request';
import { startTestHelpdesk, type TestHelpdesk } from '../slack/helpdesk';
import { PEOPLE, startSlackScene, type SlackScene } from '../slack/harness';
import { registryOf } from '../../src/commands/registry';
import { bindFeatures } from '../../src/features';
import { slaFeature } from '../../src/features/sla/sla-feature';
import { testHost } from '../support/feature-commands';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const MIN = 60_000;

describe('App Home: Due soon', () => {
  let hd: TestHelpdesk;
  let scene: SlackScene;
  let store: Store;
  let dir: string;
  const ids: number[] = [];

  beforeAll(async () => {
    hd = await startTestHelpdesk();
    dir = mkdtempSync(path.join(tmpdir(), 'sla-home-'));
    store = createSqliteStore({ dataDir: dir });
    writeFileSync(path.join(dir, 'sla.json'), JSON.stringify({ timeZone: 'UTC', hours: { mon: [['08:00', '17:00']] }, targets: { High: { firstResponse: '1h', resolution: '8h', calendar: '24/7' } } }));
    const slaPolicy = await openPolicySource(path.join(dir, 'sla.json'), { logger: createLogger({ level: 'error' }), priorities: hd.helpdesk.vocabulary.priorities });
    const host = { ...testHost(store, { slaPolicy, vocabulary: hd.helpdesk.vocabulary, now: () => new Date(NOW) }), db: await store.featureDatabase() };
    scene = await startSlackScene(hd.helpdesk, undefined, { notifications: createConversationPorts(store), commands: registryOf(bindFeatures([slaFeature], host)) });
    const sam = { email: PEOPLE.sam.email, name: PEOPLE.sam.name };
    for (const title of ['Later ticket', 'Breached ticket', 'Soon ticket']) ids.push((await hd.helpdesk.createTicket(sam, { title })).id);
    const record = (id: number, dueAt: number, state: 'running' | 'breached') => ({
      id, policy: 'p', announced: [], history: { created: NOW - 60 * MIN, observations: [{ at: NOW - 60 * MIN, status: 'New', priority: 'High' }] },
      dueAt, nextAt: dueAt, clocks: [{ kind: 'firstResponse' as const, state, at: dueAt }],
    });
    await slaTableIn(store).putSlaRecords([record(ids[0], NOW + 300 * MIN, 'running'), record(ids[1], NOW - 30 * MIN, 'breached'), record(ids[2], NOW + 20 * MIN, 'running')]);
  });
  afterAll(async () => {
    await scene?.close();
    await hd?.close();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function home(user: string, event: string): Promise<string> {
    scene.fake.clear();
    const envelope = slackFixture('event-app-home-opened');
    envelope.event_id = event;
    envelope.event.user = user;
    await scene.post(eventBody(envelope));
    return JSON.stringify((await scene.fake.waitFor('views.publish')).body.view.blocks);
  }

  it('an agent sees the tickets due soonest, breached first, each with its clock line', async () => {
    const blocks = await home(PEOPLE.dana.id, 'Ev-home-sla-dana');
    const section = blocks.slice(blocks.indexOf('Due soon (SLA)'));
    expect(blocks).toContain('Due soon (SLA)');
    const order = ['Breached ticket', 'Soon ticket', 'Later ticket'].map((t) => section.indexOf(t));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(section).toContain(`:red_circle: First response breached at <!date^${(NOW - 30 * MIN) / 1000}^`);
    expect(section).toContain(`:large_green_circle: First response due <!date^${(NOW + 20 * MIN) / 1000}^`);
  });

  it('a requester has no Due soon section and sees no clock', async () => {
    const blocks = await home(PEOPLE.sam.id, 'Ev-home-sla-sam');
    expect(blocks).toContain('Soon ticket');
    expect(blocks).not.toContain('Due soon');
    expect(blocks).not.toMatch(/First response|_circle:/);
  });
});

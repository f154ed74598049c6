/**
 * `report` typed to the bot in Slack over the fixture desk (desk.ts): the answer draws two charts
 * and shows the rest as a table or lines; a workspace that refuses the chart block
 * (`invalid_blocks`, played by the fake Slack) gets the same report with every chart as its numbers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FEATURES, featureMigrations } from '../../../src/features';
import { createConversationPorts, createSqliteStore, type Store } from '../../../src/store';
import { featureCommands } from '../../support/feature-commands';
import { startSeededHelpdesk, type SeededHelpdesk } from '../../support/seeded-helpdesk';
import { eventBody, slackFixture } from '../../support/slack-request';
import type { SlackCall } from '../../support/fake-slack';
import { AGENTS, PEOPLE, startSlackScene, type SlackScene } from '../../slack/harness';
import { NOW, seedDesk } from './desk';

const DM = 'D0LAN2Q65';
const dir = mkdtempSync(path.join(tmpdir(), 'reports-slack-'));
let store: Store;
let desk: SeededHelpdesk;
let scene: SlackScene;
let n = 0;

beforeAll(async () => {
  store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
  await seedDesk(store);
  desk = await startSeededHelpdesk(AGENTS);
  scene = await startSlackScene(desk, undefined, { notifications: createConversationPorts(store), commands: await featureCommands(store, { now: () => new Date(NOW) }) });
}, 60_000);
afterAll(async () => {
  await scene?.close();
  await desk?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  scene.fake.clear();
  scene.fake.fault = undefined;
});

/** Dana types `text` in her DM with the bot; resolves with the message the fake took. */
async function typed(text: string): Promise<SlackCall> {
  n++;
  const envelope = slackFixture('event-message-im');
  envelope.event = { ...envelope.event, user: PEOPLE.dana.id, text, channel: DM, ts: `1732280400.${String(n).padStart(6, '0')}`, client_msg_id: `report-${n}` };
  envelope.event_id = `Ev-report-${n}`;
  await scene.post(eventBody(envelope));
  return scene.fake.waitFor('chat.postMessage', (c) => c.fault === undefined && c.body.channel === DM, 15_000);
}

const kinds = (c: SlackCall) => (c.body.blocks as { type: string }[]).map((b) => b.type);

describe('report in Slack', () => {
  it('draws two charts and shows the other parts as a table and lines', async () => {
    const posted = await typed('report 7 days');
    expect(kinds(posted).filter((k) => k === 'data_visualization')).toHaveLength(2);
    expect(kinds(posted).filter((k) => k === 'table')).toHaveLength(1);
    const all = JSON.stringify(posted.body.blocks);
    expect(all).toContain('Volume: 8 opened, 3 resolved');
    expect(all).toContain('*New:* 3');
    expect(all).toContain('Unassigned');
  });

  it('comes back as the table form when Slack refuses the chart block with invalid_blocks', async () => {
    scene.fake.fault = (method, body) =>
      method === 'chat.postMessage' && JSON.stringify(body.blocks ?? []).includes('data_visualization') ? { kind: 'error', error: 'invalid_blocks' } : undefined;
    const posted = await typed('report 7 days');
    // The refused message had charts; the one that went holds none, and every number is there.
    expect(scene.fake.callsTo('chat.postMessage').filter((c) => c.fault === 'error')).toHaveLength(1);
    expect(kinds(posted)).not.toContain('data_visualization');
    const all = JSON.stringify(posted.body.blocks);
    expect(all).toContain('Opened and resolved per day');
    expect(all).toContain('*Mon, Mar 9:* 2 opened · 2 resolved');
    expect(all).toContain('*3–7 days:* 2');
    expect(all).toContain('*New:* 3');
    expect(all).toContain('*Average:* 3.5/5 from 4 ratings');
    expect(all).toContain('*4:* 2');
    // Nothing else was tried, and the person was not told to try again.
    expect(scene.fake.callsTo('chat.postMessage')).toHaveLength(2);
  });
});

/**
 * `digest` typed in a Slack channel, through the real server, Bolt and the fake Slack: the schedule
 * is stored for that channel and `subscriptions` shows it; a day Slack users might mistype is
 * answered with the fix (the digests themselves are posted in test/routines/digests.test.ts); and
 * `notifications` as a slash command opens its form as a modal at once.
 */
import { digestSchedulesIn } from '../../src/features/digests/digest-table';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { featureCommands } from '../support/feature-commands';
import { createLogger } from '../../src/log';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';
import { startSeededHelpdesk, type SeededHelpdesk } from '../support/seeded-helpdesk';
import { slashBody } from '../support/slack-request';
import { AGENTS, PEOPLE, slash, startSlackScene, type SlackScene } from './harness';

let desk: SeededHelpdesk;
let scene: SlackScene;
let store: Store;
const CHANNEL = 'C2147483705';

beforeAll(async () => {
  store = createSqliteStore({ file: ':memory:' });
  desk = await startSeededHelpdesk(AGENTS);
  const logger = createLogger({ level: 'error', write: () => undefined });
  const commands = await featureCommands(store, { vocabulary: desk.vocabulary, logger });
  scene = await startSlackScene(desk, undefined, { notifications: createConversationPorts(store), commands });
}, 30_000);
afterAll(async () => {
  await scene?.close();
  await desk?.close();
  await store?.close();
});
beforeEach(() => scene.fake.clear());

/** What the bot answered to a slash command, as text: privately through its response_url, or in the channel for all. */
async function typed(text: string, id: string): Promise<string> {
  scene.fake.clear();
  await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, text, id)));
  const answer = await Promise.any([
    scene.fake.waitFor('response_url', (c) => c.responseId === id),
    scene.fake.waitFor('chat.postMessage', (c) => c.body.channel === CHANNEL),
  ]);
  return JSON.stringify(answer.body);
}

describe('Slack: digest typed in a channel', () => {
  it('stores the schedule for the channel, shows it in subscriptions, and answers a mistyped day naming the days it knows', async () => {
    expect(await typed('digest weekly mon 09:00 Europe/Berlin', 'set')).toMatch(/every Monday at 09:00 \(Europe\/Berlin\)/);
    expect(await digestSchedulesIn(store).get('slack', CHANNEL)).toMatchObject({ spec: { cadence: 'weekly', weekday: 1, time: '09:00', zone: 'Europe/Berlin' } });
    expect(await typed('subscriptions', 'subs')).toMatch(/Digest: every Monday at 09:00 \(Europe\/Berlin\)/);
    const wrong = await typed('digest weekly funday 09:00', 'bad');
    expect(wrong).toMatch(/funday/);
    expect(wrong).toMatch(/mon/);
    expect(await typed('subscriptions', 'still')).toMatch(/every Monday at 09:00/);
    await typed('digest off', 'off');
    expect(await digestSchedulesIn(store).get('slack', CHANNEL)).toBeUndefined();
    expect(await typed('subscriptions', 'none')).not.toMatch(/every Monday/);
  });
});

describe('Slack: digest now typed in a channel', () => {
  it('answers with the digest itself, for the whole channel, as one message', async () => {
    scene.fake.clear();
    await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, 'digest now', 'now')));
    const answer = await Promise.any([
      scene.fake.waitFor('response_url', (c) => c.responseId === 'now'),
      scene.fake.waitFor('chat.postMessage', (c) => c.body.channel === CHANNEL),
    ]);
    const body = answer.body as { text?: string; blocks?: unknown[]; response_type?: string };
    expect(JSON.stringify(body.blocks)).toContain('Help-desk digest (on request)');
    expect(body.response_type ?? 'in_channel').toBe('in_channel');
    const said = [...scene.fake.callsTo('response_url'), ...scene.fake.callsTo('chat.postMessage'), ...scene.fake.callsTo('chat.postEphemeral')];
    expect(said).toHaveLength(1);
  });
});

describe('Slack: notifications typed as a slash command', () => {
  it('opens the preferences form as a modal at once, not a message with a button', async () => {
    scene.fake.clear();
    await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, 'notifications', 'prefs')));
    await scene.fake.waitFor('views.open');
    const update = await scene.fake.waitFor('views.update');
    const modal = JSON.stringify(update.body);
    expect(modal).toContain('"callback_id":"helpdesk_form"');
    expect(modal).toMatch(/quietStart/);
    expect(scene.fake.callsTo('response_url').map((c) => JSON.stringify(c.body)).join('')).not.toMatch(/My notifications/);
  });
});

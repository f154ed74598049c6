/**
 * Notification preferences end to end on Slack: the real Slack channel and the fake Web API, the
 * embedded site, the notifier with a pinned clock. Sam (whose Slack says America/New_York) saves
 * the form: no public comments, quiet hours 22:00–07:00. A comment is not DMed, a status change
 * is; changes at night are held and come as one DM at 07:00; an SLA warning to an assignee in her
 * quiet hours is not held.
 */
import { FEATURES, featureMigrations } from '../../src/features';
import { preferencesIn } from '../../src/features/preferences/preference-table';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlackChannel, type SlackChannel } from '../../src/channels/slack';
import { createSlackDelivery, slackConversationHook } from '../../src/channels/slack/notify-delivery';
import { createChangeFeed } from '../../src/helpdesk/changes';
import { createNotifications, type Notifications, type Poller } from '../../src/notify';
import { createServer, type Server } from '../../src/server';
import { openPolicySource } from '../../src/features/sla/policy-source';
import { createSqliteStore, type Store } from '../../src/store';
import { boundFeatures } from '../support/feature-commands';
import { registryOf } from '../../src/commands/registry';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { createSlackPoster, eventBody, interactiveBody, slackFixture } from '../support/slack-request';
import { logger } from './harness';

const SECRET = 'preferences-signing-secret';
const sam = { id: 'USAM0001', name: 'Sam Requester', email: 'sam@example.com', tz: 'America/New_York' };
const dana = { id: 'UDANA001', name: 'Dana Agent', email: 'dana@example.com' };
const POLICY = { timeZone: 'UTC', hours: { mon: [['08:00', '17:00']] }, targets: { Urgent: { firstResponse: '30m', resolution: '1d', calendar: '24/7' } }, warnAt: [0.5] };

let stack: HelpdeskStack;
let store: Store;
let dir: string;
let fake: FakeSlack;
let channel: SlackChannel;
let server: Server;
let notifications: Notifications;
let poller: Poller;
let post: ReturnType<typeof createSlackPoster>;
let now = Date.parse('2026-11-23T15:00:00Z');

beforeEach(async () => {
  stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 } });
  stack.emulator.data.insert('SD_Agents', { Title: dana.name, SD_Email: dana.email, SD_IsActive: true });
  dir = mkdtempSync(path.join(tmpdir(), 'prefs-slack-'));
  writeFileSync(path.join(dir, 'sla.json'), JSON.stringify(POLICY));
  store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
  const sla = await openPolicySource(path.join(dir, 'sla.json'), { logger, priorities: stack.helpdesk.vocabulary.priorities });
  const feed = createChangeFeed(stack.graph, stack.settings);
  const features = await boundFeatures(store, { graph: stack.graph, helpdesk: stack.helpdesk, feed, slaPolicy: sla, vocabulary: stack.helpdesk.vocabulary, now: () => new Date(now) });
  notifications = createNotifications({ store, feed, helpdesk: stack.helpdesk, vocabulary: stack.helpdesk.vocabulary, logger, pollSeconds: 15, now: () => new Date(now), features });
  fake = await startFakeSlack({ users: [sam, dana] });
  channel = createSlackChannel({
    settings: { botToken: fake.token, signingSecret: SECRET, apiUrl: fake.apiUrl },
    helpdesk: notifications.helpdesk,
    notifications: notifications.ports,
    commands: registryOf(features),
    logger,
    hooks: { onConversation: slackConversationHook(store) },
  });
  await channel.start();
  server = createServer({ port: 0, teams: { handle: async (_q, r) => void r.send(404) }, slack: { requestListener: channel.requestListener! }, health: async () => ({ ok: true }), logger, allowUnauthenticated: true });
  const { host, port } = await server.listen();
  post = createSlackPoster(`http://${host}:${port}/slack/events`, SECRET);
  poller = notifications.attach([createSlackDelivery({ client: channel.client, store, logger, minIntervalMs: 0 })]);
});
afterEach(async () => {
  await poller.stop();
  await server.close();
  await channel.stop();
  await fake.close();
  await store.close();
  await stack.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The DMs the bot sent to a person's Slack DM channel (conversations.open gives D + the id without U). */
const dmsTo = (userId: string) => fake.callsTo('chat.postMessage').filter((c) => c.body.channel === `D${userId.replace(/^U/, '')}`).map((c) => String(c.body.text));

/** A poll cycle at `at` (after the digest and held-DM check), and every send it owed. */
async function at(iso: string): Promise<void> {
  now = Date.parse(iso);
  await notifications.timers.tick();
  await poller.runOnce();
}

describe('notification preferences on Slack', () => {
  it('mutes a kind, holds DMs in quiet hours and sends them merged at the end, and never holds an SLA warning', async () => {
    await poller.runOnce(); // first start

    // Sam types `notifications` to the bot: the form is offered, and Slack's users.info gave his zone.
    const f = slackFixture<Record<string, any>>('event-message-im');
    const event = { ...f.event, user: sam.id, channel: 'DSAM0001', text: 'notifications', ts: '1732280600.000001', event_ts: '1732280600.000001', channel_type: 'im', client_msg_id: 'm1' };
    expect((await post(eventBody({ ...f, event, event_id: 'EvPrefs1' }))).status).toBe(200);
    await expect.poll(() => store.personZone(sam.email)).toBe('America/New_York');
    await expect.poll(() => JSON.stringify(fake.callsTo('chat.postMessage').map((c) => c.body))).toContain('Open: My notifications');

    // Sam submits the form: status changes and resolution, no public comments, quiet 22:00–07:00.
    const payload = slackFixture('view-submission');
    payload.user.id = sam.id;
    payload.view.private_metadata = JSON.stringify({ verb: 'notify.preferenceSave', form: 'notifications' });
    const box = (on: boolean) => ({ value: { type: 'checkboxes', selected_options: on ? [{ value: 'true' }] : [] } });
    payload.view.state.values = {
      status: box(true), comments: box(false), resolution: box(true),
      quietStart: { value: { type: 'plain_text_input', value: '22:00' } },
      quietEnd: { value: { type: 'plain_text_input', value: '7:00' } },
    };
    const res = await post(interactiveBody(payload));
    expect(res.status).toBe(200);
    const said = () => JSON.stringify([res.text, fake.callsTo('chat.postMessage').map((c) => c.body), fake.callsTo('chat.postEphemeral').map((c) => c.body), fake.callsTo('views.update').map((c) => c.body)]);
    await expect.poll(said).toContain('Quiet hours 22:00–07:00 overnight (America/New_York)');
    expect(await store.personZone(sam.email)).toBe('America/New_York');
    await store.savePersonAddress({ platform: 'slack', email: dana.email, userId: dana.id });
    // Dana's own quiet hours (in HELPDESK_TIME_ZONE, UTC: her client never said) cover the SLA warning.
    await preferencesIn(store).setDmPreferences(dana.email, { status: true, comments: true, resolution: true, quietStart: '15:10', quietEnd: '15:40' });

    stack.emulator.data.insert('SD_Tickets', {
      Title: 'Scanner offline', SD_Description: 'd', SD_Priority: 'Urgent', SD_Status: 'New', SD_Category: 'Hardware',
      SD_SubmittedBy: sam.email, SD_SubmittedByName: sam.name, SD_SubmittedByEmail: sam.email, SD_AssignedTo: dana.email,
    }, { created: new Date('2026-11-23T15:00:00Z'), modified: new Date('2026-11-23T15:00:00Z') });
    await at('2026-11-23T15:01:00Z');
    expect(dmsTo(dana.id).filter((t) => /assigned to you/i.test(t))).toHaveLength(1);

    // 15:16: half the first-response target is gone. Dana is in quiet hours, and still warned at once.
    await at('2026-11-23T15:16:00Z');
    expect(dmsTo(dana.id).filter((t) => /SLA/.test(t))).toHaveLength(1);

    // 11:00 in New York: a public comment is not DMed to Sam (muted kind), a status change is.
    const id = 1;
    await stack.helpdesk.addComment({ email: dana.email, name: dana.name }, id, 'Checking the cable now');
    await at('2026-11-23T16:00:00Z');
    expect(dmsTo(sam.id).filter((t) => /#1/.test(t))).toEqual([]);
    await stack.helpdesk.setStatus({ email: dana.email, name: dana.name }, id, 'In Progress');
    await at('2026-11-23T16:30:00Z');
    expect(dmsTo(sam.id).filter((t) => /#1/.test(t))).toHaveLength(1);
    expect(dmsTo(sam.id).filter((t) => /#1/.test(t))[0]).toMatch(/In Progress/);

    // 23:00 and 23:30 in New York: a status change and the resolution are held.
    await stack.helpdesk.setStatus({ email: dana.email, name: dana.name }, id, 'Waiting');
    await at('2026-11-24T04:00:00Z');
    await stack.helpdesk.resolve({ email: dana.email, name: dana.name }, id, 'Replaced the cable');
    await at('2026-11-24T04:30:00Z');
    await at('2026-11-24T11:59:00Z');
    expect(dmsTo(sam.id).filter((t) => /#1/.test(t))).toHaveLength(1);

    // 07:00 in New York: one DM about the ticket, with both changes, once.
    await at('2026-11-24T12:00:30Z');
    await at('2026-11-24T12:01:00Z');
    const sent = dmsTo(sam.id).filter((t) => /#1/.test(t));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/Waiting/);
    expect(sent[1]).toMatch(/Replaced the cable/);
  }, 60_000);
});

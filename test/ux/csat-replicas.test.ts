/**
 * Two replicas on one PostgreSQL database, both polling when a ticket is resolved in the portal and
 * both draining: the requester gets one survey DM, and the store holds one survey.
 */
import { boundFeatures, surveysOf } from '../support/feature-commands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlackChannel, type SlackChannel } from '../../src/channels/slack';
import { createSlackDelivery, slackConversationHook } from '../../src/channels/slack/notify-delivery';
import { createChangeFeed } from '../../src/helpdesk/changes';
import { createLogger } from '../../src/log';
import { createNotifications, type Notifications, type Poller } from '../../src/notify';
import { createServer, type Server } from '../../src/server';
import { createPostgresStore, type Store } from '../../src/store';
import { FEATURES, featureMigrations } from '../../src/features';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { freshDatabase, pgAvailable, pgProblem } from '../support/postgres';
import { createSlackPoster, slackFixture, slashBody } from '../support/slack-request';

const SECRET = 'csat-replicas-secret';
const sam = { id: 'USAM0001', name: 'Sam Requester', email: 'sam@example.com' };
const dana = { id: 'UDANA001', name: 'Dana Agent', email: 'dana@example.com' };
const SAM_DM = 'D0SAM';
const logger = createLogger({ level: 'error', write: () => undefined });

let stack: HelpdeskStack;
let fake: FakeSlack;
let channel: SlackChannel;
let server: Server;
const stores: Store[] = [];
const replicas: { notifications: Notifications; poller: Poller }[] = [];

describe.skipIf(!pgAvailable())(`satisfaction surveys with two replicas${pgAvailable() ? '' : ` (cannot run: ${pgProblem()})`}`, () => {
  beforeAll(async () => {
    stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 } });
    stack.emulator.data.insert('SD_Agents', { Title: dana.name, SD_Email: dana.email, SD_IsActive: true });
    fake = await startFakeSlack({ users: [sam, dana] });
    const url = await freshDatabase();
    for (let i = 0; i < 2; i++) {
      const store = await createPostgresStore({ url, features: featureMigrations(FEATURES) });
      stores.push(store);
      const feed = createChangeFeed(stack.graph, stack.settings);
      const features = await boundFeatures(store, { helpdesk: stack.helpdesk, feed, vocabulary: stack.helpdesk.vocabulary, settings: { csat: { enabled: true, scale: 'five' } } });
      const notifications = createNotifications({ store, feed, helpdesk: stack.helpdesk, vocabulary: stack.helpdesk.vocabulary, logger, pollSeconds: 15, features });
      if (i === 0) {
        // Sam reaches the bot through the first replica once, so both know his DM.
        channel = createSlackChannel({ settings: { botToken: fake.token, signingSecret: SECRET, apiUrl: fake.apiUrl }, helpdesk: notifications.helpdesk, notifications: notifications.ports, logger, hooks: { onConversation: slackConversationHook(store) } });
        await channel.start();
        server = createServer({ port: 0, teams: { handle: async (_q, r) => void r.send(404) }, slack: { requestListener: channel.requestListener! }, health: async () => ({ ok: true }), logger, allowUnauthenticated: true });
      }
      replicas.push({ notifications, poller: notifications.attach([createSlackDelivery({ client: channel.client, store, logger, minIntervalMs: 0 })]) });
    }
  });
  afterAll(async () => {
    for (const r of replicas.splice(0)) await r.poller.stop();
    await server?.close();
    await channel?.stop();
    for (const s of stores.splice(0)) await s.close();
    await fake?.close();
    await stack?.close();
  });

  it('sends one survey for a resolution both replicas see', async () => {
    const { host, port } = await server.listen();
    const post = createSlackPoster(`http://${host}:${port}/slack/events`, SECRET);
    await post(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: sam.id, channel_id: SAM_DM, text: 'mine', response_url: fake.responseUrl('mine') }));
    const [a, b] = replicas;
    await Promise.all([a.poller.runOnce(), b.poller.runOnce()]);
    const ticket = await stack.helpdesk.createTicket({ email: sam.email, name: sam.name }, { title: 'Wi-Fi drops' });
    await Promise.all([a.poller.runOnce(), b.poller.runOnce()]);

    const earlier = fake.callsTo('chat.postMessage').length;
    // Resolved in the portal: both replicas find the change in the same round.
    stack.emulator.data.update('SD_Tickets', String(ticket.id), { SD_Status: 'Resolved', SD_AssignedTo: dana.email });
    for (let round = 0; round < 3; round++) await Promise.all([a.poller.runOnce(), b.poller.runOnce()]);

    const surveys = fake.callsTo('chat.postMessage').filter((c) => c.body.channel === SAM_DM && /How did we do/.test(String(c.body.text)));
    expect(surveys).toHaveLength(1);
    // One message for the event: the resolution and its survey together, nothing else to Sam.
    expect(fake.callsTo('chat.postMessage').slice(earlier).filter((c) => c.body.channel === SAM_DM)).toHaveLength(1);
    expect(String(surveys[0].body.text)).toMatch(/resolved/);
    expect(JSON.stringify(surveys[0].body)).toContain(`#${ticket.id}`);
    expect(await surveysOf(stores[0]).sentSince('2000-01-01T00:00:00Z')).toHaveLength(1);
  }, 60_000);
});

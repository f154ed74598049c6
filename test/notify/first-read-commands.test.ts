/**
 * Issue 27.1: the bot answers commands while its first start reads a large list. A slowed
 * stand-in (every Graph request waits) serves several pages; the first read is held after its
 * first page until the command has been answered, so the order is certain, not a race.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlackChannel, type SlackChannel } from '../../src/channels/slack';
import { createSlackDelivery } from '../../src/channels/slack/notify-delivery';
import { createChangeFeed, FULL_READ_PAGE, type ChangeFeed } from '../../src/helpdesk/changes';
import { createLogger } from '../../src/log';
import { createNotifications, type Poller } from '../../src/notify';
import { createServer, type Server } from '../../src/server';
import { createSqliteStore, type Store } from '../../src/store';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { createSlackPoster, slackFixture, slashBody } from '../support/slack-request';
import { ticketRow } from './emulator-setup';

const SECRET = 'first-read-signing-secret';
const sam = { id: 'USAM0001', name: 'Sam Requester', email: 'sam@example.com' };
const PAGES = 3;

let stack: HelpdeskStack;
let store: Store;
let dir: string;
let fake: FakeSlack;
let channel: SlackChannel;
let server: Server;
let poller: Poller;
let post: ReturnType<typeof createSlackPoster>;
let release: () => void;
let firstPageRead: Promise<void>;

beforeEach(async () => {
  stack = await startHelpdeskStack({ seed: 'none' });
  stack.emulator.data.bulkInsert('SD_Tickets', Array.from({ length: PAGES * FULL_READ_PAGE }, (_, i) => ticketRow(i, { SD_SubmittedByEmail: i % 100 ? 'other@example.com' : sam.email })));
  stack.emulator.setLatency(50);
  dir = mkdtempSync(path.join(tmpdir(), 'first-read-'));
  store = createSqliteStore({ dataDir: dir });
  const logger = createLogger({ level: 'error', write: () => undefined });
  const real = createChangeFeed(stack.graph, stack.settings);
  const held = new Promise<void>((resolve) => (release = resolve));
  let pageRead!: () => void;
  firstPageRead = new Promise((resolve) => (pageRead = resolve));
  // The real read over HTTP, held once its first page is in until the test lets it go on.
  const feed: ChangeFeed & typeof real = {
    ...real,
    async *allTickets() {
      let n = 0;
      for await (const t of real.allTickets!()) {
        if (++n === FULL_READ_PAGE + 1) {
          pageRead();
          await held;
        }
        yield t;
      }
    },
  };
  const notifications = createNotifications({ store, feed, helpdesk: stack.helpdesk, vocabulary: stack.helpdesk.vocabulary, logger, pollSeconds: 3600 });
  fake = await startFakeSlack({ users: [sam] });
  channel = createSlackChannel({ settings: { botToken: fake.token, signingSecret: SECRET, apiUrl: fake.apiUrl }, helpdesk: notifications.helpdesk, notifications: notifications.ports, logger });
  await channel.start();
  server = createServer({ port: 0, teams: { handle: async (_q, r) => void r.send(404) }, slack: { requestListener: channel.requestListener! }, health: async () => ({ ok: true }), logger, allowUnauthenticated: true });
  const { host, port } = await server.listen();
  post = createSlackPoster(`http://${host}:${port}/slack/events`, SECRET);
  poller = notifications.attach([createSlackDelivery({ client: channel.client, store, logger, minIntervalMs: 0 })]);
});
afterEach(async () => {
  release();
  await poller.stop();
  await server.close();
  await channel.stop();
  await fake.close();
  await store.close();
  await stack.close();
  rmSync(dir, { recursive: true, force: true });
});

const slash = (text: string, id: string) =>
  post(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: sam.id, channel_id: 'D0SAM', text, response_url: fake.responseUrl(id) }));

describe('commands during the first read', () => {
  it('a Slack command is answered while the first start is still reading the list', async () => {
    let firstDone = false;
    const first = poller.runOnce().then((r) => ((firstDone = true), r));
    await firstPageRead;

    expect((await slash('mine', 'during')).status).toBe(200);
    const answer = await fake.waitFor('response_url', (c) => c.responseId === 'during');
    expect(JSON.stringify(answer.body)).toMatch(/Ticket \d*00\b/);
    expect(firstDone).toBe(false);
    expect(poller.status().cycles).toBe(0);

    release();
    expect((await first).firstStart).toBe(true);
    expect(stack.emulator.counters.get('GET SD_Tickets/items')).toBeGreaterThanOrEqual(PAGES + 1);
  }, 60_000);
});

/**
 * Two bot processes on one PostgreSQL database, behind the Graph (embedded site), Slack and Bot
 * Connector stand-ins: both answer commands, only one polls, and when it is SIGKILLed the other
 * takes over; every notification reaches the channel exactly once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplicas, type BotProcess, type Replicas } from '../support/bot-process';
import { startFakeConnector, type FakeConnector } from '../support/fake-connector';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { freshDatabase, pgAvailable, pgProblem } from '../support/postgres';
import { until } from '../support/until';
import { createSlackPoster, slackFixture, slashBody } from '../support/slack-request';

const SECRET = 'replicas-signing-secret';
const sam = { id: 'USAM0001', name: 'Sam Requester', email: 'sam@example.com' };
const dana = { id: 'UDANA001', name: 'Dana Agent', email: 'dana@example.com' };
const DESK = 'CDESK0001';
const POLL_SECONDS = 1;

let stack: HelpdeskStack;
let slack: FakeSlack;
let connector: FakeConnector;
let replicas: Replicas | undefined;
let bots: BotProcess[] = [];

/** Graph requests other than token and metadata: the poller's reads. */
const graphReads = () => Object.entries(stack.emulator.counters.all()).filter(([k]) => !/token|openid|keys/.test(k)).reduce((n, [, v]) => n + v, 0);
const cardsFor = (title: string) => slack.callsTo('chat.postMessage').filter((c) => c.body.channel === DESK && !c.body.thread_ts && String(c.body.text).includes(title));

describe.skipIf(!pgAvailable())(`two replicas on one database${pgAvailable() ? '' : ` (cannot run: ${pgProblem()})`}`, () => {
  beforeAll(async () => {
    stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 } });
    stack.emulator.data.insert('SD_Agents', { Title: dana.name, SD_Email: dana.email, SD_IsActive: true });
    slack = await startFakeSlack({ users: [sam, dana] });
    connector = await startFakeConnector();
    replicas = await startReplicas(stack.emulator, slack, { databaseUrl: await freshDatabase(), signingSecret: SECRET, pollSeconds: POLL_SECONDS, dirPrefix: 'replica' });
    bots = replicas.bots;
  }, 120_000);

  afterAll(async () => {
    await replicas?.stop();
    await connector?.close();
    await slack?.close();
    await stack?.close();
  });

  it('both answer Teams and Slack; one polls at two Graph requests per cycle; after SIGKILL the other takes over and nothing is lost or repeated', async () => {
    // Both replicas answer commands.
    const activity = JSON.parse(readFileSync(path.join(__dirname, '../fixtures/teams/message-personal.json'), 'utf8'));
    connector.members.set(activity.from.id, { id: activity.from.id, name: 'Alex Wilber', email: 'alexw@example.com', aadObjectId: activity.from.aadObjectId });
    for (const [i, bot] of bots.entries()) {
      const id = `replica-${i}-${Date.now()}`;
      const res = await fetch(`${bot.base}/api/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...activity, id, text: 'help', serviceUrl: connector.url }) });
      expect(res.status).toBeLessThan(300);
      await connector.waitFor((a) => a.replyToId === id);
    }
    const slash = (bot: BotProcess, text: string) =>
      createSlackPoster(`${bot.base}/slack/events`, SECRET)(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: dana.id, channel_id: DESK, text, response_url: slack.responseUrl(text) }));
    expect((await slash(bots[1], 'subscribe all')).status).toBe(200);
    await slack.waitFor('chat.postMessage', (c) => c.body.channel === DESK);

    // Exactly one polls; the Graph reads are two per cycle of that one.
    await until(async () => {
      const hs = await Promise.all(bots.map((b) => b.health()));
      return hs.filter((h) => h.polling).length === 1 && hs.some((h) => h.polling && h.cycles >= 2);
    }, 'one replica polling');
    const before = await Promise.all(bots.map((b) => b.health()));
    const readsBefore = graphReads();
    const holder = before.findIndex((h) => h.polling);
    await until(async () => (await bots[holder].health()).cycles >= before[holder].cycles + 4, 'four more cycles');
    const after = await Promise.all(bots.map((b) => b.health()));
    const cycles = after[holder].cycles - before[holder].cycles;
    const reads = graphReads() - readsBefore;
    expect(after[1 - holder].polling).toBe(false);
    expect(after[1 - holder].cycles).toBe(before[1 - holder].cycles);
    // One cycle may be in flight at either end of the window.
    expect(reads).toBeGreaterThanOrEqual(2 * (cycles - 1));
    expect(reads).toBeLessThanOrEqual(2 * (cycles + 1));

    // A ticket while the first poller lives: one card.
    const sa = { email: sam.email, name: sam.name };
    await stack.helpdesk.createTicket(sa, { title: 'Before the kill' });
    await until(async () => cardsFor('Before the kill').length > 0, 'card before the kill');
    const committed = (await bots[holder].health()).cycles;
    await until(async () => (await bots[holder].health()).cycles >= committed + 1, 'that cycle committed');

    // SIGKILL the poller; tickets keep coming.
    bots[holder].child.kill('SIGKILL');
    await bots[holder].exited;
    await stack.helpdesk.createTicket(sa, { title: 'Right after the kill' });
    const survivor = bots[1 - holder];
    // How fast is a figure (bench/replicas.ts); here it must simply happen.
    await until(async () => (await survivor.health()).polling, 'the other replica polls');
    await until(async () => cardsFor('Right after the kill').length > 0, 'card after the kill');
    await stack.helpdesk.createTicket(sa, { title: 'Later on' });
    await until(async () => cardsFor('Later on').length > 0, 'card later on');
    // A few more cycles re-read the overlap window: still once each.
    const c = (await survivor.health()).cycles;
    await until(async () => (await survivor.health()).cycles >= c + 3, 'three more cycles');
    for (const title of ['Before the kill', 'Right after the kill', 'Later on']) expect(cardsFor(title)).toHaveLength(1);
    // The survivor still answers commands.
    expect((await slash(survivor, 'subscriptions')).status).toBe(200);
  }, 120_000);
});

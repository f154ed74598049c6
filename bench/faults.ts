/**
 * Fault matrix for the notification path: fault × platform × {lost, repeated, process died}.
 * Each in-process row runs the real poller, outbox and Slack/Teams deliveries against the
 * emulator and the loopback Slack / Bot Connector stand-ins with the fault injected, on a driven
 * delivery clock (one cycle = 15 s of retry time, so a 30-minute outage takes seconds), until nothing is owed. The
 * kill -9 rows run the real bot as a child process, SIGKILL it at the named point and restart it.
 * Every conversation's messages are then compared with what was due: 5 tickets created, then
 * each one's status changed (Slack: 5 cards, 5 thread lines, 5 requester DMs; Teams: 5 cards,
 * 5 thread lines). Run: npx tsx bench/faults.ts [--quick | --smoke]   (--quick: no kill -9 rows;
 * --smoke: one in-process row per platform)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { webApi } from '@slack/bolt';
import { createSlackDelivery } from '../src/channels/slack/notify-delivery';
import { createTeamsChannel } from '../src/channels/teams';
import { createTeamsDelivery } from '../src/channels/teams/notify-delivery';
import { startEmulator } from '../src/emulator';
import { createChangeFeed } from '../src/helpdesk/changes';
import { createLogger } from '../src/log';
import { createDeliverer, createPoller, createSendQueue } from '../src/notify';
import { createConversationPorts, createSqliteStore } from '../src/store';
import { createBotWorld, SLACK_CHANNEL, TEAMS_CHANNEL, until, type BotWorld } from '../test/notify/bot-process';
import { graphFor, ticketRow, vocabulary } from '../test/notify/emulator-setup';
import { startFakeConnector, type ConnectorFault, type FakeConnector } from '../test/support/fake-connector';
import { noHelpdesk } from '../test/support/no-helpdesk';
import { startFakeSlack, type FakeSlack, type SlackFault } from '../test/support/fake-slack';
import { SMOKE } from './support/smoke';

const QUICK = process.argv.includes('--quick');
const TICKETS = 5;
const quiet = createLogger({ level: 'error', write: () => undefined });
let unhandled = 0;
process.on('unhandledRejection', () => void (unhandled += 1));
process.on('uncaughtException', () => void (unhandled += 1));

interface Row { fault: string; platform: 'slack' | 'teams'; lost: number; repeated: number; died: number; note?: string }

/** Lost and repeated among what a conversation got, against what was due (both as lists of keys). */
function tally(due: string[], got: string[]): { lost: number; repeated: number } {
  const counts = new Map<string, number>();
  for (const g of got) counts.set(g, (counts.get(g) ?? 0) + 1);
  let lost = 0;
  let repeated = 0;
  for (const d of due) {
    const n = counts.get(d) ?? 0;
    if (n === 0) lost += 1;
    else repeated += n - 1;
  }
  return { lost, repeated };
}

const titles = Array.from({ length: TICKETS }, (_, i) => `Fault ticket ${i + 1}`);
const dueSlack = [...titles.map((t) => `card ${t}`), ...titles.map((t) => `line ${t}`), ...titles.map((t) => `dm ${t}`)];
const dueTeams = [...titles.map((t) => `card ${t}`), ...titles.map((t) => `line ${t}`)];

function slackGot(slack: FakeSlack): string[] {
  const cards = slack.messages.filter((m) => m.channel === SLACK_CHANNEL && !m.thread_ts);
  const titleOf = (ts: string) => titles.find((t) => cards.find((c) => c.ts === ts)?.text.includes(`${t} —`)) ?? '?';
  return [
    ...cards.map((c) => `card ${titles.find((t) => c.text.includes(`${t} —`)) ?? '?'}`),
    ...slack.messages.filter((m) => m.channel === SLACK_CHANNEL && m.thread_ts).map((m) => `line ${titleOf(m.thread_ts!)}`),
    ...slack.messages.filter((m) => m.channel === 'DALEX').map((m) => `dm ${titles.find((t) => m.text.includes(`"${t}"`)) ?? '?'}`),
  ];
}

function teamsGot(connector: FakeConnector): string[] {
  const cards = connector.activities.filter((a) => a.conversationId === TEAMS_CHANNEL);
  const titleOf = (json: string) => titles.find((t) => json.includes(`${t}"`) || json.includes(`${t} `)) ?? '?';
  const cardTitle = new Map(cards.map((c) => [c.id, titleOf(JSON.stringify(c.activity))]));
  return [
    ...cards.map((c) => `card ${cardTitle.get(c.id)}`),
    ...connector.activities
      .filter((a) => a.conversationId.startsWith(`${TEAMS_CHANNEL};messageid=`))
      .map((a) => `line ${cardTitle.get(a.conversationId.split(';messageid=')[1]) ?? '?'}`),
  ];
}

/** One in-process run with a fault on one platform for the first `failSends` sends (or for `outageCycles` cycles). */
async function inProcess(fault: string, platform: 'slack' | 'teams', make: () => SlackFault | ConnectorFault, opts: { failSends?: number; outageCycles?: number } = {}): Promise<Row> {
  const emu = await startEmulator({ seed: 'none' });
  const slack = await startFakeSlack();
  const connector = await startFakeConnector();
  const dir = mkdtempSync(path.join(tmpdir(), 'faults-'));
  const store = createSqliteStore({ dataDir: dir });
  let clock = Date.now();
  const teamsChannel = createTeamsChannel({ settings: { appType: 'MultiTenant' }, helpdesk: noHelpdesk('notifications are sent through the adapter only'), logger: quiet });
  const deliveries = [
    createSlackDelivery({ client: new webApi.WebClient(slack.token, { slackApiUrl: slack.apiUrl }), store, logger: quiet, minIntervalMs: 0 }),
    createTeamsDelivery({ adapter: teamsChannel.adapter, appId: teamsChannel.appId, store, logger: quiet, minIntervalMs: 0 }),
  ];
  const deliverer = createDeliverer({ deliveries, store, queue: createSendQueue({ maxRetryAfterMs: 2000 }), logger: quiet, vocabulary, now: () => clock });
  const poller = createPoller({ feed: createChangeFeed(graphFor(emu), {}), store, deliverer, vocabulary, logger: quiet, pollSeconds: 15 });
  const ports = createConversationPorts(store);
  await ports.subscribe({ platform: 'slack', id: SLACK_CHANNEL, kind: 'channel' }, { kind: 'all' }, { email: 'dana@contoso.com', name: 'Dana' });
  await ports.subscribe({ platform: 'teams', id: TEAMS_CHANNEL, kind: 'channel' }, { kind: 'all' }, { email: 'dana@contoso.com', name: 'Dana' });
  await store.saveConversation({ platform: 'teams', id: TEAMS_CHANNEL, kind: 'channel', reference: { serviceUrl: connector.url, channelId: 'msteams', bot: { id: '28:bot', name: 'Help desk' }, conversation: { id: TEAMS_CHANNEL, conversationType: 'channel', isGroup: true, tenantId: 't' } } });
  await store.savePersonAddress({ platform: 'slack', email: 'alex@contoso.com', userId: 'UALEX' });
  const cycle = async () => {
    clock += 15_000;
    return poller.runOnce();
  };
  await cycle();

  let sends = 0;
  let outage = opts.outageCycles !== undefined;
  const failing = () => (outage ? true : sends++ < (opts.failSends ?? 0));
  if (platform === 'slack') slack.fault = (method) => (method.startsWith('chat.') && failing() ? (make() as SlackFault) : undefined);
  else connector.fault = () => (failing() ? (make() as ConnectorFault) : undefined);

  const before = unhandled;
  const ids = titles.map((t, i) => emu.data.insert('SD_Tickets', ticketRow(i + 1, { Title: t })).id);
  await cycle();
  for (const id of ids) emu.data.update('SD_Tickets', id, { SD_Status: 'In Progress' });
  for (let i = 0; i < (opts.outageCycles ?? 0); i++) await cycle();
  outage = false;
  for (let i = 0; i < 200 && (await store.pendingDeliveryCount()) > 0; i++) await cycle();
  await cycle();

  const result = platform === 'slack' ? tally(dueSlack, slackGot(slack)) : tally(dueTeams, teamsGot(connector));
  const other = platform === 'slack' ? tally(dueTeams, teamsGot(connector)) : tally(dueSlack, slackGot(slack));
  await poller.stop();
  await store.close();
  await Promise.all([slack.close(), connector.close(), emu.close()]);
  rmSync(dir, { recursive: true, force: true });
  const note = other.lost + other.repeated > 0 ? `other platform: lost ${other.lost}, repeated ${other.repeated}` : undefined;
  return { fault, platform, ...result, died: unhandled - before, note };
}

/** One kill -9 run of the real bot process. */
async function killRun(fault: string, platform: 'slack' | 'teams', arm: (w: BotWorld) => () => Promise<unknown>): Promise<Row> {
  const world = await createBotWorld();
  try {
    const ids = titles.map((t, i) => world.emu.data.insert('SD_Tickets', ticketRow(i + 1, { Title: t })).id);
    await world.start();
    await world.settled();
    const armed = arm(world);
    for (const id of ids) world.emu.data.update('SD_Tickets', id, { SD_Status: 'In Progress' });
    await armed();
    await world.kill();
    world.slack.fault = undefined;
    world.connector.fault = undefined;
    await world.start();
    await world.settled();
    const result = platform === 'slack' ? tally(dueSlack, slackGot(world.slack)) : tally(dueTeams, teamsGot(world.connector));
    const other = platform === 'slack' ? tally(dueTeams, teamsGot(world.connector)) : tally(dueSlack, slackGot(world.slack));
    const note = other.lost + other.repeated > 0 ? `other platform: lost ${other.lost}, repeated ${other.repeated}` : undefined;
    return { fault, platform, ...result, died: world.diedOnItsOwn ? 1 : 0, note };
  } finally {
    await world.close();
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const run = async (p: Promise<Row>) => {
    const r = await p;
    rows.push(r);
    process.stdout.write(`  ${r.fault} / ${r.platform}: lost ${r.lost}, repeated ${r.repeated}, died ${r.died}${r.note ? ` (${r.note})` : ''}\n`);
  };
  const rowsInProcess: (() => Promise<Row>)[] = [
    () => inProcess('Bot Connector 429 (Retry-After 1 s)', 'teams', () => ({ kind: 'http', status: 429, retryAfterSeconds: 1 }), { failSends: 3 }),
    () => inProcess('Bot Connector 503', 'teams', () => ({ kind: 'http', status: 503 }), { failSends: 6 }),
    () => inProcess('Bot Connector connection reset', 'teams', () => ({ kind: 'reset' }), { failSends: 6 }),
    () => inProcess('Bot Connector answer lost (reset after effect)', 'teams', () => ({ kind: 'reset', afterEffect: true }), { failSends: 1 }),
    () => inProcess('Slack HTTP 429 (Retry-After 1 s)', 'slack', () => ({ kind: 'http', status: 429, retryAfterSeconds: 1 }), { failSends: 3 }),
    () => inProcess('Slack internal_error', 'slack', () => ({ kind: 'error', error: 'internal_error' }), { failSends: 6 }),
    () => inProcess('Slack ratelimited', 'slack', () => ({ kind: 'error', error: 'ratelimited' }), { failSends: 3 }),
    () => inProcess('Slack HTTP 503', 'slack', () => ({ kind: 'http', status: 503 }), { failSends: 6 }),
    () => inProcess('Slack answer lost (reset after effect)', 'slack', () => ({ kind: 'reset', afterEffect: true }), { failSends: 4 }),
    () => inProcess('Slack outage, 30 min (driven clock)', 'slack', () => ({ kind: 'http', status: 503 }), { outageCycles: 120 }),
    () => inProcess('Teams outage, 30 min (driven clock)', 'teams', () => ({ kind: 'http', status: 503 }), { outageCycles: 120 }),
  ];
  // --smoke: one row per platform, enough to see the whole path still runs.
  for (const row of SMOKE ? [rowsInProcess[1], rowsInProcess[5]] : rowsInProcess) await run(row());

  if (!QUICK && !SMOKE) {
    // mid-poll: killed as the changes are being read.
    await run(killRun('kill -9 mid-poll (Teams checked alongside)', 'slack', (w) => {
      const before = w.emu.counters.get('GET SD_Tickets/items') ?? 0;
      return () => until('a ticket read', () => (w.emu.counters.get('GET SD_Tickets/items') ?? 0) > before + 1);
    }));
    await run(killRun('kill -9 mid-delivery (send in flight, no effect)', 'slack', (w) => {
      w.slack.fault = (m) => (m === 'chat.postMessage' ? { kind: 'hang' } : undefined);
      return () => w.slack.waitFor('chat.postMessage', (c) => c.fault === 'hang', 30_000);
    }));
    await run(killRun('kill -9 between send and record', 'slack', (w) => {
      w.slack.fault = (m) => (m === 'chat.postMessage' ? { kind: 'hang', afterEffect: true } : undefined);
      return () => w.slack.waitFor('chat.postMessage', (c) => c.fault === 'hang', 30_000);
    }));
    await run(killRun('kill -9 mid-delivery (send in flight, no effect)', 'teams', (w) => {
      w.connector.fault = (c) => (c.conversationId.startsWith(TEAMS_CHANNEL) && c.method === 'POST' ? { kind: 'hang' } : undefined);
      return () => w.connector.arrived((c) => c.fault === 'hang');
    }));
    await run(killRun('kill -9 between send and record', 'teams', (w) => {
      w.connector.fault = (c) => (c.conversationId.startsWith(TEAMS_CHANNEL) && c.method === 'POST' ? { kind: 'hang', afterEffect: true } : undefined);
      return () => w.connector.arrived((c) => c.fault === 'hang');
    }));
  }

  const w = Math.max(...rows.map((r) => r.fault.length));
  process.stdout.write(`\n${'fault'.padEnd(w)}  platform  lost  repeated  process died\n`);
  for (const r of rows) {
    process.stdout.write(`${r.fault.padEnd(w)}  ${r.platform.padEnd(8)}  ${String(r.lost).padStart(4)}  ${String(r.repeated).padStart(8)}  ${String(r.died).padStart(12)}\n`);
  }
  process.exit(0);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

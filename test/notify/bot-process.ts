/**
 * The real bot as a child process (`src/main.ts` through tsx), on a help-desk site, Slack Web API
 * and Bot Connector that live in the test process, so it can be killed with SIGKILL at a chosen
 * moment and restarted on the same data directory. Shared by the kill tests and bench/faults.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { startEmulator, type Emulator } from '../../src/emulator';
import { createConversationPorts, createSqliteStore } from '../../src/store';
import { STORE_FILE } from '../../src/store/sqlite-store';
import { startFakeConnector, type FakeConnector } from '../support/fake-connector';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TEAMS_CHANNEL = '19:desk@thread.tacv2';
export const SLACK_CHANNEL = 'CDESK';
const dana = { email: 'dana@contoso.com', name: 'Dana' };

/** Waits for a condition (checked every 25 ms), failing with `what` after `timeoutMs`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The bot's world: site, Slack, Bot Connector, data directory, and the running child (if any). */
export interface BotWorld {
  emu: Emulator;
  slack: FakeSlack;
  connector: FakeConnector;
  dataDir: string;
  child?: ChildProcess;
  /** Starts the bot and resolves once it listens. */
  start(): Promise<void>;
  /**
   * Resolves once the running bot finished and recorded a poll cycle (`committed` on /healthz):
   * its first start is done, so what is inserted next is a change it must announce.
   */
  polled(): Promise<void>;
  /** Where the running bot listens. */
  base?: string;
  /** SIGKILL; resolves once the process is gone. */
  kill(): Promise<void>;
  /**
   * Resolves after the running bot recorded a poll cycle, nothing is owed, and two more recorded
   * cycles found nothing new to send.
   */
  settled(): Promise<void>;
  /** True if the child exited by itself (not killed by the test). */
  diedOnItsOwn: boolean;
  /** Outbox rows not yet recorded as sent, in lanes starting with `lanePrefix` (e.g. `teams:`); all when empty. */
  owed(lanePrefix?: string): number;
  close(): Promise<void>;
}

/** Sets up the world: a Slack channel and a Teams channel subscribed to everything, Alex reachable on Slack. */
export async function createBotWorld(): Promise<BotWorld> {
  const emu = await startEmulator({ seed: 'none' });
  const slack = await startFakeSlack();
  const connector = await startFakeConnector();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bot-kill-'));
  const store = createSqliteStore({ dataDir });
  const ports = createConversationPorts(store);
  await ports.subscribe({ platform: 'slack', id: SLACK_CHANNEL, kind: 'channel' }, { kind: 'all' }, dana);
  await ports.subscribe({ platform: 'teams', id: TEAMS_CHANNEL, kind: 'channel' }, { kind: 'all' }, dana);
  await store.saveConversation({
    platform: 'teams', id: TEAMS_CHANNEL, kind: 'channel',
    reference: { serviceUrl: connector.url, channelId: 'msteams', bot: { id: '28:bot', name: 'Help desk' }, conversation: { id: TEAMS_CHANNEL, conversationType: 'channel', isGroup: true, tenantId: 't' } },
  });
  await store.savePersonAddress({ platform: 'slack', email: 'alex@contoso.com', userId: 'UALEX' });
  await store.close();

  let killing = false;
  /** Poll cycles the running bot finished and recorded (0 while it cannot be asked). */
  const committed = async () => {
    const health = (await fetch(`${world.base}/healthz`).then((r) => r.json()).catch(() => ({}))) as { committed?: number };
    return health.committed ?? 0;
  };
  const world: BotWorld = {
    emu, slack, connector, dataDir, diedOnItsOwn: false,
    async start() {
      killing = false;
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: process.env.BOT_LOG_LEVEL ?? 'error',
          PORT: '0', HELPDESK_DATA_DIR: dataDir, HELPDESK_POLL_SECONDS: '1', HELPDESK_BACKFILL_MINUTES: '600',
          HELPDESK_TENANT_ID: emu.tenantId, HELPDESK_CLIENT_ID: emu.clientId, HELPDESK_CLIENT_SECRET: emu.clientSecret, HELPDESK_SITE_ID: emu.siteId,
          HELPDESK_GRAPH_URL: emu.url, HELPDESK_AUTH_URL: emu.url,
          SLACK_BOT_TOKEN: slack.token, SLACK_SIGNING_SECRET: 'kill-test-signing-secret', SLACK_API_URL: slack.apiUrl,
        },
      });
      world.child = child;
      let out = '';
      child.stderr!.on('data', (d) => process.env.BOT_LOG_LEVEL && process.stderr.write(d));
      child.on('exit', () => {
        if (!killing) world.diedOnItsOwn = true;
      });
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (d) => {
          out += String(d);
          const m = /listening on (http:\/\/[^/\s]+)/.exec(out);
          if (m) {
            world.base = m[1];
            resolve();
          }
        });
        child.on('exit', (code) => reject(new Error(`bot exited with ${code} before listening`)));
      });
    },
    async kill() {
      const child = world.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      killing = true;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
      world.child = undefined;
    },
    async polled() {
      await until('a recorded poll cycle', async () => (await committed()) >= 1);
    },
    owed(lanePrefix = '') {
      // The outbox is read on its own read-only connection: opening the store would clear the running bot's claims.
      const db = new Database(path.join(dataDir, STORE_FILE), { readonly: true, fileMustExist: true });
      try {
        return (db.prepare('SELECT count(*) AS n FROM outbox WHERE lane LIKE ?').get(`${lanePrefix}%`) as { n: number }).n;
      } finally {
        db.close();
      }
    },
    async settled() {
      const owed = () => world.owed();
      // This process's first recorded cycle: before it, an empty outbox only means nothing was read yet.
      await until('a recorded poll cycle', async () => (await committed()) >= 1);
      await until('the outbox to empty', () => owed() === 0);
      // Two more recorded cycles with nothing owed: any repeat would have shown by now.
      const mark = await committed();
      await until('two more recorded poll cycles', async () => (await committed()) >= mark + 2);
      await until('the outbox to stay empty', () => owed() === 0);
    },
    async close() {
      await world.kill();
      await slack.close();
      await connector.close();
      await emu.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return world;
}

/** What each conversation received: Slack channel cards (top-level) and thread lines, Slack DMs, Teams cards and thread lines. */
export function received(world: BotWorld) {
  const top = world.slack.messages.filter((m) => m.channel === SLACK_CHANNEL && !m.thread_ts);
  return {
    slackCards: top.map((m) => m.text),
    slackLines: world.slack.messages.filter((m) => m.channel === SLACK_CHANNEL && m.thread_ts).map((m) => m.text),
    slackDms: world.slack.messages.filter((m) => m.channel === 'DALEX').map((m) => m.text),
    teamsCards: world.connector.activities.filter((a) => a.conversationId === TEAMS_CHANNEL),
    teamsLines: world.connector.activities.filter((a) => a.conversationId.startsWith(`${TEAMS_CHANNEL};messageid=`)).map((a) => a.activity.text as string),
  };
}

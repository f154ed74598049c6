/**
 * Several replicas on one PostgreSQL database (a private server this script starts): how long
 * until another replica polls after the poller is SIGKILLed, and Slack commands per second with
 * one replica against two (requests spread round-robin, as a load balancer would).
 * Run: `npx tsx bench/replicas.ts [commands] [pollSeconds]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startBotProcess, type BotProcess } from '../test/support/bot-process';
import { startFakeSlack } from '../test/support/fake-slack';
import { startHelpdeskStack } from '../test/support/helpdesk-stack';
import { startPostgresServer } from '../test/support/postgres-server';
import { createSlackPoster, slackFixture, slashBody } from '../test/support/slack-request';

const commands = Number(process.argv[2] ?? 600);
const pollSeconds = Number(process.argv[3] ?? 2);
const concurrency = 8;
const SECRET = 'bench-secret';
const user = { id: 'UBENCH', name: 'Bench User', email: 'bench@example.com' };

async function until(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function main() {
  const server = await startPostgresServer();
  const dirs: string[] = [];
  const bots: BotProcess[] = [];
  const stack = await startHelpdeskStack({ seed: 'demo' });
  const slack = await startFakeSlack({ users: [user] });
  try {
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    const url = server.adminUrl.replace(/\/postgres$/, '/bench');
    const e = stack.emulator;
    const start = async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'bench-replica-'));
      dirs.push(dir);
      return startBotProcess({
        DATABASE_URL: url, HELPDESK_DATA_DIR: dir, HELPDESK_SITE_ID: e.siteId, HELPDESK_TENANT_ID: e.tenantId,
        HELPDESK_CLIENT_ID: e.clientId, HELPDESK_CLIENT_SECRET: e.clientSecret, HELPDESK_GRAPH_URL: e.url, HELPDESK_AUTH_URL: e.url,
        HELPDESK_POLL_SECONDS: String(pollSeconds), SLACK_BOT_TOKEN: slack.token, SLACK_SIGNING_SECRET: SECRET, SLACK_API_URL: slack.apiUrl,
      });
    };
    bots.push(await start(), await start());

    // Takeover after SIGKILL, three times (the killed replica is replaced each time).
    const takeovers: number[] = [];
    for (let round = 0; round < 3; round++) {
      await until(async () => (await Promise.all(bots.map((b) => b.health()))).filter((h) => h.polling).length === 1);
      const hs = await Promise.all(bots.map((b) => b.health()));
      const holder = hs.findIndex((h) => h.polling);
      const t0 = performance.now();
      bots[holder].child.kill('SIGKILL');
      await bots[holder].exited;
      await until(async () => (await bots[1 - holder].health()).polling);
      takeovers.push(Math.round(performance.now() - t0));
      bots[holder] = await start();
    }

    // Commands per second: one replica, then two behind a round-robin "load balancer".
    const base = slackFixture<Record<string, string>>('slash-command');
    const rate = async (targets: BotProcess[]) => {
      slack.clear();
      const posts = targets.map((b) => createSlackPoster(`${b.base}/slack/events`, SECRET));
      let next = 0;
      const worker = async () => {
        while (next < commands) {
          const i = next++;
          const res = await posts[i % posts.length](slashBody({ ...base, user_id: user.id, text: 'help', response_url: slack.responseUrl(`b${i}`) }));
          if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
        }
      };
      const t0 = performance.now();
      await Promise.all(Array.from({ length: concurrency }, worker));
      await slack.waitFor('response_url', () => slack.callsTo('response_url').length >= commands, 120_000);
      return Math.round(commands / ((performance.now() - t0) / 1000));
    };
    await rate(bots); // warm-up: both processes have compiled their paths
    const one = await rate([bots[0]]);
    const two = await rate(bots);

    console.log(JSON.stringify({
      bench: 'replicas',
      pollSeconds,
      leaseTtlMs: pollSeconds * 750,
      takeoverAfterSigkillMs: takeovers,
      takeoverInPollIntervals: takeovers.map((t) => +(t / (pollSeconds * 1000)).toFixed(2)),
      slackHelpCommandsPerSecond: { oneReplica: one, twoReplicas: two, concurrency, commands },
    }, null, 2));
  } finally {
    for (const b of bots) await b.stop();
    await slack.close();
    await stack.close();
    server.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

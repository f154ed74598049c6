/**
 * Several replicas on one PostgreSQL database (a private server this script starts): how long
 * until another replica polls after the poller is SIGKILLed, and Slack commands per second with
 * one replica against two (requests spread round-robin, as a load balancer would).
 * Run: `npx tsx bench/replicas.ts [commands] [pollSeconds] [--smoke]` (BENCH_PG_ADMIN_URL: use that
 * server instead of starting one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBotProcess, type BotProcess } from '../test/support/bot-process';
import { startFakeSlack } from '../test/support/fake-slack';
import { startHelpdeskStack } from '../test/support/helpdesk-stack';
import { createSlackPoster, slackFixture, slashBody } from '../test/support/slack-request';
import { benchDatabase } from './support/postgres';
import { loadAverage, positional, sized } from './support/smoke';

const commands = Number(positional[0] ?? sized(600, 16));
const pollSeconds = Number(positional[1] ?? sized(2, 1));
const takeoverRounds = sized(3, 1);
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
  const database = await benchDatabase();
  const dirs: string[] = [];
  const bots: BotProcess[] = [];
  const stack = await startHelpdeskStack({ seed: 'demo' });
  const slack = await startFakeSlack({ users: [user] });
  try {
    const url = database.url;
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

    // Commands per second: one replica, then two behind a round-robin "load balancer".
    const base = slackFixture<Record<string, string>>('slash-command');
    // Slack drops an exact repeat of a slash command as a retry (replicas share that record), so
    // every request of every run has its own trigger_id and response_url.
    let sent = 0;
    const rate = async (targets: BotProcess[]) => {
      slack.clear();
      const posts = targets.map((b) => createSlackPoster(`${b.base}/slack/events`, SECRET));
      let next = 0;
      const worker = async () => {
        while (next < commands) {
          const i = next++;
          const n = (sent += 1);
          const res = await posts[i % posts.length](slashBody({ ...base, user_id: user.id, text: 'help', trigger_id: `bench.${n}`, response_url: slack.responseUrl(`b${n}`) }));
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

    // Takeover after SIGKILL, three times (once with --smoke); the killed replica is replaced before the next round.
    const takeovers: number[] = [];
    for (let round = 0; round < takeoverRounds; round++) {
      await until(async () => (await Promise.all(bots.map((b) => b.health()))).filter((h) => h.polling).length === 1);
      const hs = await Promise.all(bots.map((b) => b.health()));
      const holder = hs.findIndex((h) => h.polling);
      const t0 = performance.now();
      bots[holder].child.kill('SIGKILL');
      await bots[holder].exited;
      await until(async () => (await bots[1 - holder].health()).polling);
      takeovers.push(Math.round(performance.now() - t0));
      // The next round needs two replicas again; after the last one the survivor is enough.
      if (round < takeoverRounds - 1) bots[holder] = await start();
    }

    console.log(JSON.stringify({
      bench: 'replicas',
      pollSeconds,
      leaseTtlMs: pollSeconds * 750,
      takeoverAfterSigkillMs: takeovers,
      takeoverInPollIntervals: takeovers.map((t) => +(t / (pollSeconds * 1000)).toFixed(2)),
      slackHelpCommandsPerSecond: { oneReplica: one, twoReplicas: two, concurrency, commands },
      loadAverage: loadAverage(),
    }, null, 2));
  } finally {
    for (const b of bots) await b.stop();
    await slack.close();
    await stack.close();
    await database.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

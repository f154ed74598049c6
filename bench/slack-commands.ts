/**
 * Slack slash commands per second and the time to Slack's acknowledgement (Slack gives 3 s).
 * Signed `/helpdesk help` requests go through createServer + Bolt's HTTPReceiver (signature check)
 * + our channel, answering through response_url to the loopback Slack stand-in; the help desk is
 * the real service on the embedded site, whose agents list is read once and then cached, so Graph
 * time is (after the first command) excluded. Run: `npx tsx bench/slack-commands.ts [count] [--smoke]`.
 */
import { createSlackChannel } from '../src/channels/slack';
import { createLogger } from '../src/log';
import { createServer } from '../src/server';
import { startHelpdeskStack } from '../test/support/helpdesk-stack';
import { startFakeSlack } from '../test/support/fake-slack';
import { createSlackPoster, slackFixture, slashBody } from '../test/support/slack-request';
import { loadAverage, positional, sized } from './support/smoke';

const count = Number(positional[0] ?? sized(1000, 40));
const concurrency = 8;
const secret = 'bench-secret';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const logger = createLogger({ level: 'error' });
  const fake = await startFakeSlack({ users: [{ id: 'UBENCH', name: 'Bench User', email: 'bench@example.com' }] });
  const stack = await startHelpdeskStack({ seed: 'none', service: { logger } });
  const channel = createSlackChannel({ settings: { botToken: fake.token, signingSecret: secret, apiUrl: fake.apiUrl }, helpdesk: stack.helpdesk, logger });
  await channel.start();
  const server = createServer({
    port: 0,
    teams: { handle: async (_req, res) => void res.send(404) },
    slack: { requestListener: channel.requestListener! },
    health: async () => ({ ok: true }),
    logger,
    allowUnauthenticated: true,
  });
  const { port, host } = await server.listen();
  const post = createSlackPoster(`http://${host}:${port}/slack/events`, secret);
  const base = slackFixture<Record<string, string>>('slash-command');

  const acks: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const t0 = performance.now();
      const res = await post(slashBody({ ...base, user_id: 'UBENCH', text: 'help', response_url: fake.responseUrl(`b${i}`) }));
      acks.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  await fake.waitFor('response_url', () => fake.callsTo('response_url').length >= count, 60_000);
  const seconds = (performance.now() - started) / 1000;
  acks.sort((a, b) => a - b);
  console.log(JSON.stringify({
    bench: 'slack-commands',
    commands: count,
    concurrency,
    commandsPerSecond: Math.round(count / seconds),
    loadAverage: loadAverage(),
    ackMs: { p50: +percentile(acks, 50).toFixed(1), p95: +percentile(acks, 95).toFixed(1), max: +acks[acks.length - 1].toFixed(1) },
  }));
  await server.close();
  await channel.stop();
  await fake.close();
  await stack.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

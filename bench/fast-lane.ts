/**
 * Notification latency for changes made through the bot (the fast lane), one run: an agent
 * claims a ticket through the command layer (as a Teams or Slack button or `claim` does); the
 * time until the subscribed Slack channel's card is updated and the requester's DM is received,
 * at the Slack stand-in. The poller runs at the default 15 s interval, so anything under that is
 * the fast lane. Graph latency at the embedded site: 150 ms per request.
 * Run: npx tsx bench/fast-lane.ts [changes] [--smoke]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { webApi } from '@slack/bolt';
import { createSlackDelivery } from '../src/channels/slack/notify-delivery';
import { dispatch } from '../src/commands';
import { DEFAULT_VOCABULARY } from '../src/config';
import { VERBS } from '../src/core/verbs';
import { connectionFor, startEmulator } from '../src/emulator';
import { createGraphClient } from '../src/graph';
import { createHelpdeskService } from '../src/helpdesk';
import { createChangeFeed } from '../src/helpdesk/changes';
import { createLogger } from '../src/log';
import { createNotifications } from '../src/notify';
import { createSqliteStore } from '../src/store';
import { startFakeSlack } from '../test/support/fake-slack';
import { positional, sized } from './support/smoke';

const CHANGES = Number(positional[0] ?? sized(20, 2));
const LATENCY_MS = 150;
const quiet = createLogger({ level: 'error', write: () => undefined });
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * xs.length) - 1)];

async function main(): Promise<void> {
  const emu = await startEmulator({ seed: 'demo' });
  const slack = await startFakeSlack();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-fast-'));
  const store = createSqliteStore({ dataDir: dir });
  try {
    const settings = {
      agentEmailField: 'SD_Email',
      ...DEFAULT_VOCABULARY,
    };
    const graph = createGraphClient({ ...connectionFor(emu), logger: quiet });
    const helpdesk = createHelpdeskService({ graph, settings, logger: quiet });
    const notifications = createNotifications({ store, feed: createChangeFeed(graph, {}), helpdesk, vocabulary: helpdesk.vocabulary, logger: quiet, pollSeconds: 15 });
    const client = new webApi.WebClient(slack.token, { slackApiUrl: slack.apiUrl, logLevel: webApi.LogLevel.ERROR });
    const poller = notifications.attach([createSlackDelivery({ client, store, logger: quiet, minIntervalMs: 0 })]);
    await notifications.ports.subscribe({ platform: 'slack', id: 'CDESK', kind: 'channel' }, { kind: 'all' }, { email: 'meganb@example.com', name: 'Megan' });
    const patti = { email: 'pattif@example.com', name: 'Patti Fernandez' };
    await store.savePersonAddress({ platform: 'slack', email: patti.email, conversationId: 'DPATTI' });
    await poller.runOnce();
    poller.start();
    await helpdesk.activeAgents();
    emu.setLatency(LATENCY_MS);

    const card: number[] = [];
    const dm: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      emu.setLatency(0);
      const t = await helpdesk.createTicket(patti, { title: `Fast ${i}`, description: 'bench', priority: 'Normal', category: 'Hardware' });
      // The new ticket's card is posted by the fast lane or the poll; the claim below updates it.
      await notifications.ports.wrote({ actorEmail: patti.email, tickets: [t] });
      await slack.waitFor('chat.postMessage', (c) => c.body.channel === 'CDESK' && String(c.body.text).includes(`Fast ${i} —`), 20_000);
      emu.setLatency(LATENCY_MS);
      const megan = { actor: { email: 'meganb@example.com', name: 'Megan Bowen' }, helpdesk, conversation: { platform: 'slack' as const, id: 'CDESK', kind: 'channel' as const }, channel: {}, notifications: notifications.ports };
      const t0 = performance.now();
      const updated = slack.waitFor('chat.update', (c) => String(c.body.text).includes(`Fast ${i} — Assigned`), 20_000).then(() => performance.now() - t0);
      const told = slack.waitFor('chat.postMessage', (c) => c.body.channel === 'DPATTI' && String(c.body.text).includes(`"Fast ${i}" is now Assigned`), 20_000).then(() => performance.now() - t0);
      await dispatch(megan, { verb: VERBS.claim, ticketId: t.id, etag: t.etag });
      card.push(await updated);
      dm.push(await told);
    }
    await poller.stop();
    const f = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(0)} ms, p95 ${pct(xs, 95).toFixed(0)} ms`;
    process.stdout.write(
      `Change through the bot (claim via the command layer, ${LATENCY_MS} ms per Graph request, ${CHANGES} changes, poll interval 15 s)\n` +
        `  channel card updated: ${f(card)}\n` +
        `  requester DM received: ${f(dm)}\n` +
        '  (measured from the start of the command, so each includes the PATCH round trip; the poll never ran in between)\n',
    );
  } finally {
    await store.close();
    await slack.close();
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

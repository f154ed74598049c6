/**
 * Change storm bench: 1,000 tickets arrive in one poll cycle, split over 3 Teams and 3 Slack
 * channels (each subscribed to one category), with the platforms' real pacing. Prints, per
 * conversation, the messages sent and the most in any 1 s and 30 s; the time until every ticket
 * is reachable (its channel's summary posted, which lists it); the p95 of commands answered
 * while the storm drains (Teams 1:1 `show`, Slack slash `show`) and of the Slack ack.
 * Run: npx tsx bench/storm.ts [--smoke] [--threshold=N]   (--smoke: 60 changes; --threshold: HELPDESK_STORM_THRESHOLD,
 * default 10; a threshold above the changes shows the card-per-ticket behaviour for comparison)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSlackChannel } from '../src/channels/slack';
import { createSlackDelivery, slackConversationHook } from '../src/channels/slack/notify-delivery';
import { createTeamsChannel } from '../src/channels/teams';
import { createTeamsDelivery, teamsConversationHook } from '../src/channels/teams/notify-delivery';
import { createChangeFeed } from '../src/helpdesk/changes';
import { createLogger } from '../src/log';
import { createNotifications, createOutboxService, type Delivery } from '../src/notify';
import { bindFeatures, FEATURES, featureMigrations, openFeatures } from '../src/features';
import { createServer } from '../src/server';
import { createSqliteStore } from '../src/store';
import { startFakeConnector } from '../test/support/fake-connector';
import { startFakeSlack } from '../test/support/fake-slack';
import { startHelpdeskStack } from '../test/support/helpdesk-stack';
import { createSlackPoster, slackFixture, slashBody } from '../test/support/slack-request';
import { loadAverage, sized } from './support/smoke';

const CHANGES = sized(1000, 60);
const THRESHOLD = Number(process.argv.find((a) => a.startsWith('--threshold='))?.slice(12) ?? 10);
const CATEGORIES = ['Hardware', 'Software', 'Network'];
const SECRET = 'storm-bench-secret';
const quiet = createLogger({ level: 'error', write: () => undefined });
const dana = { id: '29:dana', slackId: 'UDANA001', name: 'Dana Agent', aadObjectId: 'aad-dana', email: 'dana@example.com' };
const FIXTURES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../test/fixtures/teams');

/** Every send that took effect, by conversation, with the time it went out (what pacing governs). */
const sends = new Map<string, number[]>();
function recorded(d: Delivery): Delivery {
  const note = (where: string, at: number) => sends.set(where, [...(sends.get(where) ?? []), at]);
  const wrap = <A extends unknown[], R>(fn: ((...a: A) => Promise<R>) | undefined, where: (...a: A) => string) =>
    fn && (async (...a: A) => {
      const at = Date.now();
      const r = await fn.apply(d, a);
      note(where(...a), at);
      return r;
    });
  return {
    platform: d.platform,
    minIntervalMs: d.minIntervalMs,
    postCard: wrap(d.postCard, (c) => `${d.platform}:${c}`)!,
    updateCard: wrap(d.updateCard, (c) => `${d.platform}:${c}`)!,
    postThreadLine: wrap(d.postThreadLine, (c) => `${d.platform}:${c}`)!,
    postMessage: wrap(d.postMessage, (c) => `${d.platform}:${c}`),
    postScreen: wrap(d.postScreen, (c) => `${d.platform}:${c} summary`),
    sendDirect: wrap(d.sendDirect, (e) => `${d.platform}:dm ${e}`)!,
  };
}

/** The most sends in any window of `ms`. */
function maxIn(times: number[], ms: number): number {
  let best = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i] - times[j] >= ms) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}
const p = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};

async function main(): Promise<void> {
  const stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 60_000 } });
  stack.emulator.data.insert('SD_Agents', { Title: dana.name, SD_Email: dana.email, SD_IsActive: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-storm-'));
  const store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
  const feed = createChangeFeed(stack.graph, stack.settings);
  // The product's features bound as src/app.ts binds them: the storms feature's planning hook summarises.
  // No SLA or routing file: each feature's `open` step makes what it makes with none set; surveys off, storms from THRESHOLD.
  const settings = { helpdesk: { priorities: stack.helpdesk.vocabulary.priorities }, files: { folder: 'SD_Attachments', maxBytes: 25 * 1024 * 1024 }, csat: { enabled: false, scale: 'five' as const }, stormThreshold: THRESHOLD };
  const opened = await openFeatures(FEATURES, settings, quiet);
  const features = bindFeatures(FEATURES, {
    store, db: await store.featureDatabase(), helpdesk: stack.helpdesk, feed, logger: quiet, vocabulary: stack.helpdesk.vocabulary, locale: 'en', timeZone: 'UTC',
    slackPresence: undefined, now: () => new Date(), graph: stack.graph, ...opened.supplied, opened: opened.own,
    outbox: createOutboxService(store),
  });
  const notifications = createNotifications({ store, feed, helpdesk: stack.helpdesk, vocabulary: stack.helpdesk.vocabulary, logger: quiet, pollSeconds: 15, features });
  const connector = await startFakeConnector();
  connector.members.set(dana.id, { id: dana.id, name: dana.name, aadObjectId: dana.aadObjectId, email: dana.email });
  const slack = await startFakeSlack({ users: [{ id: dana.slackId, name: dana.name, email: dana.email }] });
  const teams = createTeamsChannel({ settings: { appType: 'MultiTenant' }, helpdesk: notifications.helpdesk, notifications: notifications.ports, logger: quiet, hooks: { onConversation: teamsConversationHook(store) } });
  const slackChannel = createSlackChannel({
    settings: { botToken: slack.token, signingSecret: SECRET, apiUrl: slack.apiUrl },
    helpdesk: notifications.helpdesk, notifications: notifications.ports, logger: quiet, hooks: { onConversation: slackConversationHook(store) },
  });
  await slackChannel.start();
  const server = createServer({ port: 0, teams, slack: { requestListener: slackChannel.requestListener! }, health: async () => ({ ok: true }), logger: quiet, allowUnauthenticated: true });
  const { port } = await server.listen();
  const base = `http://127.0.0.1:${port}`;
  const postSlack = createSlackPoster(`${base}/slack/events`, SECRET);
  // Production pacing: no minIntervalMs.
  const poller = notifications.attach([
    recorded(createTeamsDelivery({ adapter: teams.adapter, appId: teams.appId, store, logger: quiet })),
    recorded(createSlackDelivery({ client: slackChannel.client, store, logger: quiet })),
  ]);
  const by = { email: dana.email, name: dana.name };
  for (const [i, category] of CATEGORIES.entries()) {
    const teamsId = `19:storm${i}@thread.tacv2`;
    await store.saveConversation({
      platform: 'teams', id: teamsId, kind: 'channel',
      reference: { serviceUrl: connector.url, channelId: 'msteams', bot: { id: '28:bot', name: 'Help desk' }, conversation: { id: teamsId, conversationType: 'channel', isGroup: true, tenantId: 't' } },
    });
    await notifications.ports.subscribe({ platform: 'teams', id: teamsId, kind: 'channel' }, { kind: 'category', value: category }, by);
    await store.saveConversation({ platform: 'slack', id: `CSTORM${i}`, kind: 'channel' });
    await notifications.ports.subscribe({ platform: 'slack', id: `CSTORM${i}`, kind: 'channel' }, { kind: 'category', value: category }, by);
  }
  await poller.runOnce();

  // One Teams 1:1 command first, so the conversation is known and the first timing is not a cold start.
  let seq = 0;
  const teamsCommand = async (text: string): Promise<number> => {
    const a = JSON.parse(readFileSync(path.join(FIXTURES, 'message-personal.json'), 'utf8'));
    a.id = `storm-${++seq}`;
    a.serviceUrl = connector.url;
    a.from = { ...a.from, id: dana.id, name: dana.name, aadObjectId: dana.aadObjectId };
    a.conversation = { ...a.conversation, id: `a:personal-${dana.aadObjectId}` };
    a.text = text;
    const t0 = performance.now();
    await fetch(`${base}/api/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(a) });
    await connector.waitFor((r) => r.replyToId === a.id || (r.conversationId === a.conversation.id && r.activity.replyToId === a.id), 30_000);
    return performance.now() - t0;
  };
  const slackCommand = async (text: string): Promise<{ ack: number; answered: number }> => {
    const rid = `storm-${++seq}`;
    const t0 = performance.now();
    const res = await postSlack(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: dana.slackId, channel_id: 'DDANA001', text, response_url: slack.responseUrl(rid) }));
    const ack = performance.now() - t0;
    if (!res.text) await slack.waitFor('response_url', (c) => c.responseId === rid, 30_000);
    return { ack, answered: performance.now() - t0 };
  };
  await teamsCommand('mine');
  await slackCommand('mine');

  const first = Number(stack.emulator.data.insert('SD_Tickets', row(0)).id);
  await poller.runOnce();
  sends.clear();
  for (let i = 1; i < CHANGES; i++) stack.emulator.data.insert('SD_Tickets', row(i));
  const started = Date.now();
  let draining = true;
  const storm = poller.runOnce().finally(() => (draining = false));
  const teamsMs: number[] = [];
  const slackAck: number[] = [];
  const slackMs: number[] = [];
  while (draining) {
    teamsMs.push(await teamsCommand(`show ${first}`));
    const s = await slackCommand(`show ${first}`);
    slackAck.push(s.ack);
    slackMs.push(s.answered);
  }
  await storm;
  const drained = Date.now() - started;

  console.log(`storm: ${CHANGES} new tickets in one poll cycle, ${CATEGORIES.length} Teams + ${CATEGORIES.length} Slack channels (one category each), platform pacing, threshold ${THRESHOLD}`);
  console.log('| conversation | messages | max in 1 s | max in 30 s |');
  console.log('|---|---|---|---|');
  const rows = new Map<string, number[]>();
  for (const [k, v] of sends) {
    const key = k.replace(/ summary$/, '');
    rows.set(key, [...(rows.get(key) ?? []), ...v].sort((a, b) => a - b));
  }
  for (const [k, v] of [...rows].sort()) console.log(`| ${k} | ${v.length} | ${maxIn(v, 1000)} | ${maxIn(v, 30_000)} |`);
  const summaries = [...sends].filter(([k]) => k.endsWith(' summary'));
  // Reachable: from its channel's summary, or without one, once the channel's last card is posted.
  const channels = [...rows.keys()].filter((k) => !k.includes(':dm '));
  const reachable = Math.max(...channels.map((k) => (sends.get(`${k} summary`)?.[0] ?? Math.max(...rows.get(k)!)) - started));
  console.log(`summaries posted: ${summaries.length} of ${CATEGORIES.length * 2} channels`);
  console.log(`every ticket reachable after: ${Math.round(reachable)} ms (${summaries.length ? 'last summary posted' : 'last card posted'}); all sends done after ${Math.round(drained)} ms`);
  console.log(`commands during the storm: Teams show p50 ${Math.round(p(teamsMs, 0.5))} ms, p95 ${Math.round(p(teamsMs, 0.95))} ms (${teamsMs.length}); Slack show p50 ${Math.round(p(slackMs, 0.5))} ms, p95 ${Math.round(p(slackMs, 0.95))} ms (${slackMs.length})`);
  console.log(`Slack ack: p50 ${Math.round(p(slackAck, 0.5))} ms, p95 ${Math.round(p(slackAck, 0.95))} ms`);
  console.log(`load average: ${loadAverage()}`);

  await server.close();
  await slackChannel.stop();
  await slack.close();
  await connector.close();
  await store.close();
  await stack.close();
  rmSync(dir, { recursive: true, force: true });
}

function row(i: number): Record<string, unknown> {
  return {
    Title: `Storm ticket ${i}`, SD_Description: 'Imported.', SD_Priority: i % 25 === 0 ? 'High' : 'Normal', SD_Status: 'New',
    SD_Category: CATEGORIES[i % CATEGORIES.length], SD_SubmittedByEmail: `user${i % 50}@example.com`, SD_SubmittedByName: `User ${i % 50}`,
    SD_SubmittedBy: `user${i % 50}@example.com`, SD_AssignedTo: i % 4 === 0 ? dana.email : '',
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

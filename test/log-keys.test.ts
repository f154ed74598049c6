/**
 * The process's log as a collector reads it: the app started with JSON logging at debug, a Teams
 * message, a Slack command and a poll cycle, then every line read strictly. A key written twice
 * in one object (JSON.parse would silently keep the last) fails the test.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/log';
import { startFakeConnector, type FakeConnector } from './support/fake-connector';
import { startFakeSlack, type FakeSlack } from './support/fake-slack';
import { createSlackPoster, slackFixture, slashBody } from './support/slack-request';
import { duplicateKeys } from './support/strict-json';

const SECRET = 'log-keys-signing-secret';
const alex = { id: 'UALEX0001', name: 'Alex Wilber', email: 'alexw@example.com' };
const lines: string[] = [];
let dir: string;
let connector: FakeConnector;
let slack: FakeSlack;
let app: App;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'log-keys-'));
  connector = await startFakeConnector();
  slack = await startFakeSlack({ users: [alex] });
  const config = loadConfig({ HELPDESK_DATA_DIR: dir, PORT: '0', SLACK_BOT_TOKEN: slack.token, SLACK_SIGNING_SECRET: SECRET, SLACK_API_URL: slack.apiUrl });
  app = await startApp(config, { logger: createLogger({ level: 'debug', format: 'json', write: (line) => lines.push(line) }), poll: false });
});

afterAll(async () => {
  await app?.close();
  await connector?.close();
  await slack?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('every log line of a running app is one JSON object with each key once', async () => {
  const base = `http://${app.host}:${app.port}`;
  const activity = JSON.parse(readFileSync(path.join(__dirname, 'fixtures/teams/message-personal.json'), 'utf8'));
  connector.members.set(activity.from.id, { id: activity.from.id, name: alex.name, email: alex.email, aadObjectId: activity.from.aadObjectId });
  const id = `log-keys-${Date.now()}`;
  const res = await fetch(`${base}/api/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...activity, id, text: 'mine', serviceUrl: connector.url }) });
  expect(res.status).toBeLessThan(300);
  await connector.waitFor((a) => a.replyToId === id);
  const post = createSlackPoster(`${base}/slack/events`, SECRET);
  expect((await post(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: alex.id, text: 'mine', response_url: slack.responseUrl('mine') }))).status).toBe(200);
  await slack.waitFor('response_url');
  await app.poller.runOnce();

  const components = new Set(lines.map((l) => JSON.parse(l).component ?? JSON.parse(l).channel));
  // The lines came from several parts of the process (the ones whose child loggers nest).
  expect(components.has('slack')).toBe(true);
  expect(lines.length).toBeGreaterThan(5);
  const repeated = lines.map((line) => ({ line, keys: duplicateKeys(line) })).filter((l) => l.keys.length > 0);
  expect(repeated).toEqual([]);
}, 60_000);

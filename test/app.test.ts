/**
 * The process as `npm start` builds it: configuration -> embedded site -> help desk -> store ->
 * notifications -> Teams and Slack on one port. Driven through real HTTP only.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/log';
import { startFakeConnector, type FakeConnector } from './support/fake-connector';
import { startFakeSlack, type FakeSlack } from './support/fake-slack';
import { createSlackPoster, slackFixture, slashBody } from './support/slack-request';

const SECRET = 'app-test-signing-secret';
const alex = { id: 'UALEX0001', name: 'Alex Wilber', email: 'alexw@example.com' };
const logLines: string[] = [];
let dir: string;
let connector: FakeConnector;
let slack: FakeSlack;
let app: App;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'app-'));
  connector = await startFakeConnector();
  slack = await startFakeSlack({ users: [alex] });
  const config = loadConfig({
    HELPDESK_DATA_DIR: dir,
    PORT: '0',
    SLACK_BOT_TOKEN: slack.token,
    SLACK_SIGNING_SECRET: SECRET,
    SLACK_API_URL: slack.apiUrl,
    // A role naming a status this desk lacks: reported once, and start-up goes on.
    HELPDESK_STATUS_WAITING: 'Waiting,On Hold',
  });
  const logger = createLogger({ level: 'debug', write: (line) => logLines.push(line) });
  app = await startApp(config, { logger, poll: false });
  base = `http://${app.host}:${app.port}`;
});

afterAll(async () => {
  await app?.close();
  await connector?.close();
  await slack?.close();
  rmSync(dir, { recursive: true, force: true });
});

function teamsMessage(text: string) {
  const activity = JSON.parse(readFileSync(path.join(__dirname, 'fixtures/teams/message-personal.json'), 'utf8'));
  connector.members.set(activity.from.id, { id: activity.from.id, name: 'Alex Wilber', email: 'alexw@example.com', aadObjectId: activity.from.aadObjectId });
  return { ...activity, text, id: `${Date.now()}`, serviceUrl: connector.url };
}

describe('npm start on the embedded site', () => {
  it('logs a status role naming a status the desk lacks once, and starts anyway', () => {
    const said = logLines.map((l) => JSON.parse(l)).filter((l) => l.setting === 'HELPDESK_STATUS_WAITING');
    expect(said).toEqual([expect.objectContaining({ level: 40, status: 'On Hold', role: 'waiting' })]);
  });

  it('serves on loopback only, with no tenant settings, and reports healthy', async () => {
    expect(app.host).toBe('127.0.0.1');
    expect(app.emulator).toBeDefined();
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(logLines.some((l) => l.includes('accepts unauthenticated') || l.includes('unauthenticated'))).toBe(true);
  });

  it('answers a Teams user from the seeded help desk through /api/messages', async () => {
    const res = await fetch(`${base}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(teamsMessage('mine')),
    });
    expect(res.status).toBeLessThan(300);
    const reply = await connector.waitFor((a) => a.conversationId.startsWith('a:1scrubbed'));
    // Alex has seeded tickets; the answer lists them rather than an error.
    expect(JSON.stringify(reply.activity)).toMatch(/#\d+/);
  });

  it('answers a signed Slack slash command on the same port, and refuses a forged one', async () => {
    const post = createSlackPoster(`${base}/slack/events`, SECRET);
    const fields = { ...slackFixture<Record<string, string>>('slash-command'), user_id: alex.id, text: 'help', response_url: slack.responseUrl('help') };
    expect((await post(slashBody(fields))).status).toBe(200);
    const forged = createSlackPoster(`${base}/slack/events`, 'not-the-secret');
    expect((await forged(slashBody(fields))).status).toBe(401);
  });

  it('keeps the embedded site and the bot state under HELPDESK_DATA_DIR', async () => {
    const { readdirSync } = await import('node:fs');
    const files = readdirSync(dir);
    expect(files).toContain('helpdesk-bot.sqlite');
    expect(files).toContain('emulator');
  });

  it('never logs a secret or token', () => {
    const all = logLines.join('\n');
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain(slack.token);
    expect(all).not.toContain(app.emulator!.clientSecret);
  });
});

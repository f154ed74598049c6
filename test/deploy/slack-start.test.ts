/**
 * When Slack cannot be reached at start, the bot stops with the Slack host and the reason, not the
 * SDK's bare "fetch failed". Real sockets: a closed loopback port, and the fake Slack Web API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/log';
import { startFakeSlack } from '../support/fake-slack';

const dir = mkdtempSync(path.join(tmpdir(), 'slack-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const logger = createLogger({ level: 'error', write: () => {} });

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as { port: number };
  await new Promise((r) => probe.close(r));
  return port;
}

async function startFailure(env: Record<string, string>): Promise<Error> {
  const config = loadConfig({ HELPDESK_DATA_DIR: mkdtempSync(path.join(dir, 'd-')), PORT: '0', SLACK_SIGNING_SECRET: 'secret', ...env });
  const err = await startApp(config, { logger, poll: false }).then(
    async (app) => {
      await app.close();
      return new Error('expected start-up to fail');
    },
    (e: Error) => e,
  );
  return err;
}

describe('Slack unreachable at start-up', () => {
  it('names the host and says the connection was refused', async () => {
    const port = await closedPort();
    const err = await startFailure({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_API_URL: `http://127.0.0.1:${port}/api/` });
    expect(err.message).toBe(`Slack (127.0.0.1:${port}) could not be reached at start-up: connection refused; nothing listens there (ECONNREFUSED)`);
  }, 60_000);

  it('names the host and Slack\'s answer when the token is refused', async () => {
    const slack = await startFakeSlack();
    try {
      const err = await startFailure({ SLACK_BOT_TOKEN: 'xoxb-wrong', SLACK_API_URL: slack.apiUrl });
      expect(err.message).toMatch(new RegExp(`^Slack \\(${new URL(slack.apiUrl).host}\\) refused the start-up check: Slack answered "(invalid_auth|not_authed)" — check the token$`));
      expect(err.message).not.toContain('xoxb-wrong');
    } finally {
      await slack.close();
    }
  });
});

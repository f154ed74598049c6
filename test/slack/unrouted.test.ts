/**
 * A signed request Bolt's receiver has no route for is answered 404 and logged with its method
 * and path, so a misrouted Slack app shows up in the logs instead of failing silently.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventBody, signSlack, slackFixture } from '../support/slack-request';
import { startTestHelpdesk, type TestHelpdesk } from './helpdesk';
import { SECRET, startSlackScene, type SlackScene } from './harness';

describe('Slack: a request Bolt has no route for', () => {
  let hd: TestHelpdesk;
  let scene: SlackScene;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    hd = await startTestHelpdesk();
    scene = await startSlackScene(hd.helpdesk);
    // The channel's own listener, mounted as a host other than ours might mount it: at every path.
    server = createServer((req, res) => void scene.channel.requestListener!(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await scene?.close();
    await hd?.close();
  });

  it('is answered 404 and logged with the path, not dropped silently', async () => {
    const envelope = slackFixture('event-message-im');
    const { body, contentType } = eventBody(envelope);
    const res = await fetch(`${base}/slack/elsewhere?x=1`, { method: 'POST', body, headers: { 'content-type': contentType, ...signSlack(SECRET, body) } });
    expect(res.status).toBe(404);
    const line = scene.logLines.find((l) => l.includes('no route for'));
    expect(line).toBeDefined();
    expect(line).toContain('/slack/elsewhere');
    expect(line).not.toContain('x=1');
  });
});

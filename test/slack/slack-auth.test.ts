import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeededHelpdesk, type SeededHelpdesk } from '../support/seeded-helpdesk';
import { eventBody, slackFixture, slashBody } from '../support/slack-request';
import { AGENTS, PEOPLE, slash, startSlackScene, type SlackScene } from './harness';

describe('Slack request authentication (Bolt signature checks through the real server)', () => {
  let scene: SlackScene;
  let helpdesk: SeededHelpdesk;
  beforeAll(async () => {
    helpdesk = await startSeededHelpdesk(AGENTS);
    scene = await startSlackScene(helpdesk);
  });
  afterAll(async () => {
    await scene?.close();
    await helpdesk?.close();
  });

  it('checked the bot token against the configured API, not slack.com', async () => {
    expect(scene.fake.callsTo('auth.test').length).toBeGreaterThanOrEqual(1);
  });

  it('answers url_verification with the challenge', async () => {
    const challenge = slackFixture('url-verification');
    const res = await scene.post(eventBody(challenge));
    expect(res.status).toBe(200);
    expect(res.json().challenge).toBe(challenge.challenge);
  });

  it('refuses a request signed with the wrong secret, and does nothing for it', async () => {
    scene.fake.clear();
    const res = await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, 'help', 'forged')), { secret: 'not-the-secret' });
    expect(res.status).toBe(401);
    // A correctly signed request sent after it is answered; anything the forged one set off would be recorded by then.
    expect((await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, 'help', 'genuine')))).status).toBe(200);
    await scene.fake.waitFor('response_url', (c) => c.responseId === 'genuine');
    expect(scene.fake.calls.filter((c) => c.method !== 'users.info' && c.responseId !== 'genuine')).toEqual([]);
  });

  it('refuses a correctly signed request older than five minutes (replay)', async () => {
    const old = Math.floor(Date.now() / 1000) - 6 * 60;
    const res = await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, 'help')), { timestamp: old });
    expect(res.status).toBe(401);
  });

  it('refuses a request with no signature at all', async () => {
    const body = JSON.stringify(slackFixture('event-app-home-opened'));
    const res = await fetch(scene.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(401);
  });

  it('never logs the bot token or the signing secret', () => {
    const all = scene.logLines.join('\n');
    expect(all).not.toContain(scene.fake.token);
    expect(all).not.toContain('test-signing-secret');
  });
});

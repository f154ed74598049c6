/**
 * Two bot processes on one PostgreSQL database, a Slack channel subscribed to everything: the
 * poller is SIGKILLed while its card post hangs (in flight, not taken effect). The survivor takes
 * the dead replica's claim once its heartbeat has stopped (src/store/liveness.ts: three missed
 * 5 s beats), not when the claim expires two minutes later, and the card arrives once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplicas, type BotProcess, type Replicas } from '../support/bot-process';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { freshDatabase, pgAvailable, pgProblem } from '../support/postgres';
import { until } from '../support/until';
import { createSlackPoster, slackFixture, slashBody } from '../support/slack-request';

const SECRET = 'replica-takeover-secret';
const dana = { id: 'UDANA001', name: 'Dana Agent', email: 'dana@example.com' };
const DESK = 'CDESK0001';

let stack: HelpdeskStack;
let slack: FakeSlack;
let replicas: Replicas | undefined;
let bots: BotProcess[] = [];

const cards = (title: string) => slack.messages.filter((m) => m.channel === DESK && !m.thread_ts && m.text.includes(title));

describe.skipIf(!pgAvailable())(`a replica killed with a send in flight${pgAvailable() ? '' : ` (cannot run: ${pgProblem()})`}`, () => {
  beforeAll(async () => {
    stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 } });
    stack.emulator.data.insert('SD_Agents', { Title: dana.name, SD_Email: dana.email, SD_IsActive: true });
    slack = await startFakeSlack({ users: [dana] });
    replicas = await startReplicas(stack.emulator, slack, { databaseUrl: await freshDatabase(), signingSecret: SECRET, dirPrefix: 'replica-takeover' });
    bots = replicas.bots;
  }, 240_000);

  afterAll(async () => {
    await replicas?.stop();
    await slack?.close();
    await stack?.close();
  });

  it('the survivor posts the card the dead poller had in flight within seconds of its last heartbeat, once', async () => {
    const slash = createSlackPoster(`${bots[1].base}/slack/events`, SECRET);
    expect((await slash(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: dana.id, channel_id: DESK, text: 'subscribe all', response_url: slack.responseUrl('sub') }))).status).toBe(200);
    await until(async () => (await Promise.all(bots.map((b) => b.health()))).some((h) => h.polling && (h.committed ?? 0) >= 1), 'one replica polling');

    slack.fault = (method, body) => (method === 'chat.postMessage' && body.channel === DESK && String(body.text).includes('Projector dead') ? { kind: 'hang' } : undefined);
    await stack.helpdesk.createTicket({ email: 'sam@example.com', name: 'Sam Requester' }, { title: 'Projector dead' });
    await slack.waitFor('chat.postMessage', (c) => c.fault === 'hang', 30_000);
    // Only the lease holder sends: the hung post is the poller's.
    const holder = (await Promise.all(bots.map((b) => b.health()))).findIndex((h) => h.polling);
    expect(holder).toBeGreaterThanOrEqual(0);
    bots[holder].child.kill('SIGKILL');
    await bots[holder].exited;
    const killedAt = Date.now();
    slack.fault = undefined;
    const survivor = bots[1 - holder];

    await until(() => cards('Projector dead').length > 0, 'the card from the survivor', 60_000);
    // The claim itself would hold for 2 minutes; three missed heartbeats are 15 s (plus the lease and a drain).
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    const c = (await survivor.health()).committed ?? 0;
    await until(async () => ((await survivor.health()).committed ?? 0) >= c + 3, 'three more recorded cycles');
    expect(cards('Projector dead')).toHaveLength(1);
  }, 240_000);
});

/**
 * Two bot processes on one PostgreSQL database, a Teams channel and a Slack channel subscribed to
 * everything: a status change made in the list updates each channel's one ticket card in place
 * and threads its line under that card, before and after the poller is SIGKILLed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplicas, type BotProcess, type Replicas } from '../support/bot-process';
import { startFakeConnector, type FakeConnector } from '../support/fake-connector';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { freshDatabase, pgAvailable, pgProblem } from '../support/postgres';
import { until } from '../support/until';
import { createSlackPoster, slackFixture, slashBody } from '../support/slack-request';

const SECRET = 'replica-cards-secret';
const dana = { id: 'UDANA001', name: 'Dana Agent', email: 'dana@example.com' };
const teamsDana = { id: '29:dana', name: 'Dana Agent', aadObjectId: 'aad-dana', email: 'dana@example.com' };
const DESK = 'CDESK0001';
const CHANNEL = '19:scrubbedGeneralChannel0000@thread.tacv2';

let stack: HelpdeskStack;
let slack: FakeSlack;
let connector: FakeConnector;
let replicas: Replicas | undefined;
let bots: BotProcess[] = [];

/** Everything each platform shows about the ticket titled `title`: cards, card edits, thread lines. */
function seen(title: string, teamsCard?: string, slackCard?: string) {
  const teamsCards = connector.activities.filter((a) => a.conversationId === CHANNEL && JSON.stringify(a.activity.attachments ?? []).includes(title));
  const slackCards = slack.messages.filter((m) => m.channel === DESK && !m.thread_ts && m.text.includes(title));
  return {
    teamsCards: teamsCards.map((a) => a.id),
    teamsUpdates: connector.updates.filter((u) => u.activityId === teamsCard).map((u) => u.conversationId),
    teamsLines: connector.activities.filter((a) => a.conversationId.startsWith(`${CHANNEL};messageid=`) && a.activity.text?.startsWith('Status:')).map((a) => [a.conversationId, a.activity.text]),
    slackCards: slackCards.map((m) => m.ts),
    slackUpdates: slack.callsTo('chat.update').filter((c) => c.body.ts === slackCard).map((c) => String(c.body.text)),
    slackLines: slack.callsTo('chat.postMessage').filter((c) => c.body.channel === DESK && c.body.thread_ts && String(c.body.text).startsWith('Status:')).map((c) => [c.body.thread_ts, c.body.text]),
  };
}

describe.skipIf(!pgAvailable())(`ticket cards with two replicas${pgAvailable() ? '' : ` (cannot run: ${pgProblem()})`}`, () => {
  beforeAll(async () => {
    stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 } });
    stack.emulator.data.insert('SD_Agents', { Title: dana.name, SD_Email: dana.email, SD_IsActive: true });
    slack = await startFakeSlack({ users: [dana] });
    connector = await startFakeConnector();
    connector.members.set(teamsDana.id, { id: teamsDana.id, name: teamsDana.name, aadObjectId: teamsDana.aadObjectId, email: teamsDana.email });
    replicas = await startReplicas(stack.emulator, slack, { databaseUrl: await freshDatabase(), signingSecret: SECRET, dirPrefix: 'replica-cards' });
    bots = replicas.bots;
  }, 240_000);

  afterAll(async () => {
    await replicas?.stop();
    await connector?.close();
    await slack?.close();
    await stack?.close();
  });

  it('a status change made in the list edits the one card on Teams and Slack, before and after the poller is SIGKILLed', async () => {
    // Subscribed through different replicas: Teams through the first, Slack through the second.
    const activity = JSON.parse(readFileSync(path.join(__dirname, '../fixtures/teams/message-channel-mention.json'), 'utf8'));
    Object.assign(activity, {
      id: 'subscribe-1',
      serviceUrl: connector.url,
      text: '<at>Help Desk</at> subscribe all',
      from: { ...activity.from, id: teamsDana.id, name: teamsDana.name, aadObjectId: teamsDana.aadObjectId },
      conversation: { ...activity.conversation, id: `${CHANNEL};messageid=subscribe-1` },
    });
    const res = await fetch(`${bots[0].base}/api/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(activity) });
    expect(res.status).toBe(200);
    const slash = createSlackPoster(`${bots[1].base}/slack/events`, SECRET);
    expect((await slash(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: dana.id, channel_id: DESK, text: 'subscribe all', response_url: slack.responseUrl('sub') }))).status).toBe(200);
    await until(async () => (await Promise.all(bots.map((b) => b.health()))).some((h) => h.polling && h.cycles >= 2), 'one replica polling');

    const e = stack.emulator;
    const ticket = await stack.helpdesk.createTicket({ email: 'sam@example.com', name: 'Sam Requester' }, { title: 'Scanner offline' });
    const first = await until(() => {
      const s = seen('Scanner offline');
      return s.teamsCards.length > 0 && s.slackCards.length > 0 && s;
    }, 'the card on both platforms');
    const teamsCard = first.teamsCards[0];
    const slackCard = first.slackCards[0];

    // Before the failover.
    e.data.update('SD_Tickets', String(ticket.id), { SD_Status: 'In Progress' });
    await until(() => {
      const s = seen('Scanner offline', teamsCard, slackCard);
      return s.teamsUpdates.length >= 1 && s.slackUpdates.length >= 1 && s.teamsLines.length >= 1 && s.slackLines.length >= 1;
    }, 'the first change on both platforms');

    // SIGKILL the poller; the other replica takes over and the next change edits the same cards.
    const holder = (await Promise.all(bots.map((b) => b.health()))).findIndex((h) => h.polling);
    expect(holder).toBeGreaterThanOrEqual(0);
    bots[holder].child.kill('SIGKILL');
    await bots[holder].exited;
    const survivor = bots[1 - holder];
    e.data.update('SD_Tickets', String(ticket.id), { SD_Status: 'Waiting' });
    await until(async () => (await survivor.health()).polling, 'the other replica polls');
    await until(() => {
      const s = seen('Scanner offline', teamsCard, slackCard);
      return s.teamsLines.length >= 2 && s.slackLines.length >= 2 && s.slackUpdates.length >= 2 && s.teamsUpdates.length >= 2;
      // A send the killed poller had in flight (a DM, say) holds its lane until the survivor sees that its heartbeat
      // stopped: three missed 5 s heartbeats (docs/deploy.md, several replicas); under load the kill can land on one.
    }, 'the second change on both platforms', 60_000);
    // A few more cycles: nothing is posted again.
    const c = (await survivor.health()).cycles;
    await until(async () => (await survivor.health()).cycles >= c + 3, 'three more cycles');

    const s = seen('Scanner offline', teamsCard, slackCard);
    expect(s.teamsCards).toEqual([teamsCard]);
    expect(s.slackCards).toEqual([slackCard]);
    expect(s.teamsUpdates.every((conversation) => conversation === CHANNEL)).toBe(true);
    expect(s.teamsLines).toEqual([
      [`${CHANNEL};messageid=${teamsCard}`, 'Status: New → In Progress'],
      [`${CHANNEL};messageid=${teamsCard}`, 'Status: In Progress → Waiting'],
    ]);
    expect(s.slackLines).toEqual([
      [slackCard, 'Status: New → In Progress'],
      [slackCard, 'Status: In Progress → Waiting'],
    ]);
    expect(s.slackUpdates.at(-1)).toContain('Waiting');
  }, 240_000);
});

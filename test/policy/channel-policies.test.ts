/**
 * Issue 22 item 3: each channel policy is decided in one neutral place and Teams and Slack only
 * supply send functions. The same failure on both platforms gives the same retries and the same
 * fallback; the same untrusted action data is cleaned and refused the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeededHelpdesk, type SeededHelpdesk } from '../support/seeded-helpdesk';
import { eventBody, interactiveBody, slackFixture } from '../support/slack-request';
import { AGENTS, PEOPLE, startSlackScene, type SlackScene } from '../slack/harness';
import { startTeamsHarness, type TeamsHarness } from '../teams/harness';

let teams: TeamsHarness;
let slack: SlackScene;
let desk: SeededHelpdesk;
const toldTeams: { email: string; text: string }[] = [];
const toldSlack: { email?: string; text: string }[] = [];
let seq = 0;

beforeAll(async () => {
  teams = await startTeamsHarness({ tellLater: async (email, text) => void toldTeams.push({ email, text }) });
  desk = await startSeededHelpdesk(AGENTS);
  slack = await startSlackScene(desk, { onUndeliveredReply: async ({ email, text }) => void toldSlack.push({ email, text }) });
}, 60_000);
afterAll(async () => {
  await slack?.close();
  await desk?.close();
  await teams?.close();
});

const lynne = () => ({ email: teams.emails.lynne!, name: 'Lynne Robbins' });
const sam = { email: PEOPLE.sam.email, name: PEOPLE.sam.name };
/** A told text with its ticket number written as `#`, so the two platforms' texts compare. */
const same = (text: string | undefined, id: number) => text?.replaceAll(`#${id}`, '#');

/** Sam types `text` in their Slack DM `channel`. */
async function slackDm(channel: string, text: string): Promise<void> {
  const envelope = slackFixture('event-message-im');
  const id = `Ev-policy-${++seq}-${Date.now()}`;
  envelope.event_id = id;
  envelope.event = { ...envelope.event, text, channel, client_msg_id: id, ts: `${Math.floor(Date.now() / 1000)}.${String(seq).padStart(6, '0')}` };
  await slack.post(eventBody(envelope));
}

/** Teams sends that failed since `from` (the fake connector's record). */
const teamsFailedSince = (from: number) => teams.connector.arrivals.slice(from).filter((a) => a.method === 'POST' && a.fault).length;

describe('"saved, but the answer failed": one policy on both platforms', () => {
  it('an answer that keeps failing is tried twice on each platform, then the same "it was saved" DM is queued; nobody is told to try again', async () => {
    const onTeams = await teams.stack.helpdesk.createTicket(lynne(), { title: 'Policy: Teams answer lost' });
    const from = teams.connector.arrivals.length;
    teams.connector.fault = (call) => (call.method === 'POST' ? { kind: 'http', status: 400 } : undefined);
    try {
      await teams.say(`comment ${onTeams.id} kept on Teams`, 'lynne');
    } finally {
      teams.connector.fault = undefined;
    }

    const onSlack = await desk.createTicket(sam, { title: 'Policy: Slack answer lost' });
    slack.fake.fault = (method, body) => (method === 'chat.postMessage' && body.channel === 'DSAMPOL1' ? { kind: 'error', error: 'internal_error' } : undefined);
    try {
      await slackDm('DSAMPOL1', `comment ${onSlack.id} kept on Slack`);
      await expect.poll(() => toldSlack.find((t) => t.text.includes(`#${onSlack.id}`)), { timeout: 15_000 }).toBeTruthy();
    } finally {
      slack.fake.fault = undefined;
    }

    // The same tries: the first send and one retry, on each.
    expect(teamsFailedSince(from)).toBe(2);
    expect(slack.fake.calls.filter((c) => c.method === 'chat.postMessage' && c.body.channel === 'DSAMPOL1' && c.fault)).toHaveLength(2);
    // The same fallback: one note for the outbox, addressed to the person, with the same words.
    const teamsNote = toldTeams.filter((t) => t.text.includes(`#${onTeams.id}`));
    const slackNote = toldSlack.filter((t) => t.text.includes(`#${onSlack.id}`));
    expect(teamsNote.map((t) => t.email)).toEqual([lynne().email]);
    expect(slackNote.map((t) => t.email)).toEqual([sam.email]);
    expect(same(teamsNote[0].text, onTeams.id)).toBe(same(slackNote[0].text, onSlack.id));
    expect(same(slackNote[0].text, onSlack.id)).toMatch(/^Your change on # was saved/);
    expect(`${teamsNote[0].text} ${slackNote[0].text}`).not.toMatch(/try again/i);
    // The write happened once on each.
    expect((await teams.stack.helpdesk.listComments(lynne(), onTeams.id)).map((c) => c.body)).toEqual(['kept on Teams']);
    expect(desk.comments(onSlack.id)).toHaveLength(1);
  });

  it('an answer that fails once arrives on the retry on both platforms, and nothing is queued', async () => {
    const told = toldTeams.length + toldSlack.length;
    const onTeams = await teams.stack.helpdesk.createTicket(lynne(), { title: 'Policy: Teams retry' });
    let teamsFailures = 1;
    teams.connector.fault = (call) => (call.method === 'POST' && teamsFailures-- > 0 ? { kind: 'http', status: 400 } : undefined);
    let replies;
    try {
      replies = await teams.say(`comment ${onTeams.id} second try on Teams`, 'lynne');
    } finally {
      teams.connector.fault = undefined;
    }
    expect(replies).toHaveLength(1);

    const onSlack = await desk.createTicket(sam, { title: 'Policy: Slack retry' });
    let slackFailures = 1;
    slack.fake.fault = (method, body) => (method === 'chat.postMessage' && body.channel === 'DSAMPOL2' && slackFailures-- > 0 ? { kind: 'error', error: 'internal_error' } : undefined);
    try {
      await slackDm('DSAMPOL2', `comment ${onSlack.id} second try on Slack`);
      await slack.fake.waitFor('chat.postMessage', (c) => c.body.channel === 'DSAMPOL2' && !c.fault);
    } finally {
      slack.fake.fault = undefined;
    }
    expect(toldTeams.length + toldSlack.length).toBe(told);
  });
});

describe('untrusted action data: one cleaner on both platforms', () => {
  it('a ticket number that is not a number is named the same way on a Teams card and a Slack button, never silently dropped', async () => {
    const onTeams = await teams.execute('ticket.show', { ticketId: 'twelve' }, 'dana');
    expect(onTeams.body.statusCode).toBe(400);
    const teamsSays: string = onTeams.body.value.message;

    const click = slackFixture('block-actions');
    click.user.id = PEOPLE.dana.id;
    click.actions = [{ ...click.actions[0], action_ts: `1732280099.${Date.now()}`, action_id: 'ticket.show', value: '{"ticketId":"twelve"}' }];
    click.response_url = slack.fake.responseUrl('policy-bad-id');
    click.container = { ...click.container, is_ephemeral: true };
    await slack.post(interactiveBody(click));
    const answer = await slack.fake.waitFor('response_url', (c) => c.responseId === 'policy-bad-id');
    expect(teamsSays).toMatch(/twelve/);
    expect(JSON.stringify(answer.body)).toContain(teamsSays);
  });

  it('a ticket number sent as digits in a string opens the ticket on both platforms', async () => {
    const onTeams = await teams.stack.helpdesk.createTicket(lynne(), { title: 'Policy: digits on Teams' });
    const shown = await teams.execute('ticket.show', { ticketId: String(onTeams.id) }, 'lynne');
    expect(shown.body.statusCode).toBe(200);
    expect(JSON.stringify(shown.body.value)).toContain('Policy: digits on Teams');

    const onSlack = await desk.createTicket(sam, { title: 'Policy: digits on Slack' });
    const click = slackFixture('block-actions');
    click.user.id = PEOPLE.sam.id;
    click.actions = [{ ...click.actions[0], action_ts: `1732280098.${Date.now()}`, action_id: 'ticket.show', value: JSON.stringify({ ticketId: String(onSlack.id) }) }];
    click.response_url = slack.fake.responseUrl('policy-digits');
    click.container = { ...click.container, is_ephemeral: true };
    await slack.post(interactiveBody(click));
    const answer = await slack.fake.waitFor('response_url', (c) => c.responseId === 'policy-digits');
    expect(JSON.stringify(answer.body)).toContain('Policy: digits on Slack');
  });
});

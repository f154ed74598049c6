/**
 * A merged requester's messages on Slack, through the real poll cycle and delivery with surveys
 * on: one DM saying where their question went, no resolution DM and no survey; afterwards the
 * kept ticket's status DMs reach them too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../src/commands';
import { VERBS } from '../../../src/core';
import { startSlackNotifyScene, type SlackNotifyScene } from '../../support/slack-notify-scene';
import { slackFixture, slashBody } from '../../support/slack-request';

const sam = { id: 'USAM0001', name: 'Sam Requester', email: 'sam@example.com' };
const robin = { id: 'UROBIN01', name: 'Robin Colleague', email: 'robin@example.com' };
const dana = { id: 'UDANA001', name: 'Dana Agent', email: 'dana@example.com' };
const ROBIN_DM = 'D0ROBIN';
const DANA_DM = 'D0DANA';

describe('a merged requester hears about the ticket kept', () => {
  let s: SlackNotifyScene;
  beforeAll(async () => {
    s = await startSlackNotifyScene({ agent: dana, people: [sam, robin, dana], dirPrefix: 'merge-dm-', csat: { enabled: true, scale: 'five' } });
    // Robin has talked to the bot in a DM, so DMs to him go there.
    await s.post(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: robin.id, channel_id: ROBIN_DM, text: 'mine', response_url: s.fake.responseUrl('robin-mine') }));
    await s.post(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: dana.id, channel_id: DANA_DM, text: 'mine', response_url: s.fake.responseUrl('dana-mine') }));
  });
  afterAll(async () => {
    await s?.close();
  });

  const asDana = () => ({ actor: { email: dana.email, name: dana.name }, helpdesk: s.notifications.helpdesk, conversation: { platform: 'slack' as const, id: 'CDESK', kind: 'channel' as const }, channel: {}, notifications: s.notifications.ports, commands: s.commands });
  const robinDms = () => s.fake.callsTo('chat.postMessage').filter((c) => c.body.channel === ROBIN_DM).map((c) => `${c.body.text ?? ''} ${JSON.stringify(c.body.blocks ?? [])}`);

  it('gets one merge DM, no resolution DM and no survey, then the kept ticket\'s status DMs', async () => {
    const kept = await s.notifications.helpdesk.createTicket({ email: sam.email, name: sam.name }, { title: 'Outlook crashes on start' });
    const dup = await s.notifications.helpdesk.createTicket({ email: robin.email, name: robin.name }, { title: 'outlook keeps crashing' });
    await s.poller.runOnce();
    const before = robinDms().length;
    await dispatch(asDana(), { verb: VERBS.merge, ticketId: dup.id, values: { into: String(kept.id) } });
    await s.poller.runOnce();
    await s.fake.waitFor('chat.postMessage', (c) => c.body.channel === ROBIN_DM && /was merged into/.test(JSON.stringify(c.body)));
    // A retry of the merge after a timeout: nothing more is written, nobody is told twice.
    await dispatch(asDana(), { verb: VERBS.merge, ticketId: dup.id, values: { into: String(kept.id) } });
    await s.poller.runOnce();
    const after = robinDms().slice(before);
    expect(after).toHaveLength(1);
    expect(after[0]).toContain(`#${dup.id}`);
    expect(after[0]).toContain(`was merged into #${kept.id}`);
    expect(after.join('\n')).not.toMatch(/How did we do|has been resolved|was resolved/);

    await dispatch(asDana(), { verb: VERBS.status, ticketId: kept.id, values: { status: 'In Progress' } });
    await s.poller.runOnce();
    await s.fake.waitFor('chat.postMessage', (c) => c.body.channel === ROBIN_DM && JSON.stringify(c.body).includes(`#${kept.id}`) && !/was merged into/.test(JSON.stringify(c.body)));
  });

  it('the agent who merged is told nothing about it: not as the duplicate\'s requester, not as the assignee of the ticket kept', async () => {
    const danaDms = () => s.fake.callsTo('chat.postMessage').filter((c) => c.body.channel === DANA_DM).map((c) => `${c.body.text ?? ''} ${JSON.stringify(c.body.blocks ?? [])}`);
    const kept = await s.notifications.helpdesk.createTicket({ email: sam.email, name: sam.name }, { title: 'Wi-Fi drops in room 4' });
    await s.notifications.helpdesk.assign({ email: dana.email, name: dana.name }, kept.id, dana.email, '*');
    // Dana files the same problem herself, then sees it is a duplicate and merges it.
    const own = await s.notifications.helpdesk.createTicket({ email: dana.email, name: dana.name }, { title: 'wifi dropping in room 4' });
    await s.poller.runOnce();
    const before = danaDms().length;
    const merged = await dispatch(asDana(), { verb: VERBS.merge, ticketId: own.id, values: { into: String(kept.id) } });
    expect(JSON.stringify(merged.view)).toContain(`is merged into #${kept.id}`);
    await s.poller.runOnce();
    await s.poller.runOnce();
    expect(danaDms().slice(before)).toEqual([]);
  });
});

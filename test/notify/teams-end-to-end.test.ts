/**
 * The notification loop on Teams, wired like the composition root: the real Teams channel behind
 * the real server, the loopback Bot Connector, the help-desk service over the emulator, the store
 * and the poller. Activities are the recorded, scrubbed fixtures with ids and text varied.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Notifications, Poller } from '../../src/notify';
import type { FakeConnector } from '../support/fake-connector';
import type { HelpdeskStack } from '../support/helpdesk-stack';
import { startTeamsNotifyScene, type TeamsNotifyScene } from '../support/teams-notify-scene';

const CHANNEL = '19:scrubbedGeneralChannel0000@thread.tacv2';
const dana = { id: '29:dana', name: 'Dana Agent', aadObjectId: 'aad-dana', email: 'dana@example.com' };
const lynne = { id: '29:lynne', name: 'Lynne Robbins', aadObjectId: 'aad-lynne', email: 'lynne@example.com' };

let scene: TeamsNotifyScene;
let stack: HelpdeskStack;
let connector: FakeConnector;
let notifications: Notifications;
let poller: Poller;

beforeEach(async () => {
  scene = await startTeamsNotifyScene({ agent: dana, people: [dana, lynne], dirPrefix: 'teams-e2e-', threadReplies: true });
  ({ stack, connector, notifications, poller } = scene);
});
afterEach(() => scene.close());

/** Sends a fixture message as `who`; in a channel it @mentions the bot, in `thread` when given. */
async function say(who: typeof dana, text: string, where: { personal: true } | { thread: string }): Promise<void> {
  const personal = 'personal' in where;
  const activity = scene.activity(personal ? 'message-personal' : 'message-channel-mention', who, `a:personal-${who.aadObjectId}`);
  activity.text = personal ? text : `<at>Help Desk</at> ${text}`;
  if (!personal) activity.conversation.id = `${CHANNEL};messageid=${where.thread || activity.id}`;
  const { status } = await scene.post(activity);
  if (status !== 200) throw new Error(`POST /api/messages answered ${status}`);
}
/** Waits until `condition` holds (checked every 10 ms), failing after 5 s. */
async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met within 5 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}
const textsIn = (conversationId: string) => connector.activities.filter((a) => a.conversationId === conversationId).map((a) => a.activity.summary ?? a.activity.text);

describe('Teams notifications end to end', () => {
  it('subscribe in a channel, one card updated in place, change in its thread, requester told in her personal chat', async () => {
    await say(dana, 'subscribe all', { thread: '' });
    expect(await notifications.ports.subscriptions({ platform: 'teams', id: CHANNEL, kind: 'channel' })).toEqual([{ kind: 'all' }]);
    await say(lynne, 'mine', { personal: true });

    const t = await notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Headset crackles' });
    await poller.runOnce();
    const cards = connector.activities.filter((a) => a.conversationId === CHANNEL && a.activity.attachments?.length);
    expect(cards).toHaveLength(1);
    expect(JSON.stringify(cards[0].activity.attachments[0].content)).toContain('Headset crackles');

    await notifications.helpdesk.claim({ email: dana.email, name: dana.name }, t.id);
    await poller.runOnce();
    expect(connector.updates.map((u) => [u.conversationId, u.activityId])).toEqual([[CHANNEL, cards[0].id]]);
    expect(textsIn(`${CHANNEL};messageid=${cards[0].id}`)).toEqual(['Status: New → Assigned\nAssigned to Dana Agent']);
    expect(textsIn(`a:personal-${lynne.aadObjectId}`)).toContain(`Your ticket #${t.id} "Headset crackles" is now Assigned.`);
  }, 30_000);

  it('a claim and a comment typed in Teams are told at once, without a poll, and the next poll sends nothing again', async () => {
    await say(dana, 'subscribe all', { thread: '' });
    await say(lynne, 'mine', { personal: true });
    await say(dana, 'mine', { personal: true });
    const t = await notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Monitor flickers' });
    await poller.runOnce();
    const card = connector.activities.find((a) => a.conversationId === CHANNEL && a.activity.attachments?.length)!;
    const thread = `${CHANNEL};messageid=${card.id}`;

    // No runOnce from here on: only the fast lane can deliver these.
    await say(dana, `claim ${t.id}`, { thread: '' });
    await until(() => connector.updates.some((u) => u.activityId === card.id));
    await connector.waitFor((a) => a.conversationId === thread);
    await connector.waitFor((a) => a.conversationId === `a:personal-${lynne.aadObjectId}` && /is now Assigned/.test((a.activity.summary ?? a.activity.text) ?? ''));
    expect(textsIn(thread)).toEqual(['Status: New → Assigned\nAssigned to Dana Agent']);

    await say(lynne, `comment ${t.id} It flickers at 60 Hz only`, { personal: true });
    const dm = await connector.waitFor((a) => a.conversationId === `a:personal-${dana.aadObjectId}` && /60 Hz/.test((a.activity.summary ?? a.activity.text) ?? ''));
    expect(dm.activity.summary).toBe(`Lynne Robbins (requester) commented on #${t.id} "Monitor flickers": It flickers at 60 Hz only`);
    await connector.waitFor((a) => a.conversationId === thread && /60 Hz/.test((a.activity.summary ?? a.activity.text) ?? ''));

    const sent = connector.activities.length;
    const updates = connector.updates.length;
    expect((await poller.runOnce()).owed).toBe(0);
    expect(connector.activities).toHaveLength(sent);
    expect(connector.updates).toHaveLength(updates);
  }, 30_000);

  it('an @mention reply in the card thread becomes a comment and is answered in the thread', async () => {
    await say(dana, 'subscribe all', { thread: '' });
    const t = await notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Dock not charging' });
    await poller.runOnce();
    const card = connector.activities.find((a) => a.conversationId === CHANNEL && a.activity.attachments?.length)!;
    const thread = `${CHANNEL};messageid=${card.id}`;

    await say(lynne, 'It stopped after the update', { thread: card.id });
    await say(dana, 'note: firmware 2.1 regression', { thread: card.id });
    expect(textsIn(thread)).toEqual([`Added a public reply to #${t.id}.`, `Added an internal note to #${t.id}.`]);
    const comments = await stack.helpdesk.listComments({ email: dana.email, name: dana.name }, t.id);
    expect(comments.map((c) => [c.body, c.isInternal, c.authorEmail])).toEqual([
      ['It stopped after the update', false, lynne.email],
      ['firmware 2.1 regression', true, dana.email],
    ]);
    // The poller does not echo the replies back into the thread they were written in.
    await poller.runOnce();
    expect(textsIn(thread)).toHaveLength(2);
  }, 30_000);

  it("an agent's command in the card thread runs on that ticket and is not stored as a comment", async () => {
    await say(dana, 'subscribe all', { thread: '' });
    const t = await notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Monitor flickers' });
    await poller.runOnce();
    const card = connector.activities.find((a) => a.conversationId === CHANNEL && a.activity.attachments?.length)!;
    const thread = `${CHANNEL};messageid=${card.id}`;

    await say(dana, 'claim', { thread: card.id });
    await say(dana, 'priority High', { thread: card.id });
    await say(dana, `resolve ${t.id} done, user did not read the manual`, { thread: card.id });
    await say(lynne, 'claim', { thread: card.id });
    const after = await stack.helpdesk.getTicket({ email: dana.email, name: dana.name }, t.id);
    expect([after?.assignedTo, after?.priority, after?.status]).toEqual([dana.email, 'High', 'Resolved']);
    const comments = await stack.helpdesk.listComments({ email: dana.email, name: dana.name }, t.id);
    // Only the requester's message became a comment (plus the resolution note the resolve command writes, if any).
    expect(comments.filter((c) => c.authorEmail === lynne.email).map((c) => c.body)).toEqual(['claim']);
    expect(comments.map((c) => c.body)).not.toContain('claim 1');
    expect(comments.some((c) => /^priority|^claim$/i.test(c.body) && c.authorEmail === dana.email)).toBe(false);
    // Each command is answered in the thread with the ticket card (public changes), the requester's with a line.
    const inThread = connector.activities.filter((a) => a.conversationId === thread);
    expect(inThread.filter((a) => a.activity.attachments?.length)).toHaveLength(3);
    expect(textsIn(thread)).toContain(`Added a public reply to #${t.id}.`);
  }, 30_000);
});

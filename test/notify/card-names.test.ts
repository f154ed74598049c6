/**
 * Issue 42: the notifier names people, not addresses. A routed ticket's channel card on Teams says
 * "Assigned to: Megan Bowen (round robin)" and its thread "Assigned to Megan Bowen"; an agent who
 * assigns a ticket to Megan is named in her DM, and the card names her; the same on Slack. The
 * names come from the help desk's agents list (SD_Agents' Title), read through the service's cache.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openRoutingSource } from '../../src/features/routing/rules-source';
import { createLogger } from '../../src/log';
import { startTeamsNotifyScene, type TeamsNotifyScene, type TeamsPerson } from '../support/teams-notify-scene';
import { until } from '../support/until';
import { alex, DESK, megan as meganOnSlack, SECRET, startRoutedDesk, type RoutedDesk } from '../features/routing/routed-desk';
import { createSlackPoster, slackFixture, slashBody } from '../support/slack-request';

const CHANNEL = '19:scrubbedGeneralChannel0000@thread.tacv2';
const megan: TeamsPerson = { id: '29:megan', name: 'Megan Bowen', aadObjectId: 'aad-megan', email: 'megan@contoso.com' };
const dana: TeamsPerson = { id: '29:dana', name: 'Dana Agent', aadObjectId: 'aad-dana', email: 'dana@contoso.com' };
const lynne: TeamsPerson = { id: '29:lynne', name: 'Lynne Robbins', aadObjectId: 'aad-lynne', email: 'lynne@contoso.com' };

let scene: TeamsNotifyScene | undefined;
let desk: RoutedDesk | undefined;
let dir: string | undefined;
afterEach(async () => {
  await scene?.close();
  scene = undefined;
  await desk?.close();
  desk = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Sends a typed message as `who`: in their personal chat, or @mentioning the bot in the channel. */
async function say(s: TeamsNotifyScene, who: TeamsPerson, text: string, personal: boolean): Promise<void> {
  const activity = s.activity(personal ? 'message-personal' : 'message-channel-mention', who, `a:personal-${who.aadObjectId}`);
  activity.text = personal ? text : `<at>Help Desk</at> ${text}`;
  if (!personal) activity.conversation.id = `${CHANNEL};messageid=${activity.id}`;
  const { status } = await s.post(activity);
  if (status !== 200) throw new Error(`POST /api/messages answered ${status}`);
}

/** The channel card as last posted or edited, as the Adaptive Card's JSON. */
function channelCard(s: TeamsNotifyScene): string {
  const posted = s.connector.activities.filter((a) => a.conversationId === CHANNEL && a.activity.attachments?.length);
  const edits = s.connector.updates.filter((u) => u.conversationId === CHANNEL);
  const last = edits.at(-1)?.activity ?? posted.at(-1)?.activity;
  return JSON.stringify(last?.attachments?.[0]?.content ?? {});
}

const threadLines = (s: TeamsNotifyScene) =>
  s.connector.activities.filter((a) => a.conversationId.startsWith(`${CHANNEL};messageid=`) && !a.activity.attachments?.length).map((a) => a.activity.summary ?? a.activity.text);
const dmsOf = (s: TeamsNotifyScene, who: TeamsPerson) =>
  s.connector.activities.filter((a) => a.conversationId === `a:personal-${who.aadObjectId}`).map((a) => a.activity.summary ?? a.activity.text);

describe('the notifier names people on Teams', () => {
  it('a routed ticket\'s channel card says "Megan Bowen (round robin)" and its thread "Assigned to Megan Bowen", never her address', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'card-names-rules-'));
    writeFileSync(path.join(dir, 'routing.json'), JSON.stringify({ groups: [{ name: 'Hardware', agents: [megan.email], method: 'round-robin' }], default: 'Hardware' }));
    const rules = await openRoutingSource(path.join(dir, 'routing.json'), { logger: createLogger({ level: 'error', write: () => undefined }) });
    scene = await startTeamsNotifyScene({ agent: megan, people: [megan, lynne], dirPrefix: 'card-names-', routing: { rules } });
    await say(scene, megan, 'subscribe all', false);

    const t = await scene.notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Laptop will not boot' });
    await scene.poller.runOnce(); // the card is posted; routing assigns the ticket
    expect(scene.stack.emulator.data.get('SD_Tickets', String(t.id))?.fields.SD_AssignedTo).toBe(megan.email);
    await scene.poller.runOnce(); // the assignment is read: the card is edited, the thread told

    const card = channelCard(scene);
    expect(card).toContain('"title":"Assigned to","value":"Megan Bowen (round robin)"');
    expect(card).not.toContain(megan.email);
    expect(threadLines(scene)).toContain('Status: New → Assigned\nAssigned to Megan Bowen');
  }, 30_000);

  it('an agent who assigns a ticket is named in the assignee\'s DM, and the channel card and thread name the assignee', async () => {
    scene = await startTeamsNotifyScene({ agent: dana, people: [dana, megan, lynne], dirPrefix: 'card-names-' });
    scene.stack.emulator.data.insert('SD_Agents', { Title: megan.name, SD_Email: megan.email, SD_IsActive: true });
    await say(scene, dana, 'subscribe all', false);
    await say(scene, megan, 'mine', true);
    const t = await scene.notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Dock flickers' });
    await scene.poller.runOnce();

    await say(scene, dana, `assign ${t.id} ${megan.email}`, true);
    // The fast lane tells at once, without a poll.
    await scene.connector.waitFor((a) => a.conversationId.startsWith(`${CHANNEL};messageid=`) && /Megan/.test((a.activity.summary ?? a.activity.text) ?? ''));
    await scene.connector.waitFor((a) => a.conversationId === `a:personal-${megan.aadObjectId}` && /assigned/.test((a.activity.summary ?? a.activity.text) ?? ''));

    expect(dmsOf(scene, megan)).toContain(`Dana Agent assigned ticket #${t.id} "Dock flickers" to you (requester: Lynne Robbins, priority Normal).`);
    const card = channelCard(scene);
    expect(card).toContain('"title":"Assigned to","value":"Megan Bowen"');
    expect(card).not.toContain(megan.email);
    expect(threadLines(scene)).toContain('Status: New → Assigned\nAssigned to Megan Bowen');
  }, 30_000);
});

describe('the notifier names people on Slack', () => {
  /** The channel card's blocks as last posted or edited. */
  const cardOf = (d: RoutedDesk, id: number) => {
    const posted = d.slack.messages.find((m) => m.channel === DESK && !m.thread_ts && JSON.stringify(m.blocks).includes(`#${id}`));
    return JSON.stringify(posted?.blocks ?? []);
  };
  const threadOf = (d: RoutedDesk, id: number) => {
    const posted = d.slack.messages.find((m) => m.channel === DESK && !m.thread_ts && JSON.stringify(m.blocks).includes(`#${id}`));
    return d.slack.messages.filter((m) => m.channel === DESK && posted && m.thread_ts === posted.ts).map((m) => m.text);
  };

  it('a routed ticket\'s card says "Megan Bowen (round robin)"; when Megan hands it to Alex, his DM names her and the card names him', async () => {
    desk = await startRoutedDesk();
    await desk.poll();
    const id = desk.file('Laptop will not boot');
    await desk.poll();
    await desk.poll();
    expect(cardOf(desk, id)).toContain('*Assigned to*\\nMegan Bowen (round robin)');
    expect(cardOf(desk, id)).not.toContain(meganOnSlack.email);
    expect(threadOf(desk, id)).toContain('Status: New → Assigned\nAssigned to Megan Bowen');

    // Typed in her DM with the bot; the answer is public (a message, not the slash command's response URL).
    const post = createSlackPoster(`http://${desk.app.host}:${desk.app.port}/slack/events`, SECRET);
    const typed = await post(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: meganOnSlack.id, channel_id: `D${meganOnSlack.id.slice(1)}`, text: `assign ${id} ${alex.email}`, response_url: desk.slack.responseUrl('assign') }));
    expect(typed.status).toBe(200);
    await until(() => desk!.assignee(id) === alex.email, 'the ticket assigned to Alex');
    await desk.poll();
    const told = `Megan Bowen assigned ticket #${id} "Laptop will not boot" to you (requester: Patti Fernandez, priority Normal).`;
    await until(() => desk!.dms(alex).includes(told), 'Alex told who assigned the ticket to him');
    await until(() => threadOf(desk!, id).includes('Assigned to Alex Wilber'), 'the thread names Alex');
    expect(cardOf(desk, id)).toContain('*Assigned to*\\nAlex Wilber');
    expect(cardOf(desk, id)).not.toContain(alex.email);
  }, 60_000);
});

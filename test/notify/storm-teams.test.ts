/**
 * A change storm on Teams, end to end: the real Teams channel behind the real server, the
 * loopback Bot Connector, the service over the emulator, the store and the poller. 120 tickets
 * arrive in one poll cycle: the channel gets one summary and the high-priority cards, the List
 * button pages all 120 in the bot, and a requester whose tickets all changed gets one DM.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Poller } from '../../src/notify';
import type { FakeConnector } from '../support/fake-connector';
import type { HelpdeskStack } from '../support/helpdesk-stack';
import { startTeamsNotifyScene, type TeamsNotifyScene } from '../support/teams-notify-scene';
import { ticketRow } from './emulator-setup';

const CHANNEL = '19:scrubbedGeneralChannel0000@thread.tacv2';
const dana = { id: '29:dana', name: 'Dana Agent', aadObjectId: 'aad-dana', email: 'dana@example.com' };
const alex = { id: '29:alex', name: 'Alex Requester', aadObjectId: 'aad-alex', email: 'alex@contoso.com' };

let scene: TeamsNotifyScene;
let stack: HelpdeskStack;
let connector: FakeConnector;
let poller: Poller;
let seq = 0;

beforeEach(async () => {
  scene = await startTeamsNotifyScene({ agent: dana, people: [dana, alex], dirPrefix: 'storm-teams-' });
  ({ stack, connector, poller } = scene);
});
afterEach(() => scene.close());

const activityOf = (name: string, who: typeof dana, conversationId: string) => scene.activity(name, who, conversationId);
async function send(activity: Record<string, any>): Promise<any> {
  const { status, body } = await scene.post(activity);
  expect(status).toBe(200);
  return body;
}
const sayInChannel = (who: typeof dana, text: string) => {
  const a = activityOf('message-channel-mention', who, `${CHANNEL};messageid=${Date.now()}${++seq}`);
  a.text = `<at>Help Desk</at> ${text}`;
  return send(a);
};
const sayPrivately = (who: typeof dana, text: string) => {
  const a = activityOf('message-personal', who, `a:personal-${who.aadObjectId}`);
  a.text = text;
  return send(a);
};
/** Dana clicks a button in her 1:1 chat; the answer is the card Teams shows in its place. */
async function click(action: { verb: string; data: Record<string, unknown> }): Promise<any> {
  const a = activityOf('invoke-card-action', dana, `a:personal-${dana.aadObjectId}`);
  a.value = { ...a.value, action: { type: 'Action.Execute', verb: action.verb, data: action.data } };
  return (await send(a)).value;
}
const cardOf = (a: { activity: any }) => a.activity.attachments?.[0]?.content;
const channelCards = () => connector.activities.filter((a) => a.conversationId === CHANNEL && a.activity.attachments?.length).map(cardOf);
const isSummary = (card: any) => JSON.stringify(card).includes('changed at once');

describe('a change storm on Teams', () => {
  it('120 new tickets in one cycle: one summary plus at most 10 high-priority cards; its List button pages all 120', async () => {
    await sayInChannel(dana, 'subscribe all');
    await sayPrivately(dana, 'mine');
    const before = connector.activities.length;
    const ids: number[] = [];
    for (let i = 1; i <= 120; i++) ids.push(Number(stack.emulator.data.insert('SD_Tickets', ticketRow(i, { SD_Priority: i % 10 === 0 ? 'High' : 'Normal' })).id));
    await poller.runOnce();

    const cards = channelCards();
    const summaries = cards.filter(isSummary);
    expect(summaries).toHaveLength(1);
    // 12 tickets are High: 10 of them get a card of their own, the rest are in the summary only.
    expect(cards.filter((c) => !isSummary(c))).toHaveLength(10);
    expect(connector.activities.slice(before).filter((a) => a.conversationId.startsWith(CHANNEL))).toHaveLength(11);
    const summary = summaries[0];
    const text = JSON.stringify(summary);
    expect(text).toContain('120 tickets changed at once');
    expect(text).toContain('New 120');
    expect(text).toContain('Normal 108');
    expect(text).toContain('and 115 more');
    expect(summary.body.filter((b: any) => b.type === 'Container')).toHaveLength(5);

    const list = summary.actions.find((a: any) => a.verb === 'ticket.queue');
    expect(list.title).toBe('List all 120');
    const seen: number[] = [];
    let page = await click(list);
    for (let n = 0; n < 10 && page; n++) {
      for (const c of page.body.filter((b: any) => b.type === 'Container')) seen.push(Number(/#(\d+)/.exec(JSON.stringify(c))![1]));
      const next = page.actions.find((a: any) => a.title === 'Next');
      expect(page.actions.some((a: any) => a.title === 'Refresh')).toBe(true);
      page = next ? await click(next) : undefined;
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen)).toEqual(new Set(ids));

    // Claim on a summary row in the channel: claimed; the list answers Dana alone; the channel's summary is not replaced.
    const summaryId = connector.activities.find((a) => a.conversationId === CHANNEL && isSummary(cardOf(a)))!.id;
    const row = summary.body.find((b: any) => b.type === 'Container');
    const found: any[] = [];
    const walk = (n: any): void => void (n && typeof n === 'object' && (n.verb === 'ticket.claim' ? found.push(n) : Object.values(n).forEach(walk)));
    walk(row);
    expect(found).toHaveLength(1);
    const data = found[0].data;
    const inChannel = activityOf('invoke-card-action', dana, `${CHANNEL};messageid=${summaryId}`);
    const mention = activityOf('message-channel-mention', dana, CHANNEL);
    inChannel.conversation = { ...mention.conversation, id: `${CHANNEL};messageid=${summaryId}` };
    inChannel.channelData = mention.channelData;
    inChannel.replyToId = summaryId;
    inChannel.value = { ...inChannel.value, action: { type: 'Action.Execute', verb: 'ticket.claim', data } };
    const answer = (await send(inChannel)).value;
    expect(JSON.stringify(answer)).toContain('Tickets changed at once');
    expect(connector.updates.filter((u) => u.activityId === summaryId)).toHaveLength(0);
    expect((await stack.helpdesk.getTicket({ email: dana.email, name: dana.name }, data.ticketId)).assignedTo).toBe(dana.email);

    // Later changes are cards again, created or updated as usual.
    stack.emulator.data.update('SD_Tickets', String(ids[0]), { SD_Status: 'Active' });
    await poller.runOnce();
    const after = channelCards();
    expect(after.filter(isSummary)).toHaveLength(1);
    const fresh = after.filter((c) => !isSummary(c)).slice(10);
    expect(fresh).toHaveLength(1);
    expect(JSON.stringify(fresh[0])).toMatch(/Ticket 1\b/);
  }, 60_000);

  it('a requester whose many tickets changed at once gets one merged DM', async () => {
    await sayPrivately(alex, 'mine');
    const ids: string[] = [];
    for (let i = 1; i <= 15; i++) ids.push(stack.emulator.data.insert('SD_Tickets', ticketRow(i)).id);
    await poller.runOnce();
    const chat = `a:personal-${alex.aadObjectId}`;
    const dms = () => connector.activities.filter((a) => a.conversationId === chat && /changed|Active/.test(a.activity.text ?? ''));
    expect(dms()).toHaveLength(0);
    for (const id of ids) stack.emulator.data.update('SD_Tickets', id, { SD_Status: 'Active' });
    await poller.runOnce();
    expect(dms()).toHaveLength(1);
    const text = dms()[0].activity.text as string;
    expect(text.split('\n')[0]).toBe('15 of your tickets changed at once:');
    expect(text).toContain('…and 5 more');
  }, 60_000);
});

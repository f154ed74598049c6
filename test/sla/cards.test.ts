/**
 * SLA clocks on the agents' ticket cards, end to end: a Teams and a Slack channel subscribed to
 * every ticket see the card's clock lines (due time as the platform's date token, coloured by
 * state); the card is edited once when the warning passes and once at the breach, never on the
 * polls in between; a requester's own card never shows a clock.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createConversationPorts } from '../../src/store';
import { CHANNEL, FIXTURES, MIN, connector, dana, pollAt, sayInTeams, setNow, slack, stack, startNotifier, url, useSlaScene } from './scene';

useSlaScene();

const DUE_11_00 = '2026-11-23T11:00:00Z';
/** The clock lines of the card last sent to the Teams channel (posted or edited). */
function teamsClocks(): { text: string; color: string }[] {
  const cards = [
    ...connector.activities.filter((a) => a.conversationId === CHANNEL && a.activity.attachments?.length),
    ...connector.updates.filter((u) => u.conversationId.startsWith(CHANNEL)),
  ];
  const last = cards[cards.length - 1];
  const found: { text: string; color: string }[] = [];
  const walk = (x: unknown) => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      if (o.type === 'TextBlock' && typeof o.text === 'string' && /(due|breached|met) /.test(o.text) && o.color) found.push({ text: o.text, color: String(o.color) });
      Object.values(o).forEach(walk);
    }
  };
  walk(last?.activity.attachments);
  return found;
}

/** The clock lines of the Slack card as last posted or edited. */
function slackClocks(): string[] {
  const sends = [...slack.callsTo('chat.postMessage'), ...slack.callsTo('chat.update')].filter((c) => c.body.blocks);
  const blocks = JSON.parse(typeof sends[sends.length - 1].body.blocks === 'string' ? String(sends[sends.length - 1].body.blocks) : JSON.stringify(sends[sends.length - 1].body.blocks));
  return blocks.filter((b: any) => b.type === 'context' && /circle|white_check/.test(JSON.stringify(b))).flatMap((b: any) => b.elements.map((e: any) => e.text));
}

const alex = { id: '29:alex', name: 'Alex', aadObjectId: 'aad-alex', email: 'alex@example.com' };

/** A recorded activity (`fixture`) from `who` in their personal chat with the bot, posted; resolves with the response. */
async function postPersonally(who: typeof dana, fixture: string, fill: (activity: any) => void): Promise<Response> {
  connector.members.set(who.id, who);
  const activity = JSON.parse(readFileSync(path.join(FIXTURES, fixture), 'utf8'));
  activity.id = `${Date.now()}2`;
  activity.serviceUrl = connector.url;
  activity.from = { id: who.id, name: who.name, aadObjectId: who.aadObjectId };
  activity.conversation = { ...activity.conversation, id: `a:${who.id}` };
  fill(activity);
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(activity) });
  if (res.status !== 200) throw new Error(`POST /api/messages answered ${res.status}`);
  return res;
}

/** Types `text` in `who`'s personal chat with the bot; resolves with the card answered there. */
async function sayPersonally(who: typeof dana, text: string): Promise<string> {
  const before = connector.activities.length;
  await postPersonally(who, 'message-personal.json', (a) => (a.text = text));
  const answer = await connector.waitFor((a) => a.conversationId === `a:${who.id}` && connector.activities.indexOf(a) >= before && Boolean(a.activity.attachments?.length));
  return JSON.stringify(answer.activity.attachments);
}

/** Submits the new-ticket form as `who` in their personal chat (an Action.Execute); resolves with the card it answers. */
async function fileAs(who: typeof dana, data: Record<string, string>): Promise<string> {
  const res = await postPersonally(who, 'invoke-card-action.json', (a) => (a.value = { ...a.value, action: { ...a.value.action, verb: 'ticket.create', data } }));
  return JSON.stringify(((await res.json()) as { value: unknown }).value);
}

describe('SLA clocks on ticket cards', () => {
  it('the card of a ticket just filed shows its clocks at once, to the agent who filed it and in the channel', async () => {
    const { poller } = await startNotifier();
    setNow(Date.now() + MIN); // the site stamps the ticket with its own clock, a little behind this one
    await poller.runOnce(); // first start: the policy adopted
    await sayInTeams('subscribe');
    const filed = await fileAs(dana, { title: 'Printer on fire', description: 'smoke', priority: 'Urgent', category: 'Hardware' });
    expect(filed).toContain('Printer on fire');
    expect(filed).toMatch(/First response due \{\{DATE\(/);
    expect(filed).toMatch(/Resolution due \{\{DATE\(/);
    // The channel's card, sent at once through the fast lane (no poll in between), shows them too.
    await connector.waitFor((a) => a.conversationId === CHANNEL && JSON.stringify(a.activity.attachments ?? '').includes('Printer on fire'));
    expect(teamsClocks().map((c) => c.text.replace(/\{\{.*/, ''))).toEqual(['First response due ', 'Resolution due ']);
    await poller.stop();
  }, 60_000);


  it('an agent\'s card and queue show the clocks, the requester\'s own card never does', async () => {
    const created = Date.parse('2026-11-23T10:00:00Z');
    const { poller } = await startNotifier();
    setNow(created - 60 * MIN);
    await poller.runOnce();
    stack.emulator.data.insert('SD_Tickets', {
      Title: 'Printer jams', SD_Description: 'd', SD_Priority: 'Urgent', SD_Status: 'New', SD_Category: 'Hardware',
      SD_SubmittedBy: alex.email, SD_SubmittedByName: alex.name, SD_SubmittedByEmail: alex.email, SD_AssignedTo: '',
    }, { created: new Date(created), modified: new Date(created) });
    await pollAt(poller, created + 5 * MIN);

    const agentCard = await sayPersonally(dana, 'show 1');
    expect(agentCard).toContain('First response due {{DATE(2026-11-23T10:30:00Z, SHORT)}} {{TIME(2026-11-23T10:30:00Z)}}');
    expect(agentCard).toContain('Resolution due {{DATE(2026-11-23T14:00:00Z, SHORT)}}');
    const queue = await sayPersonally(dana, 'queue');
    expect(queue).toContain('First response due {{DATE(2026-11-23T10:30:00Z, SHORT)}}');

    const requesterCard = await sayPersonally(alex, 'show 1');
    expect(requesterCard).toContain('Printer jams');
    expect(requesterCard).not.toMatch(/First response|Resolution due|breached/);
    const mine = await sayPersonally(alex, 'mine');
    expect(mine).toContain('Printer jams');
    expect(mine).not.toMatch(/First response|Resolution due/);
    await poller.stop();
  }, 60_000);


  it('a channel card shows the clocks to agents, is edited once when the warning passes and once at the breach, and not on the polls between', async () => {
    const created = Date.parse('2026-11-23T10:00:00Z');
    const { poller, store } = await startNotifier();
    setNow(created - 60 * MIN);
    await poller.runOnce();
    await createConversationPorts(store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'all' }, dana);
    await sayInTeams('subscribe');
    stack.emulator.data.insert('SD_Tickets', {
      Title: 'VPN down for the whole floor', SD_Description: 'd', SD_Priority: 'Urgent', SD_Status: 'New', SD_Category: 'Network',
      SD_SubmittedBy: 'alex@example.com', SD_SubmittedByName: 'Alex', SD_SubmittedByEmail: 'alex@example.com', SD_AssignedTo: '',
    }, { created: new Date(created), modified: new Date(created) });
    await pollAt(poller, created + 5 * MIN);

    const at = (iso: string) => `{{DATE(${iso}, SHORT)}} {{TIME(${iso})}}`;
    const slackAt = (iso: string, text: string) => `<!date^${Date.parse(iso) / 1000}^{date_short_pretty} {time}|${text}>`;
    expect(teamsClocks()).toEqual([
      { text: `First response due ${at('2026-11-23T10:30:00Z')}`, color: 'Good' },
      { text: `Resolution due ${at('2026-11-23T14:00:00Z')}`, color: 'Good' },
    ]);
    expect(slackClocks()).toEqual([
      `:large_green_circle: First response due ${slackAt('2026-11-23T10:30:00Z', '23 Nov 2026 10:30 UTC')}`,
      `:large_green_circle: Resolution due ${slackAt('2026-11-23T14:00:00Z', '23 Nov 2026 14:00 UTC')}`,
    ]);
    const edits = () => ({ teams: connector.updates.filter((u) => u.conversationId.startsWith(CHANNEL)).length, slack: slack.callsTo('chat.update').length });
    expect(edits()).toEqual({ teams: 0, slack: 0 });

    // Polls that cross nothing edit nothing.
    await pollAt(poller, created + 10 * MIN);
    await pollAt(poller, created + 15 * MIN);
    expect(edits()).toEqual({ teams: 0, slack: 0 });

    // 75 % of the first response's 30 minutes: one edit, the line turns to a warning.
    await pollAt(poller, created + 23 * MIN);
    await pollAt(poller, created + 25 * MIN);
    expect(edits()).toEqual({ teams: 1, slack: 1 });
    // Past its warning: bold in the theme's own colour behind ⚠️, never yellow on white.
    expect(teamsClocks()[0]).toEqual({ text: `⚠️ First response due ${at('2026-11-23T10:30:00Z')}`, color: 'Default' });
    expect(slackClocks()[0]).toBe(`:large_yellow_circle: First response due ${slackAt('2026-11-23T10:30:00Z', '23 Nov 2026 10:30 UTC')}`);

    // The breach: one more edit.
    await pollAt(poller, created + 31 * MIN);
    await pollAt(poller, created + 40 * MIN);
    expect(edits()).toEqual({ teams: 2, slack: 2 });
    expect(teamsClocks()[0]).toEqual({ text: `First response breached at ${at('2026-11-23T10:30:00Z')}`, color: 'Attention' });
    expect(slackClocks()[0]).toBe(`:red_circle: First response breached at ${slackAt('2026-11-23T10:30:00Z', '23 Nov 2026 10:30 UTC')}`);
    await poller.stop();
  }, 60_000);

  it('the clock edit of a channel card keeps naming the assignee (Dana Agent), as the card posted by the poll does', async () => {
    const created = Date.parse('2026-11-23T10:00:00Z');
    const { poller, store } = await startNotifier();
    setNow(created - 60 * MIN);
    await poller.runOnce();
    await createConversationPorts(store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'all' }, dana);
    stack.emulator.data.insert('SD_Tickets', {
      Title: 'Badge reader dead', SD_Description: 'd', SD_Priority: 'Urgent', SD_Status: 'Assigned', SD_Category: 'Hardware',
      SD_SubmittedBy: 'alex@example.com', SD_SubmittedByName: 'Alex', SD_SubmittedByEmail: 'alex@example.com', SD_AssignedTo: dana.email,
    }, { created: new Date(created), modified: new Date(created) });
    await pollAt(poller, created + 5 * MIN);
    const lastCard = () => {
      const sends = [...slack.callsTo('chat.postMessage'), ...slack.callsTo('chat.update')].filter((c) => c.body.blocks);
      return typeof sends[sends.length - 1].body.blocks === 'string' ? String(sends[sends.length - 1].body.blocks) : JSON.stringify(sends[sends.length - 1].body.blocks);
    };
    expect(lastCard()).toContain('*Assigned to*\\nDana Agent');
    // 75 % of the first response: the SLA feature edits the card from its index, and the name stays.
    await pollAt(poller, created + 23 * MIN);
    await pollAt(poller, created + 25 * MIN);
    expect(slack.callsTo('chat.update')).toHaveLength(1);
    expect(lastCard()).toContain('*Assigned to*\\nDana Agent');
    expect(lastCard()).not.toContain(dana.email);
    await poller.stop();
  }, 60_000);

  it('a new policy\'s backlog summary carries a button that lists every ticket by due time, paged', async () => {
    const created = Date.parse('2026-11-23T10:00:00Z');
    for (let i = 1; i <= 7; i++) {
      stack.emulator.data.insert('SD_Tickets', {
        Title: `Old ticket ${i}`, SD_Description: 'd', SD_Priority: 'Urgent', SD_Status: 'New', SD_Category: 'Network',
        SD_SubmittedBy: alex.email, SD_SubmittedByName: alex.name, SD_SubmittedByEmail: alex.email, SD_AssignedTo: '',
      }, { created: new Date(created + i * MIN), modified: new Date(created + i * MIN) });
    }
    const { poller, store } = await startNotifier();
    await sayInTeams('subscribe sla');
    await createConversationPorts(store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'sla', value: '' }, dana);
    // First start with the policy: all seven are past their first response already.
    await pollAt(poller, created + 60 * MIN);

    const summary = slack.callsTo('chat.postMessage').find((c) => /SLA policy in force/.test(String(c.body.text)))!;
    expect(String(summary.body.text)).toMatch(/7 open tickets are already past a threshold/);
    const blocks = typeof summary.body.blocks === 'string' ? JSON.parse(summary.body.blocks) : summary.body.blocks;
    const button = blocks.flatMap((b: any) => b.elements ?? []).find((e: any) => e.type === 'button');
    expect([button.action_id, button.text.text, JSON.parse(button.value)]).toEqual(['ticket.queue', 'List every ticket by due time', { queue: 'due' }]);
    const teamsSummary = connector.activities.find((a) => a.conversationId.startsWith(CHANNEL) && /SLA policy in force/.test(JSON.stringify(a.activity.attachments ?? '')))!;
    const action = JSON.stringify(teamsSummary.activity.attachments);
    expect(action).toContain('"verb":"ticket.queue"');
    expect(action).toContain('"queue":"due"');

    // The button, clicked by an agent in Teams: every ticket with a running clock, breached first.
    const invoke = JSON.parse(readFileSync(path.join(FIXTURES, 'invoke-card-action.json'), 'utf8'));
    invoke.serviceUrl = connector.url;
    invoke.from = { id: dana.id, name: dana.name, aadObjectId: dana.aadObjectId };
    invoke.conversation = { ...invoke.conversation, id: `a:${dana.id}` };
    invoke.value.action = { type: 'Action.Execute', title: 'List', verb: 'ticket.queue', data: { queue: 'due' } };
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(invoke) });
    const answered = JSON.stringify(await res.json());
    for (let i = 1; i <= 7; i++) expect(answered).toContain(`Old ticket ${i}`);
    expect(answered.indexOf('Old ticket 1')).toBeLessThan(answered.indexOf('Old ticket 7'));
    await poller.stop();
  }, 60_000);
});

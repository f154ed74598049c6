/**
 * Channel digests end to end on both platforms: `digest daily 09:00 Europe/Berlin` typed in a
 * Teams channel and set for a Slack channel, the embedded site, a pinned clock for the poller and
 * the digest check. A digest at its slot, none twice, a restart across a slot (one late digest
 * that says so), `digest now` leaving "since the last digest" alone, a closed day of the SLA
 * calendar, and bad input answered with the fix.
 */
import { FEATURES, featureMigrations } from '../../src/features';
import { digestSchedulesIn } from '../../src/features/digests/digest-table';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPolicySource } from '../../src/features/sla/policy-source';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';
import { startFakeConnector, type FakeConnector } from '../support/fake-connector';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { CHANNEL, dana, logger, slackDigests, slackFacts, startBot, teamsDigests, teamsFacts, type Bot } from './harness';

const MIN = 60_000;
const at = (iso: string) => Date.parse(iso);
const SLACK = { platform: 'slack' as const, id: 'CDESK', kind: 'channel' as const };

let stack: HelpdeskStack;
let dir: string;
let connector: FakeConnector;
let slack: FakeSlack;
let now = 0;
const bots: Bot[] = [];
const stores: Store[] = [];

beforeEach(async () => {
  stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 } });
  stack.emulator.data.insert('SD_Agents', { Title: dana.name, SD_Email: dana.email, SD_IsActive: true });
  dir = mkdtempSync(path.join(tmpdir(), 'digest-e2e-'));
  connector = await startFakeConnector();
  connector.members.set(dana.id, { id: dana.id, name: dana.name, aadObjectId: dana.aadObjectId, email: dana.email });
  slack = await startFakeSlack();
});
afterEach(async () => {
  for (const b of bots.splice(0)) await b.close();
  for (const s of stores.splice(0)) await s.close();
  await connector.close();
  await slack.close();
  await stack.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A process start on the SQLite store in `dir`. */
async function start(sla?: object): Promise<Bot> {
  const store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
  stores.push(store);
  let policy;
  if (sla) {
    writeFileSync(path.join(dir, 'sla.json'), JSON.stringify(sla));
    policy = await openPolicySource(path.join(dir, 'sla.json'), { logger, priorities: stack.helpdesk.vocabulary.priorities });
  }
  const bot = await startBot({ stack, store, connector, slack, clock: () => now, sla: policy });
  bots.push(bot);
  return bot;
}

function ticket(title: string, fields: { priority?: string; status?: string; assignee?: string }, created: string, modified = created): void {
  stack.emulator.data.insert('SD_Tickets', {
    Title: title, SD_Description: 'd', SD_Priority: fields.priority ?? 'Normal', SD_Status: fields.status ?? 'New', SD_Category: 'Hardware',
    SD_SubmittedBy: 'alex@example.com', SD_SubmittedByName: 'Alex Requester', SD_SubmittedByEmail: 'alex@example.com', SD_AssignedTo: fields.assignee ?? '',
  }, { created: new Date(created), modified: new Date(modified) });
}

/** The bot's private and public answers in Teams whose text matches. */
const teamsSaid = (pattern: RegExp) => connector.activities.filter((a) => pattern.test(JSON.stringify(a.activity))).map((a) => a.activity);

describe('channel digests end to end', () => {
  it('posts one digest per slot in Teams and Slack, a late one after a restart across a slot, and `digest now` leaves "since" alone', async () => {
    ticket('Printer jams on floor 3', { priority: 'High' }, '2026-11-20T10:00:00Z');
    ticket('VPN slow from home', {}, '2026-11-22T10:00:00Z');
    let bot = await start();
    now = at('2026-11-23T06:00:00Z'); // Monday, 07:00 in Berlin
    await bot.poller.runOnce(); // first start: the index is filled, nothing announced

    await bot.sayInTeams('digest daily 09:00 Europe/Berlin');
    expect(teamsSaid(/every working day at 09:00 \(Europe\/Berlin\), set by Dana Agent/)).toHaveLength(1);
    // Slack's channel hears high-priority tickets only: its digest covers just those.
    const ports = createConversationPorts(bot.store);
    await ports.subscribe(SLACK, { kind: 'high' }, dana);
    await bot.digests.setSchedule(SLACK, { cadence: 'daily', time: '09:00', zone: 'Europe/Berlin' }, dana.email);

    // Before the slot: a new ticket, and one resolved.
    ticket('Mouse wheel sticks', {}, '2026-11-23T07:00:00Z');
    ticket('Laptop battery swollen', { status: 'Resolved', assignee: dana.email }, '2026-11-21T10:00:00Z', '2026-11-23T07:30:00Z');
    now = at('2026-11-23T07:45:00Z');
    await bot.check();
    expect(teamsDigests(connector)).toHaveLength(0);

    now = at('2026-11-23T08:00:30Z'); // 09:00:30 in Berlin
    await bot.check();
    const [first] = teamsDigests(connector);
    // The first digest: there was no last one, so it counts from when it was set up, and says so.
    // The desk's answers are counted too, as the digests feature always counts them (answer-services.ts).
    expect(teamsFacts(first)).toEqual([
      'Open: 3 (New 3)', 'New since then: 1', 'Answered without a ticket: 0 (1 ticket filed)', 'Unassigned: 3', 'Resolved since then: 1',
    ]);
    expect(JSON.stringify(first)).not.toContain('last digest');
    // A daily digest draws no chart (a weekly one does: digests-weekly.test.ts).
    expect(JSON.stringify(first)).not.toContain('Chart.');
    expect(JSON.stringify(first)).toContain('First digest here: counting from {{DATE(2026-11-23T06:00:00Z, SHORT)}} {{TIME(2026-11-23T06:00:00Z)}}, when it was set up');
    const rows = JSON.stringify(first);
    expect(rows.indexOf('Printer jams on floor 3')).toBeLessThan(rows.indexOf('VPN slow from home'));
    expect(rows.indexOf('VPN slow from home')).toBeLessThan(rows.indexOf('Mouse wheel sticks'));
    expect(rows).toContain('"verb":"ticket.claim"');
    // One date format in the digest: a row's "opened" is the same date token as the period's, not a second style.
    expect(rows).toContain('opened {{DATE(2026-11-20T10:00:00Z, SHORT)}} {{TIME(2026-11-20T10:00:00Z)}}');
    expect(rows).not.toMatch(/opened \d+ Nov 2026/);
    expect(rows).not.toContain('late');
    expect(slackDigests(slack, 'CDESK')).toHaveLength(1);
    expect(slackFacts(slackDigests(slack, 'CDESK')[0])).toEqual([
      'Open: 1 (New 1)', 'New since then: 0', 'Answered without a ticket: 0 (1 ticket filed)', 'Unassigned: 1', 'Resolved since then: 0',
    ]);
    // Slack's date token shows the time in each reader's zone; its fallback names the channel's zone.
    expect(JSON.stringify(slackDigests(slack, 'CDESK')[0].blocks)).toContain('<!date^1795413600^{date_short_pretty} {time}|Mon, Nov 23, 07:00 Europe/Berlin>');
    const slackBlocks = JSON.stringify(slackDigests(slack, 'CDESK')[0].blocks);
    expect(slackBlocks).toContain('"action_id":"ticket.claim"');
    expect(slackBlocks).toContain('"type":"context"');
    expect(slackBlocks).toMatch(/opened <!date\^\d+\^\{date_short_pretty\} \{time\}\|Fri, Nov 20, 11:00 Europe\/Berlin>/);

    // The same slot again (another check, a poll): nothing more.
    now = at('2026-11-23T08:05:00Z');
    await bot.check();
    expect(teamsDigests(connector)).toHaveLength(1);
    expect(slackDigests(slack, 'CDESK')).toHaveLength(1);

    // The bot is down over Tuesday's slot; started again at 10:30 in Berlin: one late digest, said once.
    await bot.close();
    bot = await start();
    now = at('2026-11-24T09:30:00Z');
    await bot.check();
    now = at('2026-11-24T09:31:00Z');
    await bot.check();
    const afterRestart = teamsDigests(connector);
    expect(afterRestart).toHaveLength(2);
    expect(JSON.stringify(afterRestart[1])).toContain('This digest is late: it was due {{DATE(2026-11-24T08:00:00Z, SHORT)}} {{TIME(2026-11-24T08:00:00Z)}}, when the bot was not running.');
    expect(slackDigests(slack, 'CDESK')).toHaveLength(2);
    expect(slackDigests(slack, 'CDESK')[1].text).toContain('This digest is late');

    // `digest now` at 11:00: the digest itself is the answer, at once, one message in the channel and
    // nothing else (no pointer, no private line, no bare title); Wednesday's digest still counts from the late one.
    now = at('2026-11-24T10:00:00Z');
    ticket('Dock flickers', {}, '2026-11-24T09:45:00Z');
    await bot.poller.runOnce();
    const before = connector.activities.length;
    await bot.sayInTeams('digest now');
    const answers = connector.activities.slice(before);
    expect(answers.map((a) => a.conversationId.split(';')[0])).toEqual([CHANNEL]);
    const onRequest = answers[0].activity.attachments[0].content;
    expect(answers[0].activity.text ?? '').toBe('');
    expect(JSON.stringify(onRequest)).toContain('Help-desk digest (on request)');
    expect(teamsFacts(onRequest)).toContain('New since the last digest: 1');
    await bot.poller.runOnce();
    expect(connector.activities.length).toBe(before + 1);

    now = at('2026-11-25T08:00:10Z');
    await bot.check();
    const wednesday = teamsDigests(connector)[2];
    // The time as Teams' date token, so each reader sees it in their own zone.
    expect(JSON.stringify(wednesday)).toContain('Since the last digest, {{DATE(2026-11-24T09:30:00Z, SHORT)}} {{TIME(2026-11-24T09:30:00Z)}}');
    expect(JSON.stringify(wednesday)).not.toContain('late');
    expect(teamsFacts(wednesday)).toContain('New since the last digest: 1');
    expect(teamsDigests(connector)).toHaveLength(3);
    expect(slackDigests(slack, 'CDESK')).toHaveLength(3);

    // `subscriptions` shows the schedule; `digest off` ends it.
    await bot.sayInTeams('subscriptions');
    expect(teamsSaid(/Digest: every working day at 09:00 \(Europe\/Berlin\)/).length).toBeGreaterThan(0);
    await bot.sayInTeams('digest off');
    now = at('2026-11-26T08:00:10Z');
    await bot.check();
    expect(teamsDigests(connector)).toHaveLength(3);
  }, 60_000);

  it('takes the SLA policy\'s zone, sends nothing on a closed day of its calendar, and counts breached and due-today tickets', async () => {
    const policy = { timeZone: 'America/New_York', hours: { mon: [['08:00', '17:00']], wed: [['08:00', '17:00']] }, targets: { Urgent: { firstResponse: '30m', resolution: '1d', calendar: '24/7' } } };
    const bot = await start(policy);
    now = at('2026-11-23T12:00:00Z'); // Monday 07:00 in New York
    await bot.poller.runOnce();
    await bot.sayInTeams('digest daily 09:00');
    expect(teamsSaid(/every working day at 09:00 \(America\/New\W*_York\)/)).toHaveLength(1);
    ticket('Payroll export fails', { priority: 'Urgent' }, '2026-11-23T12:30:00Z');
    ticket('Badge reader dead', { priority: 'Urgent' }, '2026-11-23T13:45:00Z');
    now = at('2026-11-23T13:50:00Z');
    await bot.check();

    now = at('2026-11-23T14:00:30Z'); // 09:00 in New York: #1's first response is breached, #2's due at 09:15
    await bot.check();
    expect(teamsDigests(connector)).toHaveLength(1);
    expect(teamsFacts(teamsDigests(connector)[0])).toEqual([
      'Open: 2 (New 2)', 'New since then: 2', 'Answered without a ticket: 0 (2 tickets filed)', 'Unassigned: 2', 'Resolved since then: 0', 'SLA breached: 1', 'SLA due today: 1',
    ]);
    // Tuesday is closed in the calendar: no digest, and Wednesday's is on time, not late.
    now = at('2026-11-24T14:00:30Z');
    await bot.check();
    expect(teamsDigests(connector)).toHaveLength(1);
    now = at('2026-11-25T14:00:00Z'); // at the slot's very millisecond
    await bot.check();
    expect(teamsDigests(connector)).toHaveLength(2);
    expect(JSON.stringify(teamsDigests(connector)[1])).not.toContain('late');
    expect(JSON.stringify(teamsDigests(connector)[1])).toContain('Since the last digest');
    // The next open day: there was a last digest, even one sent at its slot's very millisecond.
    now = at('2026-11-30T14:00:30Z');
    await bot.check();
    expect(JSON.stringify(teamsDigests(connector)[2])).toContain('Since the last digest');
    expect(teamsFacts(teamsDigests(connector)[2])).toContain('New since the last digest: 0');
  }, 60_000);

  it('answers an unknown time, day or zone with the fix', async () => {
    const bot = await start();
    now = at('2026-11-23T06:00:00Z');
    await bot.poller.runOnce();
    await bot.sayInTeams('digest daily 25:00');
    await bot.sayInTeams('digest weekly someday 09:00');
    await bot.sayInTeams('digest daily 09:00 Mars/Olympus');
    expect(teamsSaid(/\\"25:00\\" is not a time\. Give it as hours and minutes on a 24-hour clock/)).toHaveLength(1);
    expect(teamsSaid(/\\"someday\\" is not a day\. Name one of mon, tue/)).toHaveLength(1);
    expect(teamsSaid(/\\"Mars\/Olympus\\" is not a time zone\. Use an IANA name such as Europe\/Berlin/)).toHaveLength(1);
    expect(await digestSchedulesIn(bot.store).list()).toEqual([]);
  }, 60_000);
});

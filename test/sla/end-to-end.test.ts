/**
 * SLA alerts end to end: the embedded site with tickets created in the past, the real Teams
 * channel behind the loopback Bot Connector and the Slack delivery against the Slack stand-in,
 * `subscribe sla` typed in Teams and set in Slack, the poller with a pinned clock. A warning and
 * then a breach each arrive exactly once, with a restart of the notifier in between.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createConversationPorts } from '../../src/store';
import { CHANNEL, MIN, POLICY, connector, dana, dir, pollAt, sayInTeams, setNow, slaTexts, slack, stack, startNotifier, stores, useSlaScene } from './scene';

useSlaScene();

describe('SLA alerts end to end', () => {
  it('a warning then a breach, each once in a Teams and a Slack channel subscribed with `subscribe sla`, across a restart; `sla <id>` explains', async () => {
    const created = Date.parse('2026-11-23T10:00:00Z');
    let { poller } = await startNotifier();
    setNow(created - 60 * MIN);
    await poller.runOnce(); // first start: nothing announced, the policy adopted
    await sayInTeams('subscribe sla');
    const store = stores[stores.length - 1];
    expect(await createConversationPorts(store).subscriptions({ platform: 'teams', id: CHANNEL, kind: 'channel' })).toEqual([{ kind: 'sla', value: '' }]);
    await createConversationPorts(store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'sla', value: '' }, dana);

    stack.emulator.data.insert('SD_Tickets', {
      Title: 'VPN down for the whole floor', SD_Description: 'd', SD_Priority: 'Urgent', SD_Status: 'New', SD_Category: 'Network',
      SD_SubmittedBy: 'alex@example.com', SD_SubmittedByName: 'Alex', SD_SubmittedByEmail: 'alex@example.com', SD_AssignedTo: '',
    }, { created: new Date(created), modified: new Date(created) });
    await pollAt(poller, created + 5 * MIN);
    expect(slaTexts()).toEqual([]);

    await pollAt(poller, created + 23 * MIN);
    const warning = [
      'teams ⚠️ SLA #1 “VPN down for the whole floor”: First response 75% used, due 23 Nov 2026 10:30 UTC (in 7 min; nobody holds it).',
      'slack C1 ⚠️ SLA #1 “VPN down for the whole floor”: First response 75% used, due 23 Nov 2026 10:30 UTC (in 7 min; nobody holds it).',
    ];
    expect(slaTexts()).toEqual(warning.sort());

    // A restart: a new notifier on the same store; the warning is not said again.
    await poller.stop();
    ({ poller } = await startNotifier());
    await pollAt(poller, created + 24 * MIN);
    expect(slaTexts()).toEqual(warning);

    await pollAt(poller, created + 35 * MIN);
    expect(slaTexts()).toEqual([
      ...warning,
      'teams 🔴 SLA #1 “VPN down for the whole floor”: First response breached 5 min ago (nobody holds it).',
      'slack C1 🔴 SLA #1 “VPN down for the whole floor”: First response breached 5 min ago (nobody holds it).',
    ].sort());
    await pollAt(poller, created + 50 * MIN);
    expect(slaTexts()).toHaveLength(4);

    // `sla 1` explains the clocks, answered privately (in the agent's 1:1 chat).
    await sayInTeams('sla 1');
    const answer = await connector.waitFor((a) => /SLA of #1/.test(JSON.stringify(a.activity.attachments ?? '')));
    expect(answer.conversationId).not.toContain(CHANNEL);
    // A heading, then one line per clock (not one paragraph with its line breaks lost).
    const body = answer.activity.attachments[0].content.body;
    expect([body[0].text, ...body[1].items.map((b: { text: string }) => b.text)]).toEqual([
      'SLA of #1: priority Urgent, counted around the clock (24/7)',
      // Each time as Teams' date token: every reader sees it in their own time zone.
      'First response (30m): breached at {{DATE(2026-11-23T10:30:00Z, SHORT)}} {{TIME(2026-11-23T10:30:00Z)}}, 20 min ago (used 50 min)',
      'Resolution (4h): due {{DATE(2026-11-23T14:00:00Z, SHORT)}} {{TIME(2026-11-23T14:00:00Z)}}, in 3 h 10 min (used 50 min)',
    ]);

    // `queue due`: from the store's due times; a second ticket, due later, comes after the breached one.
    stack.emulator.data.insert('SD_Tickets', {
      Title: 'Mouse wheel sticks', SD_Description: 'd', SD_Priority: 'Urgent', SD_Status: 'New', SD_Category: 'Hardware',
      SD_SubmittedBy: 'alex@example.com', SD_SubmittedByName: 'Alex', SD_SubmittedByEmail: 'alex@example.com', SD_AssignedTo: '',
    }, { created: new Date(created + 45 * MIN), modified: new Date(created + 45 * MIN) });
    await pollAt(poller, created + 50 * MIN);
    await sayInTeams('queue due');
    const list = await connector.waitFor((a) => /Open tickets by SLA due time/.test(JSON.stringify(a.activity.attachments ?? '')));
    const text = JSON.stringify(list.activity.attachments);
    expect(text.indexOf('VPN down for the whole floor')).toBeGreaterThan(-1);
    expect(text.indexOf('VPN down for the whole floor')).toBeLessThan(text.indexOf('Mouse wheel sticks'));
    await poller.stop();
  }, 60_000);

  it('the 75 % and 90 % warnings each say how much is used and when it is due, and never read the same', async () => {
    writeFileSync(path.join(dir, 'sla.json'), JSON.stringify({ ...POLICY, warnAt: [0.75, 0.9] }));
    const created = Date.parse('2026-11-23T10:00:00Z');
    const { poller } = await startNotifier();
    setNow(created - 60 * MIN);
    await poller.runOnce();
    await createConversationPorts(stores[stores.length - 1]).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'sla', value: '' }, dana);
    stack.emulator.data.insert('SD_Tickets', {
      Title: 'VPN down', SD_Description: 'd', SD_Priority: 'Urgent', SD_Status: 'New', SD_Category: 'Network',
      SD_SubmittedBy: 'alex@example.com', SD_SubmittedByName: 'Alex', SD_SubmittedByEmail: 'alex@example.com', SD_AssignedTo: '',
    }, { created: new Date(created), modified: new Date(created) });
    await pollAt(poller, created + 5 * MIN);
    await pollAt(poller, created + 23 * MIN); // 75 % of the 30 min first response
    await pollAt(poller, created + 28 * MIN); // 90 %
    const warnings = slaTexts().filter((line) => line.startsWith('slack C1 ⚠️'));
    expect(warnings).toHaveLength(2);
    expect(new Set(warnings).size).toBe(2);
    expect(warnings.find((w) => w.includes('75%'))).toContain('10:30 UTC');
    expect(warnings.find((w) => w.includes('90%'))).toContain('10:30 UTC');
    await poller.stop();
  }, 60_000);

  it('a ticket still breached after `escalate.afterBreach` is announced again with an @mention of the assignee on both platforms', async () => {
    writeFileSync(path.join(dir, 'sla.json'), JSON.stringify({ ...POLICY, escalate: { afterBreach: '10m', notify: 'channel' } }));
    const created = Date.parse('2026-11-23T10:00:00Z');
    const { poller, store } = await startNotifier();
    setNow(created - 60 * MIN);
    await poller.runOnce();
    await sayInTeams('subscribe sla');
    await createConversationPorts(store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'sla', value: '' }, dana);
    await store.savePersonAddress({ platform: 'slack', email: dana.email, userId: 'UDANA' });
    stack.emulator.data.insert('SD_Tickets', {
      Title: 'Badge reader dead', SD_Description: 'd', SD_Priority: 'Urgent', SD_Status: 'Assigned', SD_Category: 'Hardware',
      SD_SubmittedBy: 'alex@example.com', SD_SubmittedByName: 'Alex', SD_SubmittedByEmail: 'alex@example.com', SD_AssignedTo: dana.email,
    }, { created: new Date(created), modified: new Date(created) });
    await pollAt(poller, created + 5 * MIN);
    await pollAt(poller, created + 31 * MIN);
    await pollAt(poller, created + 41 * MIN);
    await pollAt(poller, created + 50 * MIN);
    const slackEscalations = slack.callsTo('chat.postMessage').filter((c) => /🚨/.test(String(c.body.text)));
    expect(slackEscalations.map((c) => [c.body.channel, c.body.text])).toEqual([
      ['C1', '🚨 SLA #1 “Badge reader dead”: First response still breached, 11 min after the target (Dana Agent holds it). <@UDANA>'],
    ]);
    const teamsEscalations = connector.activities.filter((a) => /🚨/.test(a.activity.text ?? ''));
    expect(teamsEscalations).toHaveLength(1);
    expect(teamsEscalations[0].conversationId).toBe(CHANNEL);
    expect(teamsEscalations[0].activity.text).toBe('🚨 SLA #1 “Badge reader dead”: First response still breached, 11 min after the target (Dana Agent holds it). <at>Dana Agent</at>');
    expect(teamsEscalations[0].activity.entities).toEqual([{ type: 'mention', text: '<at>Dana Agent</at>', mentioned: { id: dana.id, name: dana.name } }]);
    await poller.stop();
  }, 60_000);

  it('`sla <id>` with examples/sla.json shows the clocks of a Normal ticket whose clocks the poller has not kept yet (made in the help desk, not yet polled)', async () => {
    writeFileSync(path.join(dir, 'sla.json'), readFileSync(path.resolve('examples/sla.json'), 'utf8'));
    const created = Date.parse('2026-11-23T09:00:00Z'); // a Monday, 10:00 in Berlin
    const { poller } = await startNotifier();
    setNow(created - 60 * MIN);
    await poller.runOnce(); // the policy adopted
    stack.emulator.data.insert('SD_Tickets', {
      Title: 'Drucker druckt nicht', SD_Description: 'd', SD_Priority: 'Normal', SD_Status: 'New', SD_Category: 'Hardware',
      SD_SubmittedBy: 'alex@example.com', SD_SubmittedByName: 'Alex', SD_SubmittedByEmail: 'alex@example.com', SD_AssignedTo: '',
    }, { created: new Date(created), modified: new Date(created) });
    setNow(created + 30 * MIN);
    await sayInTeams('sla 1');
    const answer = await connector.waitFor((a) => /SLA|#1/.test(JSON.stringify(a.activity.attachments ?? a.activity.text ?? '')));
    const text = JSON.stringify(answer.activity.attachments ?? answer.activity.text);
    expect(text).not.toContain('has no SLA clock');
    expect(text).toContain('SLA of #1: priority Normal, counted in business hours (Europe/Berlin)');
    expect(text).toContain('First response (4h): due');
    expect(text).toContain('Resolution (3d): due');
    await poller.stop();
  }, 60_000);
});

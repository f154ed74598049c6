/**
 * Notification preferences end to end on Teams: the real Teams channel behind the loopback Bot
 * Connector, the embedded site, a pinned clock. Dana's client reports Europe/Berlin (clientInfo);
 * `notifications` in her 1:1 chat opens the form card, its submit saves no resolution DMs and
 * quiet hours 22:00–06:30. Two status changes at night come as one DM at 06:30; the resolution
 * is not DMed.
 */
import { FEATURES, featureMigrations } from '../../src/features';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStore, type Store } from '../../src/store';
import { startFakeConnector, type FakeConnector } from '../support/fake-connector';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { dana, startBot, type Bot } from './harness';

const FIXTURES = path.resolve(__dirname, '../fixtures/teams');
const PERSONAL = 'a:1scrubbedPersonalConversationIdAlexAndBot9';
const actor = { email: dana.email, name: dana.name };

let stack: HelpdeskStack;
let dir: string;
let store: Store;
let connector: FakeConnector;
let slack: FakeSlack;
let bot: Bot;
let now = Date.parse('2026-11-23T12:00:00Z');
let seq = 0;

beforeEach(async () => {
  stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 } });
  stack.emulator.data.insert('SD_Agents', { Title: dana.name, SD_Email: dana.email, SD_IsActive: true });
  dir = mkdtempSync(path.join(tmpdir(), 'prefs-teams-'));
  store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
  connector = await startFakeConnector();
  connector.members.set(dana.id, { id: dana.id, name: dana.name, aadObjectId: dana.aadObjectId, email: dana.email });
  slack = await startFakeSlack();
  bot = await startBot({ stack, store, connector, slack, clock: () => now });
});
afterEach(async () => {
  await bot.close();
  await store.close();
  await connector.close();
  await slack.close();
  await stack.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Posts a fixture activity as Dana; returns the HTTP answer's body text. */
async function asDana(fixture: string, patch: Record<string, unknown>): Promise<string> {
  const activity = JSON.parse(readFileSync(path.join(FIXTURES, `${fixture}.json`), 'utf8'));
  Object.assign(activity, { id: `${activity.id}-${++seq}`, serviceUrl: connector.url, from: { ...activity.from, id: dana.id, name: dana.name, aadObjectId: dana.aadObjectId } }, patch);
  const res = await fetch(bot.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(activity) });
  expect(res.status).toBe(200);
  return res.text();
}

const dms = () => connector.activities.filter((a) => a.conversationId === PERSONAL && /#1\b/.test((a.activity.summary ?? a.activity.text) ?? '')).map((a) => (a.activity.summary ?? a.activity.text) as string);

async function at(iso: string): Promise<void> {
  now = Date.parse(iso);
  await bot.check();
}

describe('notification preferences on Teams', () => {
  it('opens the form in the person\'s zone, holds night-time DMs into one at the end of quiet hours, and leaves out a muted kind', async () => {
    await bot.poller.runOnce();
    await asDana('message-personal', { text: 'notifications' });
    const form = await connector.waitFor((a) => JSON.stringify(a.activity.attachments ?? []).includes('Input.Toggle'));
    const card = JSON.stringify(form.activity.attachments[0].content);
    expect(card).toContain('Quiet from');
    expect(card).toContain('Europe/Berlin');
    expect(await store.personZone(dana.email)).toBe('Europe/Berlin');

    const data = { status: 'true', comments: 'true', resolution: 'false', quietStart: '22:00', quietEnd: '06:30' };
    const answer = await asDana('invoke-card-action', { value: { action: { type: 'Action.Execute', title: 'Save', verb: 'notify.preferenceSave', data }, trigger: 'manual' } });
    expect(answer).toContain('Saved: status changes, public comments. Quiet hours 22:00–06:30 overnight (Europe/Berlin).');

    stack.emulator.data.insert('SD_Tickets', {
      Title: 'Docking station', SD_Description: 'd', SD_Priority: 'Normal', SD_Status: 'New', SD_Category: 'Hardware',
      SD_SubmittedBy: dana.email, SD_SubmittedByName: dana.name, SD_SubmittedByEmail: dana.email, SD_AssignedTo: '',
    }, { created: new Date('2026-11-23T12:30:00Z'), modified: new Date('2026-11-23T12:30:00Z') });
    await at('2026-11-23T12:31:00Z');

    // 22:30 and 23:00 in Berlin: held.
    await stack.helpdesk.setStatus(actor, 1, 'In Progress');
    await at('2026-11-23T21:30:00Z');
    await stack.helpdesk.setStatus(actor, 1, 'Waiting');
    await at('2026-11-23T22:00:00Z');
    await at('2026-11-24T05:29:00Z');
    expect(dms()).toEqual([]);

    // 06:30 in Berlin: one DM with both changes.
    await at('2026-11-24T05:30:10Z');
    await at('2026-11-24T05:31:00Z');
    expect(dms()).toHaveLength(1);
    expect(dms()[0]).toMatch(/In Progress[\s\S]*Waiting/);

    // The resolution is a kind Dana turned off.
    await stack.helpdesk.resolve(actor, 1, 'Swapped the dock');
    await at('2026-11-24T09:00:00Z');
    expect(dms()).toHaveLength(1);
  }, 60_000);
});

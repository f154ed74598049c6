/**
 * The weekly digest on both platforms carries two charts, each with its numbers where a client
 * cannot draw it: tickets opened and resolved per day of the last seven days, and open tickets by
 * age. Counted from the bot's store (the search index), not from Graph.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStore, type Store } from '../../src/store';
import { FEATURES, featureMigrations } from '../../src/features';
import { startFakeConnector, type FakeConnector } from '../support/fake-connector';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { graphRequests } from '../notify/emulator-setup';
import { dana, slackDigests, startBot, teamsDigests, type Bot } from './harness';

type Json = Record<string, any>;
const at = (iso: string) => Date.parse(iso);
const SLACK = { platform: 'slack' as const, id: 'CDESK', kind: 'channel' as const };

let stack: HelpdeskStack;
let dir: string;
let connector: FakeConnector;
let slack: FakeSlack;
let store: Store;
let bot: Bot;
let now = 0;

beforeEach(async () => {
  stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 } });
  stack.emulator.data.insert('SD_Agents', { Title: dana.name, SD_Email: dana.email, SD_IsActive: true });
  dir = mkdtempSync(path.join(tmpdir(), 'digest-weekly-'));
  connector = await startFakeConnector();
  connector.members.set(dana.id, { id: dana.id, name: dana.name, aadObjectId: dana.aadObjectId, email: dana.email });
  slack = await startFakeSlack();
  store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
});
afterEach(async () => {
  await bot?.close();
  await store.close();
  await connector.close();
  await slack.close();
  await stack.close();
  rmSync(dir, { recursive: true, force: true });
});

function ticket(title: string, status: string, created: string, modified = created): void {
  stack.emulator.data.insert('SD_Tickets', {
    Title: title, SD_Description: 'd', SD_Priority: 'Normal', SD_Status: status, SD_Category: 'Hardware',
    SD_SubmittedBy: 'alex@example.com', SD_SubmittedByName: 'Alex Requester', SD_SubmittedByEmail: 'alex@example.com', SD_AssignedTo: '',
  }, { created: new Date(created), modified: new Date(modified) });
}

function nodes(v: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(v)) v.forEach((x) => nodes(x, out));
  else if (v && typeof v === 'object') {
    out.push(v as Json);
    Object.values(v).forEach((x) => nodes(x, out));
  }
  return out;
}

/** Five tickets over the week before Monday 30 Nov, a weekly digest at 09:00 in Berlin in both channels, the clock at its slot. */
async function weekOfTickets(): Promise<void> {
  // Monday 30 Nov 09:00 in Berlin is the slot; the week is Tue 24 … Mon 30.
  ticket('Old printer', 'New', '2026-11-10T10:00:00Z'); // open, over 7 days
  ticket('VPN', 'New', '2026-11-25T10:00:00Z'); // Wed: opened; open 3-7 days
  ticket('Mail', 'Resolved', '2026-11-26T10:00:00Z', '2026-11-27T10:00:00Z'); // Thu opened, Fri resolved
  ticket('Badge', 'In Progress', '2026-11-28T10:00:00Z'); // Sat: opened; open 1-3 days
  ticket('Laptop', 'New', '2026-11-29T12:00:00Z'); // Sun: opened; open under a day
  now = at('2026-11-24T06:00:00Z');
  bot = await startBot({ stack, store, connector, slack, clock: () => now });
  await bot.poller.runOnce();
  await bot.sayInTeams('digest weekly mon 09:00 Europe/Berlin');
  await bot.digests.setSchedule(SLACK, { cadence: 'weekly', weekday: 1, time: '09:00', zone: 'Europe/Berlin' }, dana.email);
  await bot.poller.runOnce();

  now = at('2026-11-30T08:00:30Z');
}

describe('the weekly digest', () => {
  it('draws opened and resolved per day and open tickets by age, with their numbers, in Teams and Slack, and asks Graph nothing for it', async () => {
    await weekOfTickets();
    const before = graphRequests(stack.emulator);
    await bot.notifications.timers.tick();
    expect(graphRequests(stack.emulator) - before, 'Graph requests to count the digests').toBe(0);
    await bot.poller.runOnce();

    const [card] = teamsDigests(connector);
    const charts = nodes(card.body).filter((n) => typeof n.type === 'string' && n.type.startsWith('Chart.'));
    expect(charts.map((c) => [c.type, c.title])).toEqual([['Chart.VerticalBar.Grouped', 'Opened and resolved per day, last 7 days'], ['Chart.VerticalBar', 'Open tickets by age']]);
    const [volume, ages] = charts;
    expect(volume.data.map((s: Json) => [s.legend, s.values.map((v: Json) => v.y)])).toEqual([['Opened', [0, 1, 1, 0, 1, 1, 0]], ['Resolved', [0, 0, 0, 1, 0, 0, 0]]]);
    expect(volume.data[0].values.map((v: Json) => v.x)).toEqual(['Tue, Nov 24', 'Wed, Nov 25', 'Thu, Nov 26', 'Fri, Nov 27', 'Sat, Nov 28', 'Sun, Nov 29', 'Mon, Nov 30']);
    expect(ages.data.map((v: Json) => [v.x, v.y])).toEqual([['Under 1 day', 1], ['1–3 days', 1], ['3–7 days', 1], ['Over 7 days', 1]]);
    // Where charts are not drawn: the same numbers as facts.
    expect(nodes(volume.fallback).find((n) => n.type === 'FactSet')!.facts[4]).toEqual({ title: 'Sat, Nov 28', value: '1 opened · 0 resolved' });
    expect(nodes(ages.fallback).find((n) => n.type === 'FactSet')!.facts.map((f: Json) => f.value)).toEqual(['1', '1', '1', '1']);

    const [message] = slackDigests(slack, 'CDESK');
    const drawn = (message.blocks as Json[]).filter((b) => b.type === 'data_visualization');
    expect(drawn.map((b) => b.title)).toEqual(['Opened and resolved per day, last 7 days', 'Open tickets by age']);
    expect(drawn[0].chart.series.map((s: Json) => s.data.map((d: Json) => d.value))).toEqual([[0, 1, 1, 0, 1, 1, 0], [0, 0, 0, 1, 0, 0, 0]]);
    expect(drawn[1].chart.series[0].data.map((d: Json) => d.value)).toEqual([1, 1, 1, 1]);
  }, 60_000);

  it('goes to a Slack workspace that refuses the chart block with the same numbers as facts', async () => {
    // As a workspace without the chart block answers: the whole message is refused.
    slack.fault = (method, body) => (method === 'chat.postMessage' && JSON.stringify(body).includes('data_visualization') ? { kind: 'error', error: 'invalid_blocks' } : undefined);
    await weekOfTickets();
    await bot.notifications.timers.tick();
    await bot.poller.runOnce();
    const [message] = slackDigests(slack, 'CDESK');
    const blocks = JSON.stringify(message!.blocks);
    expect(blocks).not.toContain('data_visualization');
    for (const part of ['*Opened and resolved per day, last 7 days*', '*Sat, Nov 28:* 1 opened · 0 resolved', '*Fri, Nov 27:* 0 opened · 1 resolved', '*Open tickets by age*', '*Over 7 days:* 1']) expect(blocks).toContain(part);
    expect(slackDigests(slack, 'CDESK')).toHaveLength(1);
  }, 60_000);
});

import { afterEach, describe, expect, it } from 'vitest';
import { recordingDelivery } from './recording-delivery';
import { graphRequests, startRig, ticketRow, type PollRig } from './emulator-setup';
import { createConversationPorts } from '../../src/store';

const rigs: PollRig[] = [];
afterEach(async () => {
  for (const r of rigs.splice(0)) await r.close();
});
const dana = { email: 'dana@contoso.com', name: 'Dana' };
const chan = { platform: 'slack' as const, id: 'C1', kind: 'channel' as const };
const old = { Created: '2026-01-01T00:00:00Z', Modified: '2026-01-01T00:00:00Z' };

describe('poll cost against the emulator', () => {
  it.each([1_000, 100_000])('an idle cycle costs exactly two Graph requests with %i tickets', async (n) => {
    const rec = recordingDelivery('slack');
    const rig = await startRig([rec.delivery]);
    rigs.push(rig);
    rig.emu.data.bulkInsert('SD_Tickets', Array.from({ length: n }, (_, i) => ticketRow(i, old)));
    await createConversationPorts(rig.store).subscribe(chan, { kind: 'all' }, dana);
    expect((await rig.poller.runOnce()).firstStart).toBe(true);
    expect(await rig.store.ticketStateCount()).toBe(n);

    rig.emu.counters.reset();
    for (let i = 0; i < 3; i++) await rig.poller.runOnce();
    expect(rig.emu.counters.get('GET SD_Tickets/items')).toBe(3);
    expect(rig.emu.counters.get('GET SD_Comments/items')).toBe(3);
    expect(graphRequests(rig.emu)).toBe(6);
    expect(rec.sent).toEqual([]);
  }, 120_000);
});

describe('Graph throttling', () => {
  it('a 429 that outlasts the client retries slows the poller instead of failing it, and nothing is posted about it', async () => {
    const rec = recordingDelivery('slack');
    const rig = await startRig([rec.delivery], { pollSeconds: 1 });
    rigs.push(rig);
    await createConversationPorts(rig.store).subscribe(chan, { kind: 'all' }, dana);
    await rig.poller.runOnce();
    rig.emu.data.insert('SD_Tickets', ticketRow(1, { Title: 'Email is down' }));
    // Both reads of the next cycle get 429 on every attempt (3 attempts each).
    rig.emu.faults.inject(429, 6, { retryAfterSeconds: 0 });
    rig.poller.start();
    await until(() => rig.poller.status().failures > 0);
    expect(rig.poller.status().nextDelayMs).toBeGreaterThan(1000);
    expect(rec.sent).toEqual([]);
    await until(() => rec.sent.length > 0, 15_000);
    expect(rec.sent.map((s) => `${s.op}:${s.view?.title}`)).toEqual(['post:Email is down']);
    expect(rig.poller.status().failures).toBe(0);
    expect(rig.lines.some((l) => l.includes('change poll failed; backing off'))).toBe(true);
  }, 30_000);
});

describe('changes read from the emulator', () => {
  it('announces a new ticket, its claim, a public comment and an internal note to the right places once', async () => {
    const slack = recordingDelivery('slack');
    const rig = await startRig([slack.delivery]);
    rigs.push(rig);
    await createConversationPorts(rig.store).subscribe(chan, { kind: 'all' }, dana);
    await rig.store.savePersonAddress({ platform: 'slack', email: 'alex@contoso.com', userId: 'UALEX' });
    await rig.store.savePersonAddress({ platform: 'slack', email: 'dana@contoso.com', userId: 'UDANA' });
    await rig.poller.runOnce();

    const { id } = rig.emu.data.insert('SD_Tickets', ticketRow(1, { Title: 'VPN drops' }));
    await rig.poller.runOnce();
    rig.emu.data.update('SD_Tickets', id, { SD_Status: 'Assigned', SD_AssignedTo: 'dana@contoso.com' });
    await rig.poller.runOnce();
    rig.emu.data.insert('SD_Comments', { Title: 'c', SD_TicketId: Number(id), SD_Body: 'Please reconnect', SD_AuthorEmail: 'dana@contoso.com', SD_AuthorName: 'Dana', SD_IsInternal: false });
    rig.emu.data.insert('SD_Comments', { Title: 'n', SD_TicketId: Number(id), SD_Body: 'Known router bug', SD_AuthorEmail: 'sam@contoso.com', SD_AuthorName: 'Sam', SD_IsInternal: true });
    await rig.poller.runOnce();
    await rig.poller.runOnce();

    const seen = slack.sent.map((s) => `${s.op} ${s.conversationId ?? s.email} ${s.text ?? s.view?.status}`).sort();
    expect(seen).toEqual([
      'dm alex@contoso.com Dana replied on your ticket #1 "VPN drops": Please reconnect',
      'dm alex@contoso.com Your ticket #1 "VPN drops" is now Assigned.',
      'dm dana@contoso.com Internal note on #1 "VPN drops" by Sam: Known router bug',
      'dm dana@contoso.com Ticket #1 "VPN drops" was assigned to you (requester: Alex Requester, priority Normal).',
      'line C1 Status: New → Assigned\nAssigned to dana@contoso.com',
      'line C1 💬 Dana: Please reconnect',
      'post C1 New',
      'update C1 Assigned',
    ]);
    expect(slack.sent.filter((s) => s.op === 'post')).toHaveLength(1);
    expect(JSON.stringify(slack.sent.filter((s) => s.email === 'alex@contoso.com'))).not.toContain('router');
  }, 30_000);
});

async function until(ok: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

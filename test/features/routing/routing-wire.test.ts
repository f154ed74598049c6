/**
 * Routing wired into the bot (issue 42 §3, §4): a ticket created directly in the list, or filed in
 * chat, is assigned by the poller's next cycle, written with If-Match; the assignee gets the one assignment DM,
 * saying why, and the channel card names the method; an agent who claims first keeps the ticket;
 * a ticket nobody can take waits, survives a restart, and goes to the first agent back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../support/until';
import { alex, DESK, HARDWARE, megan, pat, startRoutedDesk, type RoutedDesk } from './routed-desk';

let desk: RoutedDesk | undefined;
afterEach(async () => {
  await desk?.close();
  desk = undefined;
});

const patches = (d: RoutedDesk, id: number) => d.requests.filter((r) => r.method === 'PATCH' && r.url.includes(`/items/${id}/fields`));
const cardText = (d: RoutedDesk) => JSON.stringify(d.slack.messages.filter((m) => m.channel === DESK && !m.thread_ts).map((m) => m.blocks));

describe('routing in the poll cycle', () => {
  it('assigns a ticket made in the list at the next poll, with If-Match; the assignee gets one DM saying why and the card names the method', async () => {
    desk = await startRoutedDesk();
    await desk.poll();
    const id = desk.file('Laptop will not boot');
    await desk.poll();
    expect(desk.assignee(id)).toBe(megan.email);
    const writes = patches(desk, id);
    expect(writes).toHaveLength(1);
    expect(writes[0].ifMatch).toMatch(/,1"?$/);

    await desk.poll();
    await desk.poll();
    expect(desk.dms(megan)).toEqual([`Ticket #${id} "Laptop will not boot" was assigned to you (requester: Patti Fernandez, priority Normal). Assigned to you by round robin in Hardware; you have 1 open.`]);
    expect(desk.dms(alex)).toEqual([]);
    expect(cardText(desk)).toContain('*Assigned to*\\nMegan Bowen (round robin)');

    // The next ticket goes to the next agent in turn.
    const next = desk.file('Dock flickers');
    await desk.poll();
    await desk.poll();
    expect(desk.assignee(next)).toBe(alex.email);
    expect(desk.dms(alex)).toEqual([`Ticket #${next} "Dock flickers" was assigned to you (requester: Patti Fernandez, priority Normal). Assigned to you by round robin in Hardware; you have 1 open.`]);
  }, 60_000);

  it('routes a ticket filed in chat at the next poll: its creation and its assignment make one DM to the assignee', async () => {
    desk = await startRoutedDesk();
    await desk.poll();
    await desk.fileInChat(pat, 'Headset crackles');
    await until(() => desk!.emu.data.count('SD_Tickets') === 1, 'the filed ticket');
    await desk.poll();
    expect(desk.assignee(1)).toBe(megan.email);
    await desk.poll();
    await desk.poll();
    expect(desk.dms(megan)).toEqual(['Ticket #1 "Headset crackles" was assigned to you (requester: Patti Fernandez, priority High). Assigned to you by round robin in Hardware; you have 1 open.']);
  }, 60_000);

  it('leaves a ticket an agent claimed first to them: the write is refused (412) and routing neither retries nor tells anyone', async () => {
    desk = await startRoutedDesk();
    await desk.poll();
    const id = desk.file('Printer jams');
    let claimed = false;
    desk.before = (seen) => {
      // Alex claims in the list just before routing's write reaches the site.
      if (!claimed && seen.method === 'PATCH' && seen.url.includes(`/items/${id}/fields`)) {
        claimed = true;
        desk!.emu.data.update('SD_Tickets', String(id), { SD_AssignedTo: alex.email, SD_Status: 'In Progress' });
      }
    };
    await desk.poll();
    expect(claimed).toBe(true);
    expect(desk.assignee(id)).toBe(alex.email);
    expect(patches(desk, id)).toHaveLength(1);
    await desk.poll();
    await desk.poll();
    expect(desk.assignee(id)).toBe(alex.email);
    expect(patches(desk, id)).toHaveLength(1);
    expect(desk.dms(megan)).toEqual([]);
    // Alex hears of the claim as of any assignment made in the list: without routing's reason.
    expect(desk.dms(alex).join('\n')).not.toContain('round robin');
  }, 60_000);

  it('keeps a ticket nobody can take in the queue across a restart, and assigns it once an agent types back', async () => {
    desk = await startRoutedDesk();
    await desk.poll();
    await desk.type(megan, 'away');
    await desk.type(alex, 'away');
    const id = desk.file('Monitor dead');
    await desk.poll();
    await desk.poll();
    expect(desk.assignee(id)).toBe('');

    await desk.restart();
    await desk.poll();
    expect(desk.assignee(id)).toBe('');
    await desk.type(alex, 'back');
    await desk.poll();
    expect(desk.assignee(id)).toBe(alex.email);
    await desk.poll();
    expect(desk.dms(alex)).toEqual([`Ticket #${id} "Monitor dead" was assigned to you (requester: Patti Fernandez, priority Normal). Assigned to you by round robin in Hardware; you have 1 open.`]);
    expect(desk.dms(megan)).toEqual([]);
  }, 60_000);

  it('says once in the channel why a ticket nobody can take is left unassigned, when the group\'s fallback says so', async () => {
    desk = await startRoutedDesk({ ...HARDWARE, groups: [{ ...HARDWARE.groups[0], fallback: 'unassigned' }] });
    await desk.poll();
    await desk.type(megan, 'away');
    await desk.type(alex, 'away');
    const id = desk.file('Monitor dead');
    await desk.poll();
    await desk.poll();
    await desk.poll();
    expect(desk.assignee(id)).toBe('');
    const card = desk.slack.messages.find((m) => m.channel === DESK && !m.thread_ts && JSON.stringify(m.blocks).includes('Monitor dead'));
    expect(card).toBeDefined();
    const lines = desk.slack.messages.filter((m) => m.channel === DESK && m.thread_ts === card!.ts).map((m) => m.text);
    expect(lines.filter((l) => l.includes('Nobody in Hardware'))).toEqual([`Nobody in Hardware can take #${id} now (everyone is away or at their cap), so it stays unassigned: an agent can claim it.`]);
    expect(desk.dms(megan)).toEqual([]);
  }, 60_000);

  it('assigns a ticket created directly in the list within one poll interval plus 1 s', async () => {
    desk = await startRoutedDesk(undefined, { timer: true, pollSeconds: 2 });
    await until(() => desk!.app.poller.status().committed >= 1, 'the first recorded cycle');
    const began = Date.now();
    const id = desk.file('Keyboard missing keys');
    await until(() => desk!.assignee(id) !== '', 'the assignment', 10_000);
    expect(desk.assignee(id)).toBe(megan.email);
    expect(Date.now() - began).toBeLessThanOrEqual(2_000 + 1_000);
  }, 60_000);
});

/**
 * What routing costs the help-desk site (issue 42 bench: "Graph requests per routed ticket: goal
 * one PATCH, with presence amortised"). A new ticket is written once, guarded by the etag of the
 * version the poller's index holds, with no read first; the cycle's own reads (the two delta
 * queries, the token, the cached agents list) are the cycle's, not the tickets'. A version that
 * is stale by the time routing writes costs one refused PATCH and a read, and the assignment still
 * lands once, with one DM.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { megan, startRoutedDesk, type RoutedDesk } from './routed-desk';

let desk: RoutedDesk | undefined;
afterEach(async () => {
  await desk?.close();
  desk = undefined;
});

/** Requests a cycle makes whatever it routes: the delta queries, the token, the agents list (cached for a minute). */
const PER_CYCLE = new Set(['GET SD_Tickets/items', 'GET SD_Comments/items', 'POST /token', 'GET SD_Agents/items']);

/** The site's requests since the last reset that are not the cycle's own, by route. */
function perTicket(d: RoutedDesk): Record<string, number> {
  return Object.fromEntries(Object.entries(d.emu.counters.all()).filter(([route, n]) => n > 0 && !PER_CYCLE.has(route)));
}

describe('Graph requests per routed ticket', () => {
  it('routes each new ticket with one PATCH guarded by the etag the index holds, and reads no ticket', async () => {
    desk = await startRoutedDesk();
    await desk.poll();
    const ids = Array.from({ length: 8 }, (_, i) => desk!.file(`Laptop ${i + 1} will not boot`));
    desk.emu.counters.reset();
    await desk.poll();

    expect(ids.map((id) => desk!.assignee(id)).every((a) => a !== '')).toBe(true);
    expect(perTicket(desk)).toEqual({ 'PATCH SD_Tickets/items/{id}/fields': ids.length });
    const writes = desk.requests.filter((r) => r.method === 'PATCH');
    expect(writes.map((w) => w.ifMatch)).toEqual(ids.map(() => expect.stringMatching(/,1"?$/)));
  }, 60_000);

  it('writes again on the new version when the index\'s etag went stale, once, with one DM', async () => {
    desk = await startRoutedDesk();
    await desk.poll();
    const id = desk.file('Dock flickers');
    let edited = false;
    desk.before = (seen) => {
      // Patti raises the priority in the list just before routing's write reaches the site: its If-Match is stale.
      if (!edited && seen.method === 'PATCH' && seen.url.includes(`/items/${id}/fields`)) {
        edited = true;
        desk!.emu.data.update('SD_Tickets', String(id), { SD_Priority: 'High' });
      }
    };
    desk.emu.counters.reset();
    await desk.poll();

    expect(edited).toBe(true);
    expect(desk.assignee(id)).toBe(megan.email);
    expect(String(desk.emu.data.get('SD_Tickets', String(id))?.fields.SD_Priority)).toBe('High');
    // The refused write, the read that shows the ticket as it is, and the write on that version.
    expect(perTicket(desk)).toEqual({ 'PATCH SD_Tickets/items/{id}/fields': 2, 'GET SD_Tickets/items/{id}': 1 });
    await desk.poll();
    await desk.poll();
    expect(desk.dms(megan)).toHaveLength(1);
    expect(desk.dms(megan)[0]).toContain(`Ticket #${id} "Dock flickers" was assigned to you`);
  }, 60_000);
});

/**
 * A read of every ticket (first start, a policy's first enable, filling the search index) spaces
 * its page requests within the Graph budget it is given, whatever the list size, so a million
 * tickets never run into SharePoint's 429s and commands keep their share of the budget.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { connectionFor, startEmulator, type Emulator } from '../../src/emulator';
import { createGraphClient } from '../../src/graph';
import { createChangeFeed, everyTicket, FULL_READ_PAGE } from '../../src/helpdesk/changes';
import { createLogger } from '../../src/log';
import { ticketRow } from '../notify/emulator-setup';

let emu: Emulator | undefined;
afterAll(async () => emu?.close());

describe('a read of every ticket', () => {
  it('asks for each page no sooner than its share of the resource units allows', async () => {
    emu = await startEmulator({ seed: 'none' });
    emu.data.bulkInsert('SD_Tickets', Array.from({ length: 3 * FULL_READ_PAGE }, (_, i) => ticketRow(i)));
    const graph = createGraphClient({ ...connectionFor(emu), logger: createLogger({ level: 'error', write: () => undefined }) });
    // 600 RU a minute at 2 RU a page: one page every 200 ms, far slower than the stand-in serves them.
    const pageStarts: number[] = [];
    let read = 0;
    const began = performance.now();
    for await (const t of everyTicket(createChangeFeed(graph, {}), 600)) {
      if (read++ % FULL_READ_PAGE === 0) pageStarts.push(performance.now());
      expect(t.id).toBeGreaterThan(0);
    }
    expect(read).toBe(3 * FULL_READ_PAGE);
    expect(pageStarts).toHaveLength(3);
    // Page k+1 is asked for k × 200 ms after the read began at the earliest. Timers may fire a
    // millisecond early; a slow machine only makes it later.
    for (let k = 1; k < pageStarts.length; k++) expect(pageStarts[k] - began).toBeGreaterThanOrEqual(k * 200 - 2);
  });
});

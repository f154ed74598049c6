/**
 * A change poll refused because a column is not indexed on a list past 5,000 items: the Graph
 * client does not retry the 400, the poller explains it in the log once (with the fix), and
 * resumes by itself once the column is indexed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectionFor, LIST_VIEW_THRESHOLD, startEmulator, type Emulator } from '../../src/emulator';
import { createGraphClient } from '../../src/graph';
import { createChangeFeed, FULL_READ_PAGE } from '../../src/helpdesk/changes';
import { createLogger } from '../../src/log';
import { createDeliverer, createPoller, createSendQueue, type Poller } from '../../src/notify';
import { createSqliteStore, type Store } from '../../src/store';
import { recordingDelivery } from '../notify/recording-delivery';
import { ticketRow, vocabulary } from '../notify/emulator-setup';

const dir = mkdtempSync(path.join(tmpdir(), 'large-poll-'));
let emu: Emulator | undefined;
let store: Store | undefined;
let poller: Poller | undefined;

afterAll(async () => {
  await poller?.stop();
  await store?.close();
  await emu?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function until(cond: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('change poll on a large list with Modified not indexed', () => {
  it('is not retried by the Graph client, is explained once, and resumes once the column is indexed', async () => {
    emu = await startEmulator({ seed: 'none', unindexed: { SD_Tickets: ['Modified'] } });
    emu.data.bulkInsert('SD_Tickets', Array.from({ length: LIST_VIEW_THRESHOLD + 1 }, (_, i) => ticketRow(i, { Created: '2026-01-01T00:00:00Z', Modified: '2026-01-01T00:00:00Z' })));
    const lines: string[] = [];
    const logger = createLogger({ level: 'debug', write: (l) => lines.push(l) });
    const graph = createGraphClient({ ...connectionFor(emu), logger, retry: { maxAttempts: 5, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterSeconds: 1 } });
    store = createSqliteStore({ dataDir: dir });
    const rec = recordingDelivery('slack');
    const deliverer = createDeliverer({ deliveries: [rec.delivery], store, queue: createSendQueue(), logger, vocabulary });
    poller = createPoller({ feed: createChangeFeed(graph, {}), store, deliverer, vocabulary, logger, pollSeconds: 0.02, maxBackoffSeconds: 0.02 });

    poller.start();
    await until(() => poller!.status().failures >= 4);
    // The first start reads the ticket states with no filter or order (pages of FULL_READ_PAGE, never
    // refused); then one request per cycle: a 400 is an answer, not weather to wait out.
    const cycles = poller.status().cycles;
    const firstStartPages = Math.ceil((LIST_VIEW_THRESHOLD + 1) / FULL_READ_PAGE);
    expect(emu.counters.get('GET SD_Tickets/items')).toBeGreaterThanOrEqual(firstStartPages + cycles - 1);
    expect(emu.counters.get('GET SD_Tickets/items')).toBeLessThanOrEqual(firstStartPages + cycles);
    const explained = lines.filter((l) => l.includes('change poll refused by Graph'));
    expect(explained).toHaveLength(1);
    expect(explained[0]).toContain('SD_Tickets has more than 5,000 items and its column Modified is not indexed');
    expect(explained[0]).toContain('List settings › Indexed columns');
    expect(lines.filter((l) => l.includes('change poll failed; backing off'))).toEqual([]);
    expect(poller.status().lastError).toMatch(/Modified is not indexed/);

    emu.columns.setIndexed('SD_Tickets', 'Modified', true);
    await until(() => poller!.status().failures === 0);
    expect(poller.status().lastError).toBeUndefined();
  }, 30_000);
});

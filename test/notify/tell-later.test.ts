/**
 * A change was saved but its answer never reached the person (issue 9.4): the "it was saved"
 * message goes through the outbox, so it survives a restart and is retried until it arrives.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log';
import { createNotifications } from '../../src/notify';
import { createSqliteStore, type Store } from '../../src/store';
import { vocabulary } from './emulator-setup';
import { memoryFeed } from './memory-feed';
import { recordingDelivery } from './recording-delivery';

const logger = createLogger({ level: 'error', write: () => undefined });
const dirs: string[] = [];
const stores: Store[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function open(dir: string) {
  const store = createSqliteStore({ dataDir: dir });
  stores.push(store);
  const env = memoryFeed();
  const notifications = createNotifications({ store, feed: env.feed, helpdesk: {} as never, vocabulary, logger, pollSeconds: 15 });
  return { store, notifications };
}

describe('telling a person later that their change was saved', () => {
  it('queues a DM in the outbox that is sent once, also after a restart before it went out', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tell-later-'));
    dirs.push(dir);
    const first = open(dir);
    await first.notifications.tellLater('alex@contoso.com', 'Your change on #12 was saved.');
    expect(await first.store.pendingDeliveryCount()).toBe(1);
    await first.store.close();
    stores.length = 0;

    // Restarted before anything was sent: the new process sends it, once.
    const second = open(dir);
    const rec = recordingDelivery('slack');
    const poller = second.notifications.attach([rec.delivery]);
    await poller.runOnce();
    await poller.runOnce();
    expect(rec.sent.filter((s) => s.op === 'dm')).toEqual([{ op: 'dm', email: 'alex@contoso.com', text: 'Your change on #12 was saved.' }]);
    expect(await second.store.pendingDeliveryCount()).toBe(0);
    await poller.stop();
  });
});

/** Two pollers on one PostgreSQL store by mistake (both think they hold the lease): nothing is sent twice. */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_VOCABULARY } from '../../src/config';
import { createLogger } from '../../src/log';
import { createDeliverer, createPoller, createSendQueue } from '../../src/notify';
import { createNotificationPorts, createPostgresStore, type Store } from '../../src/store';
import { memoryFeed } from '../notify/memory-feed';
import { recordingDelivery } from '../notify/recording-delivery';
import { freshDatabase, pgAvailable, pgProblem } from '../support/postgres';

const vocabulary = DEFAULT_VOCABULARY;
const stores: Store[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

describe.skipIf(!pgAvailable())(`two pollers on one database${pgAvailable() ? '' : ` (cannot run: ${pgProblem()})`}`, () => {
  it('each card, thread line and DM goes out once even when both run the same cycle at the same moment', async () => {
    const url = await freshDatabase();
    const env = memoryFeed();
    const rec = recordingDelivery('slack');
    const logger = createLogger({ level: 'error', write: () => undefined });
    const pollers = await Promise.all(
      [1, 2].map(async () => {
        const store = await createPostgresStore({ url });
        stores.push(store);
        const deliverer = createDeliverer({ deliveries: [rec.delivery], store, queue: createSendQueue(), logger, vocabulary });
        return { store, poller: createPoller({ feed: env.feed, store, deliverer, vocabulary, logger, pollSeconds: 15, now: env.now }) };
      }),
    );
    const [a, b] = pollers;
    await createNotificationPorts(a.store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'all' }, { email: 'dana@contoso.com', name: 'Dana' });
    await a.store.savePersonAddress({ platform: 'slack', email: 'alex@contoso.com', userId: 'U1' });
    await a.poller.runOnce(); // first start: remember what exists

    for (let round = 0; round < 5; round++) {
      env.tick(2);
      env.put({ id: 40 + round, title: `Printer ${round}` });
      if (round > 0) env.put({ id: 40 + round - 1, status: 'In Progress' });
      // Same cycle on both at once, then again: each outbox row is claimed by one drainer, and a sent key is never enqueued again.
      await Promise.all([a.poller.runOnce(), b.poller.runOnce()]);
      await Promise.all([a.poller.runOnce(), b.poller.runOnce()]);
    }
    const sends = rec.sent.map((s) => `${s.op}:${s.conversationId ?? s.email}:${s.messageId ?? ''}:${s.view?.title ?? s.text ?? ''}`);
    expect(sends.filter((s) => s.startsWith('post:'))).toHaveLength(5);
    expect(sends.filter((s) => s.startsWith('dm:'))).toHaveLength(4);
    // Every message a person sees (card, thread line, DM) exists once; a card edit may be repeated
    // with the same content by the poller that lost the race, which nobody can see.
    const visible = sends.filter((s) => !s.startsWith('update:'));
    expect(visible.filter((s) => s.startsWith('line:'))).toHaveLength(4);
    expect(new Set(visible).size).toBe(visible.length);
  });
});

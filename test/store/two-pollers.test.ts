/**
 * Two pollers on one PostgreSQL store by mistake (both think they hold the lease): nothing is sent
 * twice. And a poll on one replica while the fast lane of another plans the same new ticket: one card.
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_VOCABULARY } from '../../src/config';
import { createLogger } from '../../src/log';
import { createDeliverer, createPoller, createSendQueue } from '../../src/notify';
import { createConversationPorts, createPostgresStore, type Store } from '../../src/store';
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
    await createConversationPorts(a.store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'all' }, { email: 'dana@contoso.com', name: 'Dana' });
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

  it('a poll on one replica and a change made through another replica at the same moment post one card for a new ticket, then edit it', async () => {
    const url = await freshDatabase();
    const env = memoryFeed();
    const rec = recordingDelivery('slack');
    const logger = createLogger({ level: 'error', write: () => undefined });
    // Replica A's poll is held between planning and committing until replica B has committed, or
    // is seen waiting for its turn to plan (a PostgreSQL advisory lock not granted).
    let planned!: () => void;
    const aPlanned = new Promise<void>((r) => (planned = r));
    let bCommitted!: () => void;
    const bDone = new Promise<void>((r) => (bCommitted = r));
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    const bWaiting = async () => {
      for (;;) {
        const { rows } = await watcher.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`);
        if (rows.length > 0) return;
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const make = async (hold: 'a' | 'b') => {
      const store = await createPostgresStore({ url });
      stores.push(store);
      const held: Store = Object.create(store);
      held.commitCycleWithDeliveries = async (commit, intents) => {
        if (hold === 'a' && intents.length > 0) {
          planned();
          await Promise.race([bDone, bWaiting()]);
        }
        await store.commitCycleWithDeliveries(commit, intents);
        if (hold === 'b' && intents.length > 0) bCommitted();
      };
      const deliverer = createDeliverer({ deliveries: [rec.delivery], store: held, queue: createSendQueue(), logger, vocabulary });
      return { store: held, deliverer, poller: createPoller({ feed: env.feed, store: held, deliverer, vocabulary, logger, pollSeconds: 15, now: env.now }) };
    };
    const a = await make('a');
    const b = await make('b');
    try {
      await createConversationPorts(a.store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'all' }, { email: 'dana@contoso.com', name: 'Dana' });
      await a.poller.runOnce(); // first start

      env.tick(2);
      env.put({ id: 50, title: 'Badge reader' });
      const poll = a.poller.runOnce();
      await aPlanned;
      // While A's poll holds its plan, an agent claims the ticket through replica B (its fast lane).
      env.tick(1);
      const claimed = env.put({ id: 50, assignedTo: 'dana@contoso.com', status: 'In Progress' });
      await Promise.all([poll, b.poller.announce({ actorEmail: 'dana@contoso.com', tickets: [claimed] })]);
      // Whatever either replica still owes is sent; no new poll (it would paper over a card gone stale).
      while ((await a.store.pendingDeliveryCount()) > 0) await a.deliverer.drain();
      await b.poller.stop();

      const cards = rec.sent.filter((s) => s.op === 'post');
      const edits = rec.sent.filter((s) => s.op === 'update' || s.op === 'line');
      expect(cards).toHaveLength(1);
      expect(edits.map((s) => s.messageId)).toEqual([cards[0].messageId, cards[0].messageId]);
      // The card ends showing the claim, never the older version read by the poll.
      expect(rec.sent.filter((s) => s.view).at(-1)?.view?.status).toBe('In Progress');
      expect(edits.find((s) => s.op === 'line')?.text).toBe('Status: New → In Progress\nAssigned to dana@contoso.com');
      expect((await a.store.getTicketStates([50])).get(50)?.etag).toBe(claimed.etag);
    } finally {
      await watcher.end();
    }
  });
});

/**
 * A channel the bot was removed from keeps no digest: when its digest finds the channel gone, the
 * deliverer drops the channel's subscriptions and the digests feature forgets its schedule, so
 * the next slot enqueues nothing. A feature whose part fails does not stop the others or the drain.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bindFeatures, FEATURES, featureMigrations, type AnyFeature } from '../../../src/features';
import { createDigestSchedules, digestSchedulesIn } from '../../../src/features/digests/digest-table';
import { digestView } from '../../../src/features/digests/digest-view';
import type { GraphClient } from '../../../src/graph';
import type { HelpdeskService } from '../../../src/helpdesk/types';
import { createLogger } from '../../../src/log';
import { createDeliverer } from '../../../src/notify/deliver';
import { channelLane, type OutboxPayload } from '../../../src/notify/intents';
import { createSendQueue } from '../../../src/notify/send-queue';
import { DeliveryError, type Delivery } from '../../../src/notify/types';
import { DEFAULT_VOCABULARY } from '../../../src/settings/groups';
import { createSqliteStore, type Store } from '../../../src/store';

import { testHost } from '../../support/feature-commands';
import type { HostServices } from '../../../src/features';

const logger = createLogger({ level: 'error', write: () => undefined });
const CHANNEL = { platform: 'slack' as const, id: 'CGONE' };
const FIGURES = { openByStatus: [], openTotal: 0, newSince: 0, resolvedSince: 0, unassignedTotal: 0, unassigned: [] };

describe('a digest for a channel the bot was removed from', () => {
  const stores: Store[] = [];
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
  });

  async function scene(features: readonly AnyFeature[]) {
    const store = createSqliteStore({ file: ':memory:', features: featureMigrations(FEATURES) });
    stores.push(store);
    const bound = bindFeatures(features, {
      store, db: await store.featureDatabase(), graph: undefined as unknown as GraphClient, helpdesk: undefined as unknown as HelpdeskService, logger,
      vocabulary: DEFAULT_VOCABULARY, locale: 'en', timeZone: 'UTC', slaPolicy: undefined, slackPresence: undefined, now: () => new Date(),
      // The host services the features' notify parts need (the outbox, the change feed…), as a default deployment has them.
      ...(testHost(store, { logger, vocabulary: DEFAULT_VOCABULARY }) as Partial<HostServices>),
    });
    const posted: string[] = [];
    const delivery: Delivery = {
      platform: 'slack',
      minIntervalMs: 0,
      postCard: async () => 'm1',
      updateCard: async () => undefined,
      postThreadLine: async () => undefined,
      sendDirect: async () => true,
      async postScreen(conversationId) {
        posted.push(conversationId);
        throw new DeliveryError('gone', 'channel_not_found');
      },
    };
    const deliverer = createDeliverer({ deliveries: [delivery], store, queue: createSendQueue(), logger, vocabulary: DEFAULT_VOCABULARY, goneHooks: bound.goneHooks });
    await store.addSubscription({ conversation: { ...CHANNEL, kind: 'channel' }, filter: { kind: 'all' }, createdBy: 'dana@example.com', createdAt: new Date().toISOString() });
    await digestSchedulesIn(store).put({ platform: CHANNEL.platform, conversationId: CHANNEL.id, spec: { cadence: 'daily', time: '09:00', zone: 'UTC' }, createdBy: 'dana@example.com', lastSlot: 0, sinceAt: 0 });
    const payload: OutboxPayload = { kind: 'screen', platform: CHANNEL.platform, conversationId: CHANNEL.id, view: digestView(FIGURES, { since: 0, basis: 'day' }, 'UTC', 'en') };
    await store.commitCycleWithDeliveries({ watermarks: {}, states: [], processedKeys: [] }, [{ key: 'digest:slack:CGONE:1', lane: channelLane(CHANNEL.platform, CHANNEL.id), ticketId: 0, createdAt: new Date().toISOString(), payload }]);
    return { store, deliverer, posted };
  }

  it('drops the channel\'s subscriptions and its schedule, so no later slot is counted for it', async () => {
    const { store, deliverer, posted } = await scene(FEATURES);
    await deliverer.drain();
    expect(posted).toEqual(['CGONE']);
    expect(await store.listSubscriptions('slack', 'CGONE')).toEqual([]);
    expect(await digestSchedulesIn(store).list()).toEqual([]);
  });

  it('keeps the schedule when the digests feature is not listed, and drops the subscriptions all the same', async () => {
    const { store, deliverer } = await scene(FEATURES.filter((f) => f.name !== 'digests'));
    await deliverer.drain();
    expect(await store.listSubscriptions('slack', 'CGONE')).toEqual([]);
    expect((await createDigestSchedules(await store.featureDatabase()).list()).map((r) => r.conversationId)).toEqual(['CGONE']);
  });
});

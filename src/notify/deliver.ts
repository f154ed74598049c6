/**
 * Delivers routed targets through the platform Delivery ports, exactly once per target: each
 * send is recorded under a delivery key right after it succeeds, and skipped if already there.
 */
import type { Vocabulary } from '../helpdesk/types';
import type { Logger } from '../log';
import type { Store } from '../store/types';
import { ticketView } from '../views/ticket-view';
import type { TicketView } from '../views/types';
import type { ChangeSet } from './detect';
import type { SendQueue } from './queue';
import { targetKey } from './routing';
import { DeliveryError, type ChannelTarget, type Delivery, type PersonTarget, type Platform, type Target } from './types';

/** Options for createDeliverer. */
export interface DelivererConfig {
  deliveries: readonly Delivery[];
  store: Store;
  queue: SendQueue;
  logger: Logger;
  vocabulary: Vocabulary;
  /** After this many failed cycles a target is given up (logged) so it cannot block everyone else. */
  maxAttempts?: number;
}

/** Sends one change set's targets; reports whether every one is done (sent, skipped or given up). */
export interface Deliverer {
  deliver(set: ChangeSet, targets: Target[]): Promise<boolean>;
}

/** The card a channel sees: current ticket state with agent buttons (the service authorises clicks). */
export function channelCardView(set: ChangeSet, vocabulary: Vocabulary): TicketView {
  return ticketView(set.ticket, [], { email: '', isAgent: true }, vocabulary);
}

/** A claim outlives any single send; one left by a process that died is taken over after this. */
const CLAIM_TTL_MS = 120_000;

/** The delivery key is claimed by another process (several replicas, or two pollers by mistake). */
class ClaimedElsewhere extends Error {
  constructor(key: string) {
    super(`delivery ${key} is claimed by another process`);
  }
}

/** Creates the deliverer. */
export function createDeliverer(config: DelivererConfig): Deliverer {
  const { store, queue, logger } = config;
  const byPlatform = new Map<Platform, Delivery>(config.deliveries.map((d) => [d.platform, d]));
  const maxAttempts = config.maxAttempts ?? 5;
  const attempts = new Map<string, number>();

  /**
   * Runs one send once: skipped when its key is recorded, claimed in the store before sending
   * (so a second poller by mistake never sends it too), recorded when it succeeds.
   */
  async function once(key: string, send: () => Promise<void>): Promise<void> {
    if (await store.isDelivered(key)) return;
    if (!(await store.claimDelivery(key, CLAIM_TTL_MS))) throw new ClaimedElsewhere(key);
    try {
      await send();
    } catch (err) {
      await store.releaseDelivery(key).catch(() => undefined);
      throw err;
    }
    await store.markDelivered(key);
  }

  async function toChannel(set: ChangeSet, t: ChannelTarget, base: string): Promise<void> {
    const d = byPlatform.get(t.platform);
    if (!d) return logger.debug('no delivery for platform; skipped', { platform: t.platform });
    const q = `${t.platform}:${t.conversationId}`;
    const send = <T>(fn: () => Promise<T>) => queue.run(q, d.minIntervalMs, fn);
    if (t.action === 'post') {
      await once(base, async () => {
        const messageId = await send(() => d.postCard(t.conversationId, channelCardView(set, config.vocabulary)));
        await store.savePostedMessage({ platform: t.platform, conversationId: t.conversationId, ticketId: set.ticket.id, messageId, etag: set.ticket.etag });
      });
      return;
    }
    let messageId = t.messageId!;
    if (t.action === 'update') {
      await once(`${base}>card`, async () => {
        const view = channelCardView(set, config.vocabulary);
        try {
          await send(() => d.updateCard(t.conversationId, messageId, view));
        } catch (err) {
          if (!(err instanceof DeliveryError && err.kind === 'missing')) throw err;
          // Someone deleted the card: post a fresh one and keep threading under it.
          messageId = await send(() => d.postCard(t.conversationId, view));
          logger.info('ticket card was deleted; posted a new one', { platform: t.platform, conversationId: t.conversationId, ticketId: set.ticket.id });
        }
        await store.savePostedMessage({ platform: t.platform, conversationId: t.conversationId, ticketId: set.ticket.id, messageId, etag: set.ticket.etag });
      });
      const saved = (await store.postedMessages(set.ticket.id)).find((p) => p.platform === t.platform && p.conversationId === t.conversationId);
      if (saved) messageId = saved.messageId;
    }
    if (t.line) await once(`${base}>line`, () => send(() => d.postThreadLine(t.conversationId, messageId, t.line!)));
  }

  async function toPerson(t: PersonTarget, base: string): Promise<void> {
    await once(base, async () => {
      // Platforms where the person was seen most recently first; then any other platform.
      const known = (await store.personAddresses(t.email)).map((a) => a.platform);
      const order = [...new Set([...known, ...byPlatform.keys()])].filter((p) => byPlatform.has(p));
      for (const platform of order) {
        const d = byPlatform.get(platform)!;
        try {
          if (await queue.run(`${platform}:dm:${t.email}`, d.minIntervalMs, () => d.sendDirect(t.email, t.text))) return;
        } catch (err) {
          if (!(err instanceof DeliveryError && err.kind === 'gone')) throw err;
          logger.info('personal conversation no longer reachable; trying elsewhere', { platform, reason: t.reason });
        }
      }
      logger.debug('no personal conversation for person; DM skipped', { email: t.email, reason: t.reason });
    });
  }

  async function one(set: ChangeSet, t: Target): Promise<boolean> {
    const base = `${set.key}>${targetKey(t)}`;
    try {
      if (t.type === 'channel') await toChannel(set, t, base);
      else await toPerson(t, base);
      attempts.delete(base);
      return true;
    } catch (err) {
      if (err instanceof ClaimedElsewhere) {
        // Another process is sending it right now; the next cycle finds it delivered (or the claim expired).
        logger.info('notification is being sent by another replica; checking again next cycle', { key: base });
        return false;
      }
      if (t.type === 'channel' && err instanceof DeliveryError && err.kind === 'gone') {
        const n = await store.dropConversation(t.platform, t.conversationId);
        logger.warn('bot is no longer in the conversation; dropped its subscriptions', { platform: t.platform, conversationId: t.conversationId, subscriptions: n, reason: err.message });
        return true;
      }
      const tries = (attempts.get(base) ?? 0) + 1;
      attempts.set(base, tries);
      if (tries >= maxAttempts) {
        logger.error('notification given up after repeated failures', { key: base, tries, error: err });
        await store.markDelivered(base);
        attempts.delete(base);
        return true;
      }
      logger.warn('notification failed; will retry next cycle', { key: base, tries, error: err });
      return false;
    }
  }

  return {
    async deliver(set, targets) {
      const results = await Promise.all(targets.map((t) => one(set, t)));
      return results.every(Boolean);
    },
  };
}

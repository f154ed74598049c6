/**
 * The outbox as a host service (src/notify/ports.ts OutboxService): what a feature owes (a post in
 * a conversation, the same post in every subscribed one, a DM) becomes outbox rows under the
 * feature's keys, committed at once; the deliverer sends them like any notification. The lanes
 * are notify's: a feature says what it sends (OwedSend), never which lane it waits in. Built over
 * the store alone, so the host can hand it to the features before notifications are attached.
 */
import type { DeliveryIntent, Store } from '../store/types';
import { channelLane, dmLane, type OutboxPayload } from './intents';
import type { OutboxService, OwedSend } from './ports';

const NOTHING_COMMITTED = { watermarks: {}, states: [], processedKeys: [] };

/**
 * The outbox row of a send a feature owes (OwedSend): in its reader's DM lane or its
 * conversation's lane, and a card marks its conversation as showing the ticket (store.pendingCards).
 */
export function rowOf(send: OwedSend): DeliveryIntent {
  const p = send.payload;
  if (p.kind === 'dm') return { ...send, lane: dmLane(p.email) };
  const lane = channelLane(p.platform, p.conversationId);
  return p.kind === 'card' ? { ...send, lane, card: { platform: p.platform, conversationId: p.conversationId } } : { ...send, lane };
}

/** The outbox service over one store; `now` dates the rows (tests pin it). */
export function createOutboxService(store: Pick<Store, 'commitCycleWithDeliveries' | 'allSubscriptions'>, now: () => Date = () => new Date()): OutboxService {
  const owe = (intents: DeliveryIntent[]) => store.commitCycleWithDeliveries(NOTHING_COMMITTED, intents);
  return {
    async post(key, to, message) {
      // A line with no card to thread under is posted on its own (`orPost`), as a card when it has buttons.
      const payload: OutboxPayload = { kind: 'line', platform: to.platform, conversationId: to.conversationId, text: message.text, orPost: true, ...(message.view ? { view: message.view } : {}) };
      await owe([{ key, lane: channelLane(to.platform, to.conversationId), ticketId: 0, createdAt: now().toISOString(), payload }]);
    },
    async postToSubscribed(key, messageFor) {
      const seen = new Set<string>();
      const intents: DeliveryIntent[] = [];
      for (const { conversation } of await store.allSubscriptions()) {
        const lane = channelLane(conversation.platform, conversation.id);
        if (seen.has(lane)) continue;
        seen.add(lane);
        const to = { platform: conversation.platform, conversationId: conversation.id };
        const message = await messageFor(to);
        const payload: OutboxPayload = { kind: 'line', ...to, text: message.text, orPost: true, ...(message.view ? { view: message.view } : {}) };
        intents.push({ key: `${key}>${lane}`, lane, ticketId: 0, createdAt: now().toISOString(), payload });
      }
      if (intents.length > 0) await owe(intents);
      return intents.length;
    },
    async dm(key, email, text, options = {}) {
      const payload: OutboxPayload = { kind: 'dm', email, text, reason: options.reason ?? 'feature', ...(options.urgent ? { urgent: true } : {}), ...(options.notice ? { notice: options.notice } : {}) };
      await owe([{ key, lane: dmLane(email), ticketId: options.ticketId ?? 0, createdAt: now().toISOString(), payload }]);
    },
    async owe(sends) {
      if (sends.length > 0) await owe(sends.map(rowOf));
    },
  };
}

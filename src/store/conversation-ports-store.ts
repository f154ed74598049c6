/** ConversationPorts (what the ticket core's commands and the channels read and keep of conversations and people) on top of a Store. */
import type { ConversationPorts } from '../core';
import { randomUUID } from 'node:crypto';
import { lastNotice, noticeOfMessage } from './notices';
import { followPersonalCard } from './personal-cards';
import type { Store } from './types';

/** How long a draft too long for a button is kept (the person clicks its button within this). */
const DRAFT_MS = 7 * 24 * 3600_000;

/** Commands' view of conversations and people, kept in `store`; `defaultLanguage` is HELPDESK_LOCALE. */
export function createConversationPorts(store: Store, defaultLanguage = 'en'): ConversationPorts {
  return {
    // Conversation ids arrive as the channels name them (a Teams channel, never one of its threads).
    async subscribe(c, filter, by) {
      // Remember the conversation too; the channel hook adds its reference (Teams) as messages arrive.
      await store.saveConversation({ platform: c.platform, id: c.id, kind: c.kind });
      await store.addSubscription({ conversation: c, filter, createdBy: by.email, createdAt: new Date().toISOString() });
    },
    unsubscribe(c, filter) {
      return store.removeSubscriptions(c.platform, c.id, filter);
    },
    async subscriptions(c) {
      return (await store.listSubscriptions(c.platform, c.id)).map((s) => s.filter);
    },
    setMuted: (email, muted) => store.setMuted(email, muted),
    // Who acted is recorded by the poller's action log (notify/start.ts), which logs a failure instead.
    recordAction: (acted) => store.recordAction(acted),
    async lastNotice(email) {
      const memo = await lastNotice(store, email);
      return memo && { ticketId: memo.ticketId, at: memo.at };
    },
    async noticeOf(platform, conversationId, messageId) {
      return (await noticeOfMessage(store, platform, conversationId, messageId))?.ticketId;
    },
    followCard: ({ reader, ...card }) => followPersonalCard(store, card, reader),
    async keepDraft(values) {
      const id = randomUUID();
      await store.putMemo(`draft:${id}`, values, DRAFT_MS);
      return id;
    },
    draft: (id) => store.getMemo<Record<string, string>>(`draft:${id}`),
    defaultLanguage,
    decisions: {
      claim: (key, pendingMs) => store.claimDecision(key, pendingMs),
      outcome: (key) => store.decisionOutcome(key),
      settle: (key, reply, keepMs) => store.settleDecision(key, reply, keepMs),
      release: (key) => store.releaseDecision(key),
    },
    personLanguage: (email) => store.chosenLocale(email),
    async language(c) {
      return (await store.conversationLocales()).get(`${c.platform}:${c.id}`);
    },
  };
}

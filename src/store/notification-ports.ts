/** NotificationPorts (what the subscribe/unsubscribe/notifications commands call) on top of a Store. */
import type { NotificationPorts } from '../core';
import { randomUUID } from 'node:crypto';
import { lastNotice, noticeOfMessage } from './notices';
import type { Store } from './types';
import { DEFAULT_DM_PREFERENCES } from './dm-preferences';

/** How long a draft too long for a button is kept (the person clicks its button within this). */
const DRAFT_MS = 7 * 24 * 3600_000;

/** Commands' view of subscriptions and preferences, kept in `store`. */
export function createNotificationPorts(store: Store): NotificationPorts {
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
    preferences: {
      async choices(email) {
        const [chosen, zone] = await Promise.all([store.dmPreferences([email]), store.personZone(email)]);
        return { choices: [...chosen.values()][0] ?? DEFAULT_DM_PREFERENCES, ...(zone ? { zone } : {}) };
      },
      setChoices: (email, choices) => store.setDmPreferences(email, choices),
    },
    async lastNotice(email) {
      const memo = await lastNotice(store, email);
      return memo && { ticketId: memo.ticketId, at: memo.at };
    },
    async noticeOf(platform, conversationId, messageId) {
      return (await noticeOfMessage(store, platform, conversationId, messageId))?.ticketId;
    },
    async keepDraft(values) {
      const id = randomUUID();
      await store.putMemo(`draft:${id}`, values, DRAFT_MS);
      return id;
    },
    savedReplies: store.savedReplies,
    surveys: store.surveys,
    draft: (id) => store.getMemo<Record<string, string>>(`draft:${id}`),
    setLanguage: (c, locale) => store.setConversationLocale(c.platform, c.id, locale),
    setPersonLanguage: (email, locale) => store.setChosenLocale(email, locale),
    personLanguage: (email) => store.chosenLocale(email),
    async space(c) {
      return (await store.conversationSpace(c.platform, c.id))?.spaceId;
    },
    setSpace: (c, spaceId, by) => store.setConversationSpace(c.platform, c.id, spaceId, by.email),
    async language(c) {
      return (await store.conversationLocales()).get(`${c.platform}:${c.id}`);
    },
  };
}

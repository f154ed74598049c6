/** Conversation id normalisation shared by the store's callers. */
import type { Conversation } from '../core';

/** A Teams channel id without the thread suffix that channel messages carry (`;messageid=…`). */
export function teamsChannelId(conversationId: string): string {
  const i = conversationId.indexOf(';messageid=');
  return i >= 0 ? conversationId.slice(0, i) : conversationId;
}

/** The id a subscription is kept under: Teams channel posts subscribe the channel, not the thread. */
export function subscriptionConversation(c: Conversation): Conversation {
  return c.platform === 'teams' && c.kind === 'channel' ? { ...c, id: teamsChannelId(c.id) } : c;
}

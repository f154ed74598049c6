/**
 * Ticket cards in a person's own chat (the card a filing answered with): kept in the posted-card
 * map like a channel card, so the poller edits them in place, plus a memo saying whose view they show.
 */
import type { MemoStore, Platform, PostedMessage, Store } from './types';

/** Whose view a card in a personal chat shows. */
export interface CardReader {
  email: string;
  isAgent: boolean;
}

// As long as the posted-card row it goes with: without it the card would be edited as a channel's.
const KEEP_MS = 10 * 365 * 24 * 3600_000;
const key = (platform: Platform, conversationId: string, ticketId: number) => `personal-card:${platform}:${conversationId}:${ticketId}`;

/** Records a card posted in `reader`'s own chat, so later changes edit it with their view. */
export async function followPersonalCard(store: Pick<Store, 'putMemo' | 'savePostedMessage'>, card: PostedMessage, reader: CardReader): Promise<void> {
  await store.putMemo(key(card.platform, card.conversationId, card.ticketId), reader, KEEP_MS);
  await store.savePostedMessage(card);
}

/** Whose personal chat a posted card is in, or undefined for a channel's card. */
export function personalCardReader(store: MemoStore, card: Pick<PostedMessage, 'platform' | 'conversationId' | 'ticketId'>): Promise<CardReader | undefined> {
  return store.getMemo<CardReader>(key(card.platform, card.conversationId, card.ticketId));
}

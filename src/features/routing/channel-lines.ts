/**
 * A line routing owes the channels that show a ticket (an escalation, "nobody picked up #12", a
 * ticket left unassigned): one per channel card, posted in its thread in the channel's language,
 * through the outbox service under a key that replicas and restarts owe once. A card still
 * owed counts: its lane sends the card first, then the line under it.
 */
import type { OutboxService, OwedSend } from '../../notify/ports';
import { personalCardReader } from '../../store/personal-cards';
import type { Platform, Store } from '../../store/types';

/** Owes `text(locale)` to each channel card of the ticket (a personal chat's card is its reader's, not a channel's); resolves with how many. */
export async function tellChannels(
  services: { store: Store; outbox: Pick<OutboxService, 'owe'>; locale: string },
  ticketId: number,
  key: string,
  now: number,
  text: (locale: string) => string,
): Promise<number> {
  const { store, locale } = services;
  const posted: { platform: Platform; conversationId: string }[] = [];
  for (const p of [...(await store.postedMessages(ticketId)), ...(await store.pendingCards(ticketId))]) {
    if (posted.some((q) => q.platform === p.platform && q.conversationId === p.conversationId)) continue;
    if (await personalCardReader(store, { ...p, ticketId })) continue;
    posted.push({ platform: p.platform, conversationId: p.conversationId });
  }
  if (posted.length === 0) return 0;
  const languages = await store.conversationLocales();
  const createdAt = new Date(now).toISOString();
  // Under the ticket's card in each conversation (its lane), or on its own where the card is gone.
  const sends: OwedSend[] = posted.map((p) => ({
    key: `${key}>${p.platform}:${p.conversationId}`, ticketId, createdAt,
    payload: { kind: 'line', platform: p.platform, conversationId: p.conversationId, text: text(languages.get(`${p.platform}:${p.conversationId}`) ?? locale), orPost: true },
  }));
  await services.outbox.owe(sends);
  return sends.length;
}

/**
 * Views to Teams activities (messages with cards). Cards come from cards.ts (templates in cards/); this file adds what only
 * the Teams side knows: the Universal Actions `refresh` clause and what is safe to post in a shared chat.
 */
import { shareableView } from '../../views/ticket-view';
import { CardFactory, MessageFactory, type Activity } from 'botbuilder';
import type { View } from '../../views/types';
import { refreshClause, renderCard } from './cards';
import { fitted } from './fit';

export const ADAPTIVE_CARD = 'application/vnd.microsoft.card.adaptive';

/** Where a card is shown: a shared chat gets a view nobody should not see, refreshed per user. */
export interface CardAudience {
  /** Teams user ids (MRIs) whose clients refresh the card to their own view on sight. */
  userIds: string[];
  shared: boolean;
  /** The reader's locale ('de-DE' from the activity); the view's words are already in its language. */
  locale?: string;
}

// In a group chat or channel everyone sees the posted card, so internal notes are taken off it
// (views' shareableView); each person (agents included) gets their own view through the refresh clause.
export { shareableView };

/** The Adaptive Card for a view, with a refresh clause on ticket cards so each viewer gets their own view. */
export function cardFor(view: View, audience: CardAudience, limit?: number): Record<string, unknown> {
  const shown = audience.shared ? shareableView(view) : view;
  // Measured with the refresh clause's room in mind (at most 60 ids); see fit.ts.
  const card = { ...fitted(shown, (v) => renderCard(v), limit) };
  const refresh = refreshClause(view, audience.userIds);
  if (refresh) card.refresh = refresh;
  return card;
}

/** A message activity for a reply: plain text stays text; everything else is a card. */
export function activityFor(view: View, audience: CardAudience, limit?: number): Partial<Activity> {
  if (view.type === 'text') return MessageFactory.text(view.text);
  return MessageFactory.attachment(CardFactory.adaptiveCard(cardFor(view, audience, limit)));
}

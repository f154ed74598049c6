/** A change storm's summary as an Adaptive Card (cards/storm.json); every word comes from the view. */
import { CardFactory, MessageFactory, type Activity } from 'botbuilder';
import type { StormView } from '../../features/storms/storm-view';
import { literal } from './card-text';
import { listData } from './card-data';
import { expand } from './cards';

/** The summary card's data: the rows and buttons as a ticket list lays them out. */
export function stormData(view: StormView) {
  const list = listData({ title: view.title, tickets: view.rows, emptyText: '', moreText: [], actions: view.actions });
  return {
    title: list.title,
    counts: view.counts.map((c) => ({ label: literal(c.label), text: literal(c.text) })),
    tickets: list.tickets,
    moreText: literal(view.moreText),
    cardsText: literal(view.cardsText),
    actions: list.actions,
  };
}

/** The summary message: the card, with the plain text as what notifications and old clients show. */
export function stormActivity(view: StormView): Partial<Activity> {
  return MessageFactory.attachment(CardFactory.adaptiveCard(expand('storm', stormData(view))), view.fallback);
}

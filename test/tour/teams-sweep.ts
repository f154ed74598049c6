/**
 * The tour's sweep: after the story, every kind of button in every kind of place it was seen (a
 * 1:1 chat, the channel, a dialog) that nobody clicked yet is clicked once, as the person finds it
 * then, until no click brings a new one.
 */
import { buttonsOf } from './teams-cards';
import { kindOf, type Seen, type TeamsTour } from './teams-driver';

/**
 * Clicks, for every kind of button and every kind of place it was seen in (a chat, the channel, a
 * dialog, a picked search result, an unfurled link), the newest one not clicked yet; again while
 * the clicks bring new ones.
 */
export async function sweep(tour: TeamsTour, maxRounds = 6): Promise<void> {
  for (let round = 0; round < maxRounds; round++) {
    // Every kind in every kind of place ever shown, newest first (a card a click replaced too).
    const todo = new Set<string>();
    for (let i = tour.history.length - 1; i >= 0; i--) {
      const on = tour.history[i];
      for (const b of buttonsOf(on.card, on.dialog)) {
        const at = `${kindOf(b)} @ ${on.context}`;
        if (!tour.clickedAt.has(at) && !tour.gone.has(at)) todo.add(at);
      }
    }
    if (todo.size === 0) return;
    // What changed since is on the channel's cards, as the timer would have put it there.
    await tour.poll();
    for (const at of todo) {
      if (tour.clickedAt.has(at) || tour.gone.has(at)) continue;
      const button = await showing(tour, (b) => `${kindOf(b)} @ ${b.on.context}` === at);
      if (button) await tour.click(button);
      else tour.gone.add(at);
    }
  }
}

/**
 * Such a button as the person finds it now: on the newest card that has one, or on a card a
 * click replaced, asked for again. Teams refreshes a card with a refresh clause when it shows it
 * again, so the person clicks what is true now; the card they look at (the newest) is as it is.
 */
async function showing(tour: TeamsTour, same: (b: Seen) => boolean): Promise<Seen | undefined> {
  const candidates: Seen[] = [];
  const keys = new Set<string>();
  const add = (b: Seen) => {
    if (!keys.has(b.on.key)) (keys.add(b.on.key), candidates.push(b));
  };
  tour.buttons(same).forEach(add);
  for (let i = tour.history.length - 1; i >= 0 && candidates.length < 3; i--) {
    const on = tour.history[i];
    const b = buttonsOf(on.card, on.dialog).map((x) => ({ ...x, on })).find(same);
    if (b) add(b);
  }
  for (const b of candidates.slice(0, 3)) {
    const refresh = buttonsOf(b.on.card).find((x) => x.how === 'refresh');
    if (!refresh || b.how === 'refresh' || b.on.order === tour.order) return b;
    await tour.click({ ...refresh, on: b.on });
    const now = tour.cards.get(b.on.key);
    const fresh = now && buttonsOf(now.card, now.dialog).map((x) => ({ ...x, on: now })).find(same);
    if (fresh) return fresh;
  }
  return undefined;
}

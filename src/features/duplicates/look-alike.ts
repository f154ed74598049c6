/**
 * "Looks like #12 (In Progress, Agent Two)": a new ticket that repeats an open one from the last
 * 7 days, found in the search index the poller keeps (no Graph request). The same requester
 * with similar words, or very similar words from anyone. Only on cards agents read: channel
 * cards (the poller's, and a shared conversation's after a click) and an agent's own card (`show`);
 * a requester's card never reaches a card hook, and a requester's DMs are notices, never these cards.
 */
import type { ActionView, TicketView } from '../../views/types';
import type { IndexedTicket, TicketIndex } from '../../core/search';
import { isDone, sameAddress, VERBS, type RoleVocabulary } from '../../core';
import { translator } from '../../i18n';
import { valueLabel } from '../../views/format';
import { ANSWER_LANGUAGES, meaningfulTerms, stemsOf } from '../../store/search-stems';

/** How far back a ticket counts as the one a new ticket repeats. */
export const LOOK_BACK_DAYS = 7;
/** Share of the new ticket's words the older one must hold: from the same requester, and from anyone. */
export const SAME_REQUESTER = 0.5;
export const ANYONE = 0.8;

type Words = Pick<IndexedTicket, 'id' | 'title' | 'description' | 'requesterEmail' | 'created'>;

/** The share of `a`'s words that `b` holds, in whichever language reads them best. */
export function likeness(a: Pick<Words, 'title' | 'description'>, b: Pick<Words, 'title' | 'description'>): number {
  return Math.max(...ANSWER_LANGUAGES.map((l) => {
    const mine = stemsOf(`${a.title}\n${a.description}`, l);
    if (!mine.length) return 0;
    const theirs = new Set(stemsOf(`${b.title}\n${b.description}`, l));
    return mine.filter((s) => theirs.has(s)).length / mine.length;
  }));
}

/** The open ticket from the last 7 days that `ticket` most looks like, if one looks enough like it. */
export async function lookAlike(index: TicketIndex, vocabulary: RoleVocabulary, ticket: Words, now: Date): Promise<IndexedTicket | undefined> {
  const words = [...new Set(meaningfulTerms(ticket.title, 'en'))].slice(0, 8);
  if (!words.length) return undefined;
  const since = now.getTime() - LOOK_BACK_DAYS * 86_400_000;
  const found = await index.searchTickets({ words, limit: 20 });
  let best: { t: IndexedTicket; score: number } | undefined;
  for (const t of found) {
    if (t.id === ticket.id || isDone(vocabulary, t.status) || Date.parse(t.created) < since || t.id > ticket.id) continue;
    const score = likeness(ticket, t);
    const enough = sameAddress(t.requesterEmail, ticket.requesterEmail) ? SAME_REQUESTER : ANYONE;
    if (score >= enough && (!best || score > best.score)) best = { t, score };
  }
  return best?.t;
}

/** The card with the look-alike's line and a "Merge into #12" button (which asks first). */
export function withLookAlike(view: TicketView, like: IndexedTicket, locale: string | undefined): TicketView {
  const t = translator(locale);
  const status = valueLabel(t, 'status', like.status);
  const text = like.assigneeName || like.assigneeEmail
    ? t('duplicates:looksLikeAssigned', { id: like.id, status, assignee: like.assigneeName || like.assigneeEmail })
    : t('duplicates:looksLike', { id: like.id, status });
  const merge: ActionView = { verb: VERBS.mergeAsk, title: t('duplicates:confirm', { id: like.id }), ticketId: view.id, data: { into: String(like.id) } };
  // A notice the card already has (what the agent just did) stays first; the hint follows it.
  const notice = view.notice ? { ...view.notice, text: `${view.notice.text}\n${text}` } : { text, tone: 'warning' as const };
  return { ...view, notice, actions: [...view.actions, merge] };
}

/**
 * The card hook (src/features/types.ts CardHook.ticket): an agent's card of a new open ticket, and
 * a shared conversation's (the one the poller posted there has the line too), gets the same line
 * and Merge button. Everything it needs is on the card and in the search index: no Graph request,
 * and no index read at all for a ticket resolved or older than the look-back.
 */
export function lookAlikeOnCard(index: TicketIndex, vocabulary: RoleVocabulary, now: () => Date) {
  return async (view: TicketView): Promise<TicketView> => {
    const at = now();
    if (isDone(vocabulary, view.status) || Date.parse(view.created) < at.getTime() - LOOK_BACK_DAYS * 86_400_000) return view;
    if (view.actions.some((a) => a.verb === VERBS.mergeAsk)) return view;
    const like = await lookAlike(index, vocabulary, { id: view.id, title: view.title, description: view.description, requesterEmail: view.requesterEmail, created: view.created }, at);
    return like ? withLookAlike(view, like, view.locale) : view;
  };
}

/** Ticket list builder (mine, queue, search), and how a list's rows remember the list they are in. */
import { VERBS, type Verb } from '../core';
import type { RoleVocabulary } from '../core/vocabulary';
import type { Ticket } from '../helpdesk/types';
import { normalizeLocale, translator } from '../i18n';
import { summaryOfView, ticketSummary, type PeopleNames, type Viewer } from './ticket-view';
import type { TicketListView, TicketSummaryView, TicketView } from './types';

/** A titled list of ticket summaries with the text shown when it is empty and an optional footer; `vocabulary` says which statuses are done (no Claim). */
export function ticketListView(
  title: string,
  tickets: readonly Ticket[],
  viewer: Viewer,
  emptyText: string,
  footer?: string,
  names?: PeopleNames,
  vocabulary?: RoleVocabulary,
): TicketListView {
  const locale = normalizeLocale(viewer.locale);
  const rows = tickets.map((t) => ticketSummary(t, viewer, names, vocabulary));
  const list: TicketListView = { locale, title, tickets: rows, emptyText, moreText: moreTexts(rows.length, locale) };
  if (footer) list.footer = footer;
  return list;
}

/**
 * "n more not shown" for every n a platform may leave out of a list of `rows` (one more than the
 * rows, so a row put back after a click is counted too).
 */
export function moreTexts(rows: number, locale?: string): string[] {
  const t = translator(locale);
  return Array.from({ length: rows + 1 }, (_, i) => t('views:list.moreNotShown', { count: i + 1 }));
}

/** How to build a list again: the verb that made it and its values (queue name and page, search words). */
export interface ListOrigin {
  verb: Verb;
  values: Record<string, string>;
}

/** The lists whose rows keep the list when clicked. */
const LIST_VERBS: readonly Verb[] = [VERBS.queue, VERBS.mine, VERBS.search];
/** The row buttons that keep the list (the rest, e.g. forms, answer on their own). */
const ROW_VERBS: readonly Verb[] = [VERBS.show, VERBS.claim];

/** Card data keys a row button carries: the list it is in, and its place there. */
export const ROW_KEYS = { list: 'list', row: 'row' } as const;

/**
 * Stamps each row's Show and Claim buttons with the list they are in, so a click can update the
 * row in place and keep the list (page, queue, search words) instead of replacing it.
 */
export function keepingList(list: TicketListView, origin: ListOrigin): TicketListView {
  const tag = JSON.stringify(origin);
  list.tickets = list.tickets.map((row, i) => ({
    ...row,
    actions: row.actions.map((a) => (ROW_VERBS.includes(a.verb) ? { ...a, data: { ...a.data, [ROW_KEYS.list]: tag, [ROW_KEYS.row]: String(i) } } : a)),
  }));
  return list;
}

/** The list a row button came from, or undefined for anything else (card data is untrusted). */
export function listOriginOf(verb: string, values: Record<string, string> | undefined): ListOrigin | undefined {
  const raw = values?.[ROW_KEYS.list];
  if (!raw || !(ROW_VERBS as readonly string[]).includes(verb)) return undefined;
  try {
    const parsed = JSON.parse(raw) as { verb?: unknown; values?: unknown };
    if (!LIST_VERBS.includes(parsed.verb as Verb) || !parsed.values || typeof parsed.values !== 'object') return undefined;
    const kept = Object.entries(parsed.values as Record<string, unknown>).filter(([k, v]) => typeof v === 'string' && !['__proto__', 'constructor', 'prototype'].includes(k));
    return { verb: parsed.verb as Verb, values: Object.fromEntries(kept) as Record<string, string> };
  } catch {
    // Card data that is not our JSON: no list to go back to, so the click runs as a plain one.
    return undefined;
  }
}

/** A list row made from a full ticket view (a ticket that left the list since it was shown stays where it was). */
export const rowFromTicket: (t: TicketView) => TicketSummaryView = summaryOfView;

/** Ticket list builder (mine, queue, search), and how a list's rows remember the list they are in. */
import { VERBS, type Verb } from '../core';
import type { RoleVocabulary } from '../core/vocabulary';
import type { Ticket } from '../helpdesk/types';
import { normalizeLocale } from '../i18n';
import { ticketSummary, type PeopleNames, type Viewer } from './ticket-view';
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
  const list: TicketListView = { locale: normalizeLocale(viewer.locale), title, tickets: tickets.map((t) => ticketSummary(t, viewer, names, vocabulary)), emptyText };
  if (footer) list.footer = footer;
  return list;
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
    return undefined;
  }
}

/** A list row made from a full ticket view (a ticket that left the list since it was shown stays where it was). */
export function rowFromTicket(t: TicketView): TicketSummaryView {
  return {
    id: t.id,
    etag: t.etag,
    title: t.title,
    status: t.status,
    priority: t.priority,
    assignee: t.assignee,
    assigneeName: t.assigneeName,
    requesterName: t.requesterName,
    modifiedText: t.modifiedText,
    actions: [{ verb: VERBS.show, title: 'Show', ticketId: t.id, etag: t.etag }],
  };
}

/**
 * A change storm's summary (many tickets of one channel's subscription changed in one poll
 * cycle): counts by status and priority, the first rows with Show and Claim, and a button that
 * lists them all in the bot, paged, as a screen of elements that every channel renders. Also the
 * one merged DM a person gets instead of many.
 */
import { VERBS } from '../../core';
import type { RoleVocabulary } from '../../core/vocabulary';
import type { Ticket } from '../../helpdesk/types';
import { normalizeLocale, translator, type Translate } from '../../i18n';
import { valueLabel } from '../../views/format';
import { keepingList } from '../../views/list-view';
import { actions, facts, heading, lines, rows, screen, type Element, type ScreenView } from '../../views/elements';
import { ticketSummary } from '../../views/ticket-view';
import { summaryRow } from '../../views/ticket-rows';

/** Rows a summary shows before "and N more". */
export const STORM_ROWS = 5;

/**
 * A storm summary is a screen made of elements (src/views/elements.ts): a heading, the counts as
 * facts, the first rows with Show and Claim and "and N more", a note when tickets that matter
 * follow as cards, and the list button. `fallback` is the plain text for notifications.
 */
export type StormView = ScreenView;

/** The values the list button sends: `queue changes` for this storm, from its first page. */
export const stormListValues = (id: string, page = 1) => ({ queue: 'changes', storm: id, page: String(page) });

function countLine(t: Translate, tickets: readonly Ticket[], field: 'status' | 'priority'): string {
  const counts = new Map<string, number>();
  for (const tk of tickets) counts.set(tk[field], (counts.get(tk[field]) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([v, n]) => `${valueLabel(t, field, v) || '—'} ${n}`).join(' · ');
}

/** The summary of `tickets` (every ticket of the storm, newest version) in `locale`; `carded` tickets follow as cards. */
export function stormView(id: string, tickets: readonly Ticket[], locale: string | undefined, vocabulary: RoleVocabulary, carded = 0): StormView {
  const lang = normalizeLocale(locale);
  const t = translator(lang);
  const viewer = { email: '', isAgent: true, locale: lang };
  const summaries = tickets.slice(0, STORM_ROWS).map((tk) => ticketSummary(tk, viewer, undefined, vocabulary));
  // Show and Claim on a row keep the storm's list, so a click never replaces the shared summary.
  const kept = keepingList({ title: '', tickets: summaries, emptyText: '', moreText: [] }, { verb: VERBS.queue, values: stormListValues(id) }).tickets;
  const status = countLine(t, tickets, 'status');
  const more = tickets.length - kept.length;
  const elements: Element[] = [
    heading(t('storms:summary.title', { count: tickets.length })),
    facts([
      { label: t('storms:summary.byStatus'), value: status },
      { label: t('storms:summary.byPriority'), value: countLine(t, tickets, 'priority') },
    ]),
    rows(kept.map(summaryRow), more > 0 ? t('storms:summary.more', { count: more }) : undefined),
    ...(carded > 0 ? [lines([t('storms:summary.cards')], { muted: true })] : []),
    actions([{ verb: VERBS.queue, title: t('storms:summary.list', { count: tickets.length }), data: stormListValues(id) }]),
  ];
  return screen(elements, { locale: lang, fallback: t('storms:summary.fallback', { count: tickets.length, status }), shared: true });
}

/** Lines a merged DM quotes before "and N more". */
export const MERGED_DM_LINES = 10;

/** One DM in place of many: a head line, the first messages' first lines, then how many more. */
export function mergedDmText(texts: readonly string[], locale?: string): string {
  const t = translator(locale);
  const shown = texts.slice(0, MERGED_DM_LINES).map((x) => `• ${x.split('\n')[0]}`);
  const more = texts.length - shown.length;
  return [t('storms:dm.head', { count: texts.length }), ...shown, ...(more > 0 ? [t('storms:dm.more', { count: more })] : [])].join('\n');
}

/**
 * The SLA clock lines of an agent's ticket card and list row: "First response due " + date +
 * "", "Resolution breached at " + date. The date goes in as the platform's own token (shown in the
 * reader's time zone), so each line is cut where the catalog puts `{{at}}`; `atText` is the
 * token's fallback. Requesters never get clock lines.
 */
import type { CardClock } from '../../core/sla';
import { normalizeLocale, translator } from '../../i18n';
import { formatDate } from '../../views/format';
import { VERBS } from '../../core/verbs';
import type { ConfirmationView, StatusLineView, TicketListView, TicketView, View } from '../../views/types';

/** One SLA clock as the line the cards show (a neutral status line: src/views/types.ts). */
export type ClockLineView = StatusLineView;

/** The SLA backlog summary as a message with a button that lists every ticket with a running clock (`queue due`, paged). */
export function backlogSummaryView(text: string, locale?: string): ConfirmationView {
  return { message: text, actions: [{ verb: VERBS.queue, title: translator(locale)('sla:home.listDue'), data: { queue: 'due' } }] };
}

/** How many tickets App Home's "Due soon" names. */
export const DUE_SOON_ROWS = 5;

/** Colour by state: on time, past a warning, past the target; a stopped clock by whether it made it. */
const TONES: Record<CardClock['state'], ClockLineView['tone']> = {
  running: 'good', warning: 'warning', breached: 'attention', paused: 'default', met: 'good', missed: 'attention',
};

/** The sign a platform without text colours puts in front, by state. */
const SIGNS: Record<CardClock['state'], ClockLineView['sign']> = {
  running: 'on-track', warning: 'at-risk', breached: 'overdue', paused: 'paused', met: 'done', missed: 'missed',
};

/** One clock as a card line in the reader's language. */
export function clockLine(clock: CardClock, locale?: string): ClockLineView {
  const t = translator(locale);
  const mark = '\u0000';
  const [before, after = ''] = t(`sla:clock.${clock.state}`, { clock: t(`sla:clock.name.${clock.kind}`), at: mark }).split(mark);
  const iso = clock.at === undefined ? undefined : new Date(clock.at).toISOString();
  return { tone: TONES[clock.state], sign: SIGNS[clock.state], before, after, ...(iso ? { at: iso, atText: formatDate(iso, locale) } : {}) };
}

/** The card with its clock lines, if it was made for an agent; a requester's card is returned as it is. */
export function withClocks(view: TicketView, clocks: readonly CardClock[] | undefined): TicketView {
  if (!view.agentView || !clocks || clocks.length === 0) return view;
  const locale = normalizeLocale(view.locale);
  return { ...view, statusLines: clocks.map((c) => clockLine(c, locale)) };
}

/** An agent's list with each row's clock lines (rows without a clock are left as they are). */
export function listWithClocks(list: TicketListView, clocks: ReadonlyMap<number, readonly CardClock[]>): TicketListView {
  const locale = normalizeLocale(list.locale);
  return {
    ...list,
    tickets: list.tickets.map((row) => {
      const own = clocks.get(row.id);
      return own && own.length > 0 ? { ...row, statusLines: own.map((c) => clockLine(c, locale)) } : row;
    }),
  };
}

/**
 * App Home's "Due soon": the first tickets of `queue due` (nearest due first, breached first),
 * retitled, without paging buttons; the footer says how many more `queue due` lists. Anything but
 * a list with rows (no SLA policy, nothing due, an error) is no section at all.
 */
export function dueSoonView(view: View, locale?: string): View | undefined {
  if (view.type !== 'ticket-list' || view.list.tickets.length === 0) return undefined;
  const t = translator(locale);
  const total = view.list.page?.total ?? view.list.tickets.length;
  const tickets = view.list.tickets.slice(0, DUE_SOON_ROWS);
  const list: TicketListView = { ...view.list, title: t('sla:home.dueSoon'), tickets, actions: [] };
  delete list.page;
  if (total > tickets.length) list.footer = t('sla:home.dueSoonMore', { count: total - tickets.length });
  else delete list.footer;
  return { type: 'ticket-list', list };
}

/** Each date the text spells out, as the platform's date token (one pass, so a token is never replaced inside). */
export function placeDates(text: string, dates: ConfirmationView['dates'], token: (iso: string, fallback: string) => string): string {
  if (!dates?.length) return text;
  const byText = new Map(dates.map((d) => [d.text, d.iso]));
  const pattern = new RegExp([...byText.keys()].map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return text.replace(pattern, (m) => token(byText.get(m)!, m));
}

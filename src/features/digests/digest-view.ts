/**
 * A channel digest as both platforms show it: a title, facts (open by status, new, unassigned,
 * resolved, SLA) and the oldest unassigned tickets as rows with Claim, every word in the channel's
 * language. Times are written in the digest's zone with the zone named, so they read the same
 * for everyone in the channel.
 */
import { DateTime } from 'luxon';
import { VERBS, type DigestFigures } from '../../core';
import { translator } from '../../i18n';
import { formatDay, valueLabel } from '../../views/format';
import type { ActionView } from '../../views/types';

/** One unassigned ticket row. */
export interface DigestRowView {
  id: number;
  title: string;
  line: string;
  actions: ActionView[];
}

/** The digest message. */
export interface DigestView {
  locale: string;
  title: string;
  /** Set on a late digest: when it was due, and that it is late. */
  late?: string;
  /** What "since" means here. */
  period: string;
  facts: { title: string; value: string }[];
  rowsTitle: string;
  rows: DigestRowView[];
  /** Shown instead of rows when nothing is unassigned. */
  emptyText: string;
  /** "n more unassigned not shown", when there are. */
  moreText?: string;
  /** The whole digest as plain text: the notification and fallback. */
  text: string;
}

/** How a digest came about. */
export interface DigestOccasion {
  since: number;
  /** The digest was asked for (`digest now`) rather than scheduled. */
  onRequest?: boolean;
  /** A scheduled digest sent after its slot: the slot it was due at. */
  lateSlot?: number;
}

/** A digest time in its zone, the zone named ("Mon, 23 Nov, 09:00 Europe/Berlin"), in the reader's language. */
const WHEN: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const when = (at: number, zone: string, locale: string) => [DateTime.fromMillis(at, { zone }).setLocale(locale).toLocaleString(WHEN), zone].join(' ');

/** Builds the digest view in `locale`; times in `zone`. */
export function digestView(figures: DigestFigures, occasion: DigestOccasion, zone: string, locale: string): DigestView {
  const t = translator(locale);
  const statuses = figures.openByStatus.map((s) => `${valueLabel(t, 'status', s.status)} ${s.count}`).join(' · ');
  const facts = [
    { title: t('routines:digest.facts.open'), value: statuses ? t('routines:digest.openValue', { count: figures.openTotal, statuses }) : '0' },
    { title: t('routines:digest.facts.new'), value: String(figures.newSince) },
    ...(figures.answeredSince === undefined ? [] : [{ title: t('routines:digest.facts.answered'), value: String(figures.answeredSince) }]),
    { title: t('routines:digest.facts.unassigned'), value: String(figures.unassignedTotal) },
    { title: t('routines:digest.facts.resolved'), value: String(figures.resolvedSince) },
  ];
  if (figures.sla) {
    facts.push({ title: t('routines:digest.facts.breached'), value: String(figures.sla.breached) });
    facts.push({ title: t('routines:digest.facts.dueToday'), value: String(figures.sla.dueToday) });
  }
  const rows = figures.unassigned.map((u) => ({
    id: u.id,
    title: u.title,
    line: t('routines:digest.row', {
      status: valueLabel(t, 'status', u.status),
      priority: valueLabel(t, 'priority', u.priority),
      requester: u.requesterName || u.requesterEmail,
      opened: formatDay(u.created, locale),
    }),
    actions: [{ verb: VERBS.claim, title: t('views:button.claim'), style: 'positive' as const, ticketId: u.id, etag: u.etag }],
  }));
  const left = figures.unassignedTotal - rows.length;
  const view: DigestView = {
    locale,
    title: t(occasion.onRequest ? 'routines:digest.titleNow' : 'routines:digest.title'),
    period: t('routines:digest.period', { since: when(occasion.since, zone, locale) }),
    facts,
    rowsTitle: t('routines:digest.rowsTitle'),
    rows,
    emptyText: t('routines:digest.noneUnassigned'),
    text: '',
  };
  if (occasion.lateSlot !== undefined) view.late = t('routines:digest.late', { when: when(occasion.lateSlot, zone, locale) });
  if (left > 0) view.moreText = t('routines:digest.more', { count: left });
  view.text = [
    view.title,
    ...(view.late ? [view.late] : []),
    view.period,
    ...facts.map((f) => `${f.title}: ${f.value}`),
    ...(rows.length ? [view.rowsTitle, ...rows.map((r) => `#${r.id} ${r.title} (${r.line})`)] : [view.emptyText]),
    ...(view.moreText ? [view.moreText] : []),
  ].join('\n');
  return view;
}

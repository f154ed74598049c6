/**
 * A channel digest as both platforms show it: a title, facts (open by status, new, unassigned,
 * resolved, SLA) and the oldest unassigned tickets as rows with Claim, every word in the channel's
 * language. Times are written in the digest's zone with the zone named, and listed in `dates`, so
 * a platform with a date token shows each in its reader's own zone.
 */
import { DateTime } from 'luxon';
import { VERBS, type DigestFigures } from '../../core';
import { translator } from '../../i18n';
import { valueLabel } from '../../views/format';
import type { DigestView } from '../../views/types';

export type { DigestRowView, DigestView } from '../../views/types';

/** How a digest came about. */
export interface DigestOccasion {
  since: number;
  /**
   * What `since` is: the last digest, the moment the schedule was set (no digest yet), or a day
   * before a `digest now` in a conversation without a schedule.
   */
  basis: 'last' | 'setUp' | 'day';
  /** The digest was asked for (`digest now`) rather than scheduled. */
  onRequest?: boolean;
  /** A scheduled digest sent after its slot: the slot it was due at. */
  lateSlot?: number;
}

/** A digest time in its zone, the zone named ("Mon, 23 Nov, 09:00 Europe/Berlin"), in the reader's language. */
const WHEN: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const when = (at: number, zone: string, locale: string) => [DateTime.fromMillis(at, { zone }).setLocale(locale).toLocaleString(WHEN), zone].join(' ');

/** The period line's key for each basis. */
const PERIOD = { last: 'digests:digest.period', setUp: 'digests:digest.periodSetUp', day: 'digests:digest.periodDay' } as const;

/** Builds the digest view in `locale`; times in `zone`. */
export function digestView(figures: DigestFigures, occasion: DigestOccasion, zone: string, locale: string): DigestView {
  const t = translator(locale);
  const last = occasion.basis === 'last';
  const dates: DigestView['dates'] = [];
  /** A time in the digest's zone, named, remembered with its instant for the platforms' date tokens. */
  const at = (ms: number) => {
    const text = when(ms, zone, locale);
    dates.push({ text, iso: new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z') });
    return text;
  };
  const statuses = figures.openByStatus.map((s) => `${valueLabel(t, 'status', s.status)} ${s.count}`).join(' · ');
  const facts = [
    { title: t('digests:digest.facts.open'), value: statuses ? t('digests:digest.openValue', { count: figures.openTotal, statuses }) : '0' },
    // "since the last digest" only when there was one; else "since then", after the period line.
    { title: t(last ? 'digests:digest.facts.new' : 'digests:digest.facts.newThen'), value: String(figures.newSince) },
    ...(figures.answered ? [{ title: t('digests:digest.facts.answered'), value: t('digests:digest.answeredValue', { answered: figures.answered.questions, count: figures.answered.filed }) }] : []),
    { title: t('digests:digest.facts.unassigned'), value: String(figures.unassignedTotal) },
    { title: t(last ? 'digests:digest.facts.resolved' : 'digests:digest.facts.resolvedThen'), value: String(figures.resolvedSince) },
  ];
  if (figures.sla) {
    facts.push({ title: t('digests:digest.facts.breached'), value: String(figures.sla.breached) });
    facts.push({ title: t('digests:digest.facts.dueToday'), value: String(figures.sla.dueToday) });
  }
  const rows = figures.unassigned.map((u) => ({
    id: u.id,
    title: u.title,
    line: t('digests:digest.row', {
      status: valueLabel(t, 'status', u.status),
      priority: valueLabel(t, 'priority', u.priority),
      requester: u.requesterName || u.requesterEmail,
      // The same date as the period's (a platform date token), never a second format beside it.
      opened: Number.isNaN(Date.parse(u.created)) ? u.created : at(Date.parse(u.created)),
    }),
    actions: [{ verb: VERBS.claim, title: t('views:button.claim'), style: 'positive' as const, ticketId: u.id, etag: u.etag }],
  }));
  const left = figures.unassignedTotal - rows.length;
  const view: DigestView = {
    locale,
    title: t(occasion.onRequest ? 'digests:digest.titleNow' : 'digests:digest.title'),
    period: t(PERIOD[occasion.basis], { since: at(occasion.since) }),
    facts,
    rowsTitle: t('digests:digest.rowsTitle'),
    rows,
    emptyText: t('digests:digest.noneUnassigned'),
    text: '',
    dates,
  };
  if (occasion.lateSlot !== undefined) view.late = t('digests:digest.late', { when: at(occasion.lateSlot) });
  if (left > 0) view.moreText = t('digests:digest.more', { count: left });
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

/**
 * A channel digest as a screen of elements (src/views/elements.ts), which every channel renders: a
 * heading, a note when it is late, the period, the figures as facts, the oldest unassigned tickets
 * as rows with Claim, every word in the channel's language. A weekly digest adds two charts, each
 * with its numbers as facts: opened and resolved per day of the week, and open tickets by age.
 * Times are written in the digest's zone with the zone named, and marked as dates, so a platform
 * with a date token shows each in its reader's own zone.
 */
import { DateTime } from 'luxon';
import { VERBS, type DigestFigures, type DigestWeek } from '../../core';
import { normalizeLocale, translator, type Translate } from '../../i18n';
import { valueLabel } from '../../views/format';
import { facts, heading, lines, row, rows, screen, section, type DateMark, type Element, type ScreenView } from '../../views/elements';
import { AGE_BUCKETS, agesChart, volumeChart, type AgeWords } from '../../views/ticket-charts';

/** A digest is a screen: what every channel renders and the outbox carries. */
export type DigestView = ScreenView;

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

/** The week's two charts: opened and resolved per day, open tickets by age. */
function weekCharts(t: Translate, week: DigestWeek, locale: string): Element[] {
  const period = { days: week.days.length, zone: week.zone, from: week.from, to: week.to, unit: 'day' as const, starts: week.days.map((d) => d.start) };
  const buckets = Object.fromEntries(AGE_BUCKETS.map((k) => [k, t(`digests:digest.chart.${k}`)])) as AgeWords['buckets'];
  return [
    volumeChart(week.days, period, {
      title: t('digests:digest.chart.volume'),
      opened: t('digests:digest.chart.opened'),
      resolved: t('digests:digest.chart.resolved'),
      xLabel: t('digests:digest.chart.day'),
      yLabel: t('digests:digest.chart.tickets'),
      pair: (opened, resolved) => t('digests:digest.chart.pair', { opened, resolved }),
    }, locale),
    agesChart(week.ages, { title: t('digests:digest.chart.ages'), tickets: t('digests:digest.chart.tickets'), buckets }, locale),
  ];
}

/** Builds the digest in `locale`; times in `zone`. */
export function digestView(figures: DigestFigures, occasion: DigestOccasion, zone: string, locale: string): DigestView {
  const lng = normalizeLocale(locale);
  const t = translator(lng);
  const last = occasion.basis === 'last';
  const dates: DateMark[] = [];
  /** A time in the digest's zone, named, remembered with its instant for the platforms' date tokens. */
  const at = (ms: number) => {
    const text = when(ms, zone, lng);
    dates.push({ text, iso: new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z') });
    return text;
  };
  const statuses = figures.openByStatus.map((s) => `${valueLabel(t, 'status', s.status)} ${s.count}`).join(' · ');
  const pairs = [
    { label: t('digests:digest.facts.open'), value: statuses ? t('digests:digest.openValue', { count: figures.openTotal, statuses }) : '0' },
    // "since the last digest" only when there was one; else "since then", after the period line.
    { label: t(last ? 'digests:digest.facts.new' : 'digests:digest.facts.newThen'), value: String(figures.newSince) },
    ...(figures.answered ? [{ label: t('digests:digest.facts.answered'), value: t('digests:digest.answeredValue', { answered: figures.answered.questions, count: figures.answered.filed }) }] : []),
    { label: t('digests:digest.facts.unassigned'), value: String(figures.unassignedTotal) },
    { label: t(last ? 'digests:digest.facts.resolved' : 'digests:digest.facts.resolvedThen'), value: String(figures.resolvedSince) },
  ];
  if (figures.sla) {
    pairs.push({ label: t('digests:digest.facts.breached'), value: String(figures.sla.breached) });
    pairs.push({ label: t('digests:digest.facts.dueToday'), value: String(figures.sla.dueToday) });
  }
  const title = t(occasion.onRequest ? 'digests:digest.titleNow' : 'digests:digest.title');
  const late = occasion.lateSlot !== undefined ? t('digests:digest.late', { when: at(occasion.lateSlot) }) : undefined;
  const period = t(PERIOD[occasion.basis], { since: at(occasion.since) });
  const shown = figures.unassigned.map((u) => ({
    title: `#${u.id} ${u.title}`,
    line: t('digests:digest.row', {
      status: valueLabel(t, 'status', u.status),
      priority: valueLabel(t, 'priority', u.priority),
      requester: u.requesterName || u.requesterEmail,
      // The same date as the period's (a platform date token), never a second format beside it.
      opened: Number.isNaN(Date.parse(u.created)) ? u.created : at(Date.parse(u.created)),
    }),
    claim: { verb: VERBS.claim, title: t('views:button.claim'), style: 'positive' as const, ticketId: u.id, etag: u.etag },
  }));
  const left = figures.unassignedTotal - shown.length;
  const more = left > 0 ? t('digests:digest.more', { count: left }) : undefined;
  const rowsTitle = t('digests:digest.rowsTitle');
  const elements: Element[] = [
    heading(title),
    // A late digest is a warning: it says when it was due.
    ...(late ? [lines([late], { tone: 'warning' as const, dates })] : []),
    lines([period], { muted: true, dates }),
    facts(pairs),
    section(rowsTitle, []),
    shown.length ? rows(shown.map((r) => row(r.title, [r.line], [r.claim], dates)), more) : lines([t('digests:digest.noneUnassigned')], { muted: true }),
    ...(figures.week ? weekCharts(t, figures.week, lng) : []),
  ];
  // The notification and the text of a client that cannot lay the screen out: every figure and row on its own line.
  const fallback = [
    title,
    ...(late ? [late] : []),
    period,
    ...pairs.map((f) => `${f.label}: ${f.value}`),
    ...(shown.length ? [rowsTitle, ...shown.map((r) => `${r.title} (${r.line})`)] : [t('digests:digest.noneUnassigned')]),
    ...(more ? [more] : []),
  ].join('\n');
  // Posted in a channel: a Claim on a row answers the clicker, never replaces the digest for everyone.
  return screen(elements, { locale: lng, fallback, shared: true });
}

/**
 * The report as a screen of neutral elements (src/views/elements.ts), which every channel draws
 * natively: volume as grouped bars (7 days) or lines (30 and 90 days), the backlog by age as bars
 * and by status as a donut, the three oldest as rows with Show, response times per agent and for
 * the desk as a table, SLA met as a gauge, load per agent as grouped bars, and the ratings as bars.
 * Each chart carries its numbers as a table or facts (its fallback), and what could not be counted
 * is said as a line. Every word comes from the reports' catalog; dates are in the reader's zone.
 */
import { DateTime } from 'luxon';
import { VERBS } from '../../core';
import { normalizeLocale, translator, type Translate } from '../../i18n';
import { valueLabel } from '../../views/format';
import { facts, heading, lines, row, rows, screen, section, table, chart, type ChartDefinition, type ChartElement, type Element, type FactsElement, type ScreenView } from '../../views/elements';
import { AGE_BUCKETS, type ReportNumbers, type TimeStats } from './report-numbers';
import { agesChart, volumeChart, type AgeWords } from '../../views/ticket-charts';
import type { ReportData } from './report-read';

const MINUTE = 60_000;

/** Slack's longest chart label: longer names are cut (a chart with labels no longer unique falls back to its table). */
const LABEL = 20;

/** "45 min", "3 h 20 min", "2 d 4 h" (a day here is 24 hours of counted time). */
export function durationText(t: Translate, ms: number): string {
  const minutes = Math.round(ms / MINUTE);
  if (minutes < 60) return t('reports:duration.minutes', { m: minutes });
  if (minutes < 24 * 60) return t('reports:duration.hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
  return t('reports:duration.days', { d: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60) });
}

/**
 * A chart whose numbers read as facts, one per category ("Thu, Mar 5: 2 opened · 0 resolved"): the
 * same numbers as the table the element would make, in a fraction of a Teams card's 28 KB.
 */
const chartWithFacts = (title: string, definition: ChartDefinition, fallback: FactsElement): ChartElement => ({ kind: 'chart', title, chart: definition, fallback });

const label = (text: string) => (text.length > LABEL ? `${text.slice(0, LABEL - 1)}…` : text);

/** What each part of the report is drawn with, for one reader. */
interface Reader {
  t: Translate;
  lng: string;
  day: (at: number) => string;
  who: (agent: string) => string;
}

function volumePart(n: ReportNumbers, r: Reader): Element[] {
  const { t, lng } = r;
  const weekly = n.period.unit === 'week';
  return [
    section(t('reports:volume.heading', { opened: n.volume.opened, resolved: n.volume.resolved }), []),
    volumeChart(n.volume.buckets, n.period, {
      title: t(weekly ? 'reports:chart.volumeWeek' : 'reports:chart.volumeDay'),
      opened: t('reports:chart.opened'),
      resolved: t('reports:chart.resolved'),
      xLabel: t(weekly ? 'reports:chart.week' : 'reports:chart.day'),
      yLabel: t('reports:chart.tickets'),
      pair: (opened, resolved) => t('reports:chart.pairVolume', { opened, resolved }),
    }, lng),
  ];
}

function backlogPart(data: ReportData, r: Reader): Element[] {
  const { t, lng } = r;
  const b = data.numbers.backlog;
  const head = section(t('reports:backlog.heading', { count: b.open }), b.open ? [] : [t('reports:chart.noOpen')]);
  if (!b.open) return [head];
  const ages = agesChart(b.ages, { title: t('reports:chart.ages'), tickets: t('reports:chart.tickets'), buckets: Object.fromEntries(AGE_BUCKETS.map((k) => [k, t(`reports:chart.${k}`)])) as AgeWords['buckets'] }, lng);
  const statuses = chart(t('reports:chart.statuses'), {
    type: 'donut', centre: String(b.open), segments: b.byStatus.map((s) => ({ label: label(valueLabel(t, 'status', s.status) || s.status), value: s.count })),
  }, lng);
  const oldest = b.oldest.map((o) => row(`#${o.id} ${data.titles.get(o.id) ?? ''}`.trim(), [t('reports:chart.openSince', { date: r.day(o.created) })], [{ verb: VERBS.show, title: t('reports:chart.show'), ticketId: o.id }]));
  return [head, ages, statuses, section(t('reports:chart.oldest'), []), rows(oldest)];
}

function responsePart(data: ReportData, r: Reader): Element[] {
  const { t, lng } = r;
  const res = data.numbers.response;
  const times = (s: TimeStats) => (s.count ? t('reports:chart.medianP90', { median: durationText(t, s.median!), p90: durationText(t, s.p90!) }) : t('reports:chart.none'));
  const notes: string[] = [];
  if (res.awaiting) notes.push(t('reports:response.awaiting', { count: res.awaiting }));
  if (res.unknown.firstResponse) {
    notes.push(res.unknown.since !== undefined
      ? t('reports:response.unknownFirst', { count: res.unknown.firstResponse, date: r.day(res.unknown.since) })
      : t('reports:response.unknownFirstNever', { count: res.unknown.firstResponse }));
  }
  if (res.unknown.resolution) notes.push(t('reports:response.unknownResolution', { count: res.unknown.resolution }));
  const out: Element[] = [
    section(res.basis === 'business' ? t('reports:response.headingBusiness', { zone: data.businessZone ?? '' }) : t('reports:response.headingWall'), [
      res.firstResponse.count ? t('reports:response.first', { median: durationText(t, res.firstResponse.median!), p90: durationText(t, res.firstResponse.p90!), count: res.firstResponse.count }) : t('reports:response.firstNone'),
      res.resolution.count ? t('reports:response.resolution', { median: durationText(t, res.resolution.median!), p90: durationText(t, res.resolution.p90!), count: res.resolution.count }) : t('reports:response.resolutionNone'),
    ]),
    table(
      [t('reports:chart.agent'), t('reports:chart.firstBoth'), t('reports:chart.resolutionBoth')],
      [[t('reports:chart.desk'), times(res.firstResponse), times(res.resolution)], ...res.perAgent.map((a) => [r.who(a.agent), times(a.firstResponse), times(a.resolution)])],
      t('reports:chart.times'),
    ),
  ];
  if (res.sla.share !== undefined) {
    out.push(chart(t('reports:chart.sla'), { type: 'gauge', value: Math.round(res.sla.share * 1000) / 10, min: 0, max: 100, format: 'percent', label: t('reports:chart.slaOf', { met: res.sla.met, counted: res.sla.counted }) }, lng));
  }
  if (notes.length) out.push(lines(notes, { muted: true }));
  return out;
}

function loadPart(n: ReportNumbers, r: Reader): Element[] {
  const { t, lng } = r;
  if (!n.load.length) return [section(t('reports:load.heading'), [t('reports:load.none')])];
  return [
    section(t('reports:load.heading'), []),
    chartWithFacts(t('reports:chart.load'), {
      type: 'bar', orientation: 'vertical', layout: 'grouped', xLabel: t('reports:chart.agent'), yLabel: t('reports:chart.tickets'),
      categories: n.load.map((a) => label(r.who(a.agent))),
      series: [{ name: t('reports:chart.openNow'), values: n.load.map((a) => a.open) }, { name: t('reports:chart.resolved'), values: n.load.map((a) => a.resolved) }],
    }, facts(n.load.map((a) => ({ label: r.who(a.agent), value: t('reports:chart.pairLoad', { open: a.open, resolved: a.resolved }) })))),
  ];
}

function satisfactionPart(n: ReportNumbers, r: Reader): Element[] {
  const { t, lng } = r;
  const s = n.satisfaction;
  const out: Element[] = [section(t('reports:satisfaction.heading'), s.count ? [] : [t('reports:satisfaction.none')])];
  const pairs: { label: string; value: string }[] = [];
  if (s.average !== undefined) pairs.push({ label: t('reports:chart.average'), value: t('reports:chart.averageValue', { average: s.average.toLocaleString(lng, { maximumFractionDigits: 1 }), count: s.count }) });
  if (s.answered !== undefined) pairs.push({ label: t('reports:chart.answered'), value: s.answered.toLocaleString(lng) }, { label: t('reports:chart.filed'), value: s.filed.toLocaleString(lng) });
  if (pairs.length) out.push(facts(pairs));
  if (s.count) {
    out.push(chart(t('reports:chart.ratings'), {
      type: 'bar', orientation: 'vertical', layout: 'grouped', xLabel: t('reports:chart.rating'), yLabel: t('reports:chart.count'),
      categories: s.distribution.map((d) => String(d.rating)), series: [{ name: t('reports:chart.count'), values: s.distribution.map((d) => d.count) }],
    }, lng));
  }
  return out;
}

/** The report for one reader: `names` maps agents' address keys to display names; dates in the period's zone (the reader's). */
export function reportView(data: ReportData, names: ReadonlyMap<string, string>, locale?: string): ScreenView {
  const lng = normalizeLocale(locale);
  const t = translator(lng);
  const n = data.numbers;
  const zone = n.period.zone;
  const reader: Reader = {
    t, lng,
    day: (at) => DateTime.fromMillis(at, { zone }).setLocale(lng).toLocaleString(DateTime.DATE_MED),
    who: (agent) => (agent ? (names.get(agent) ?? agent) : t('reports:load.unassigned')),
  };
  const titleKey = { all: 'reports:title', space: 'reports:titleSpace', category: 'reports:titleCategory' }[data.filter.kind];
  const value = data.filter.kind === 'category' ? valueLabel(t, 'category', data.filter.value) : 'value' in data.filter ? data.filter.value : '';
  const title = t(titleKey, { days: n.period.days, from: reader.day(n.period.from), to: reader.day(n.period.to), value });
  const elements: Element[] = [
    heading(title),
    ...(data.complete ? [] : [lines([t('reports:stillCopying')], { tone: 'warning' as const })]),
    ...volumePart(n, reader),
    ...backlogPart(data, reader),
    ...responsePart(data, reader),
    ...loadPart(n, reader),
    ...satisfactionPart(n, reader),
  ];
  return screen(elements, { locale: lng });
}

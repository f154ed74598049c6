/**
 * The report as a plain view of existing view types: a heading and one section of lines per
 * part. TO BE DRAWN AS CHARTS on the neutral element vocabulary (src/views/elements.ts, issue 41)
 * once it lands: volume as a line or grouped bar chart, backlog ages and statuses as bars, the
 * oldest three as lines, response times per agent as grouped bars, SLA met as a gauge, load as
 * stacked bars, ratings as a bar or donut; these lines then become each chart's fallback table.
 */
import { DateTime } from 'luxon';
import { normalizeLocale, translator, type Translate } from '../../i18n';
import { valueLabel } from '../../views/format';
import type { ConfirmationSection, ConfirmationView } from '../../views/types';
import { AGE_BUCKETS, type TimeStats } from './report-numbers';
import type { ReportData } from './report-read';

const MINUTE = 60_000;

/** "45 min", "3 h 20 min", "2 d 4 h" (a day here is 24 hours of counted time). */
export function durationText(t: Translate, ms: number): string {
  const minutes = Math.round(ms / MINUTE);
  if (minutes < 60) return t('reports:duration.minutes', { m: minutes });
  if (minutes < 24 * 60) return t('reports:duration.hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
  return t('reports:duration.days', { d: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60) });
}

/** The report for one reader: `names` maps agents' address keys to display names; dates in `zone`. */
export function reportView(data: ReportData, names: ReadonlyMap<string, string>, locale?: string): ConfirmationView {
  const t = translator(locale);
  const lng = normalizeLocale(locale);
  const n = data.numbers;
  const zone = n.period.zone;
  const day = (at: number) => DateTime.fromMillis(at, { zone }).setLocale(lng).toLocaleString(DateTime.DATE_MED);
  const weekday = (at: number) => DateTime.fromMillis(at, { zone }).setLocale(lng).toLocaleString({ weekday: 'short', day: 'numeric', month: 'short' });
  const who = (agent: string) => (agent ? (names.get(agent) ?? agent) : t('reports:load.unassigned'));
  const number = (x: number, digits = 1) => x.toLocaleString(lng, { maximumFractionDigits: digits });
  const titleKey = { all: 'reports:title', space: 'reports:titleSpace', category: 'reports:titleCategory' }[data.filter.kind];
  const title = t(titleKey, { days: n.period.days, from: day(n.period.from), to: day(n.period.to), value: data.filter.kind === 'category' ? valueLabel(t, 'category', data.filter.value) : 'value' in data.filter ? data.filter.value : '' });

  const volume: ConfirmationSection = {
    heading: t('reports:volume.heading', { opened: n.volume.opened, resolved: n.volume.resolved }),
    lines: n.volume.buckets.map((b) => t(n.period.unit === 'week' ? 'reports:volume.week' : 'reports:volume.day', { date: weekday(b.start), opened: b.opened, resolved: b.resolved })),
    actions: [],
  };

  const b = n.backlog;
  const backlog: ConfirmationSection = {
    heading: t('reports:backlog.heading', { count: b.open }),
    lines: [
      ...AGE_BUCKETS.map((k) => t(`reports:backlog.${k}`, { count: b.ages[k] })),
      ...(b.byStatus.length ? [t('reports:backlog.byStatus', { list: b.byStatus.map((s) => t('reports:backlog.status', { status: valueLabel(t, 'status', s.status), count: s.count })).join(', ') })] : []),
      ...b.oldest.map((r) => t('reports:backlog.oldest', { id: r.id, title: data.titles.get(r.id) ?? '', date: day(r.created) })),
    ],
    actions: [],
  };

  const r = n.response;
  const times = (key: 'first' | 'resolution', s: TimeStats) =>
    s.count ? t(`reports:response.${key}`, { median: durationText(t, s.median!), p90: durationText(t, s.p90!), count: s.count }) : t(`reports:response.${key}None`);
  const agentTimes = (s: TimeStats) => (s.count ? t('reports:response.agentTimes', { median: durationText(t, s.median!), p90: durationText(t, s.p90!), count: s.count }) : t('reports:response.agentNone'));
  const unknown: string[] = [];
  if (r.unknown.firstResponse) {
    unknown.push(r.unknown.since !== undefined
      ? t('reports:response.unknownFirst', { count: r.unknown.firstResponse, date: day(r.unknown.since) })
      : t('reports:response.unknownFirstNever', { count: r.unknown.firstResponse }));
  }
  if (r.unknown.resolution) unknown.push(t('reports:response.unknownResolution', { count: r.unknown.resolution }));
  const response: ConfirmationSection = {
    heading: r.basis === 'business' ? t('reports:response.headingBusiness', { zone: data.businessZone ?? '' }) : t('reports:response.headingWall'),
    lines: [
      times('first', r.firstResponse),
      times('resolution', r.resolution),
      ...(r.awaiting ? [t('reports:response.awaiting', { count: r.awaiting })] : []),
      ...(r.sla.share !== undefined ? [t('reports:response.sla', { share: r.sla.share.toLocaleString(lng, { style: 'percent', maximumFractionDigits: 0 }), met: r.sla.met, counted: r.sla.counted })] : []),
      ...r.perAgent.map((a) => t('reports:response.agent', { agent: who(a.agent), first: agentTimes(a.firstResponse), resolution: agentTimes(a.resolution) })),
      ...unknown,
    ],
    actions: [],
  };

  const load: ConfirmationSection = {
    heading: t('reports:load.heading'),
    lines: n.load.length ? n.load.map((a) => t('reports:load.line', { agent: who(a.agent), open: a.open, resolved: a.resolved })) : [t('reports:load.none')],
    actions: [],
  };

  const s = n.satisfaction;
  const satisfaction: ConfirmationSection = {
    heading: t('reports:satisfaction.heading'),
    lines: [
      s.average !== undefined ? t('reports:satisfaction.average', { average: number(s.average), count: s.count }) : t('reports:satisfaction.none'),
      ...(s.count ? [t('reports:satisfaction.distribution', { list: s.distribution.map((d) => `${d.rating}: ${d.count}`).join(' · ') })] : []),
      ...(s.answered !== undefined ? [t('answers:report.line', { answered: t('answers:report.answered', { count: s.answered }), filed: t('answers:report.filed', { count: s.filed }) })] : []),
    ],
    actions: [],
  };

  const message = data.complete ? title : `${title}\n${t('reports:stillCopying')}`;
  return { message, sections: [volume, backlog, response, load, satisfaction], actions: [] };
}

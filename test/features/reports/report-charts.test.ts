/**
 * The report drawn: every part of the fixture desk's report (desk.ts) is a chart, a table or rows
 * whose numbers are reportNumbers' own; in Teams each chart is a documented `Chart.*` element with
 * a fallback holding the same numbers, under 28 KB; in Slack the blocks keep Block Kit's limits, at
 * most two charts drawn and the rest as a table or lines, no number lost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from '../../../src/channels/slack/blocks/message';
import { CHART_LIMITS } from '../../../src/channels/slack/blocks/chart';
import { renderCard } from '../../../src/channels/teams/cards';
import { teamsSize } from '../../../src/channels/teams/fit';
import { SCREEN_CARD_BUDGET } from '../../../src/channels/teams/screen-card';
import { VERBS } from '../../../src/core/verbs';
import { FEATURES, featureMigrations } from '../../../src/features';
import { AGE_BUCKETS } from '../../../src/features/reports/report-numbers';
import { readReport, type ReportData } from '../../../src/features/reports/report-read';
import { durationText, reportView } from '../../../src/features/reports/report-view';
import { translator } from '../../../src/i18n';
import { createSqliteStore, type Store } from '../../../src/store';
import type { ChartElement, Element, ScreenView } from '../../../src/views/elements';
import { blockProblems } from '../../support/fake-slack';
import { openTestPolicy } from '../../support/feature-commands';
import { ALEX, MEGAN, NOW, seedDesk } from './desk';

type Json = Record<string, any>;
const dir = mkdtempSync(path.join(tmpdir(), 'reports-charts-'));
let store: Store;
const NAMES = new Map([[MEGAN, 'Megan Bowen'], [ALEX, 'Alex Wilber']]);

beforeAll(async () => {
  store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
  await seedDesk(store, { sla: true });
}, 60_000);
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function report(days: number, locale = 'en', zone = 'UTC'): Promise<{ data: ReportData; view: ScreenView }> {
  const policy = (await openTestPolicy({
    timeZone: 'UTC',
    hours: { mon: [['08:00', '17:00']], tue: [['08:00', '17:00']], wed: [['08:00', '17:00']], thu: [['08:00', '17:00']], fri: [['08:00', '17:00']] },
    targets: { Normal: { firstResponse: '4h', resolution: '2d' } },
  })).current();
  const data = await readReport(await store.featureDatabase(), { days, filter: { kind: 'all' }, now: NOW, zone, policy });
  return { data, view: reportView(data, NAMES, locale) };
}

const chartsOf = (elements: Element[]) => elements.filter((e): e is ChartElement => e.kind === 'chart');
const series = (c: ChartElement) => ('series' in c.chart ? c.chart.series.map((s) => s.values) : []);
function nodes(v: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(v)) v.forEach((x) => nodes(x, out));
  else if (v && typeof v === 'object') {
    out.push(v as Json);
    Object.values(v).forEach((x) => nodes(x, out));
  }
  return out;
}

describe('the report as elements', () => {
  it('draws each part with reportNumbers\' own numbers: volume, backlog, response, load, satisfaction', async () => {
    const { data, view } = await report(7);
    const n = data.numbers;
    const t = translator('en');
    const [volume, ages, statuses, sla, load, ratings] = chartsOf(view.elements);
    expect(chartsOf(view.elements).map((c) => c.chart.type)).toEqual(['bar', 'bar', 'donut', 'gauge', 'bar', 'bar']);
    expect(series(volume)).toEqual([n.volume.buckets.map((b) => b.opened), n.volume.buckets.map((b) => b.resolved)]);
    expect(series(volume)).toEqual([[2, 0, 2, 0, 2, 1, 1], [0, 0, 0, 0, 2, 1, 0]]);
    expect(volume.fallback.kind === 'facts' && volume.fallback.facts[4]).toEqual({ label: 'Mon, Mar 9', value: '2 opened · 2 resolved' });
    expect((volume.chart as { categories: string[] }).categories[0]).toBe('Thu, Mar 5');
    expect(series(ages)).toEqual([AGE_BUCKETS.map((k) => n.backlog.ages[k])]);
    expect(statuses.chart).toMatchObject({ segments: [{ label: 'New', value: 3 }, { label: 'In Progress', value: 1 }, { label: 'Waiting', value: 1 }], centre: '5' });
    expect(sla.chart).toMatchObject({ type: 'gauge', value: n.response.sla.share! * 100, min: 0, max: 100, format: 'percent', label: '1 of 2 resolved' });
    expect((load.chart as { categories: string[] }).categories).toEqual(n.load.map((a) => (a.agent ? NAMES.get(a.agent) : 'Unassigned')));
    expect(series(load)).toEqual([n.load.map((a) => a.open), n.load.map((a) => a.resolved)]);
    expect(series(ratings)).toEqual([n.satisfaction.distribution.map((d) => d.count)]);
    // Every chart carries its numbers for a client that cannot draw it.
    for (const c of chartsOf(view.elements)) expect(['table', 'facts'], c.title).toContain(c.fallback.kind);
    expect(sla.fallback).toEqual({ kind: 'facts', facts: [{ label: '1 of 2 resolved', value: '50%' }] });

    // Response: the desk and each agent, median and 90th percentile, in the report's words.
    const times = view.elements.find((e) => e.kind === 'table')!;
    const d = (ms: number | undefined) => (ms === undefined ? '—' : durationText(t, ms));
    const r = n.response;
    const both = (s: { median?: number; p90?: number }) => (s.median === undefined ? '—' : `${d(s.median)} / ${d(s.p90)}`);
    expect(times.kind === 'table' && times.headers).toEqual(['Agent', 'First response (median / p90)', 'Resolution (median / p90)']);
    expect(times.kind === 'table' && times.rows).toEqual([
      ['Whole desk', both(r.firstResponse), both(r.resolution)],
      ...r.perAgent.map((a) => [NAMES.get(a.agent), both(a.firstResponse), both(a.resolution)]),
    ]);
    expect(times.kind === 'table' && times.rows[0]).toEqual(['Whole desk', '1 h 0 min / 1 h 42 min', '8 h 0 min / 16 h 0 min']);

    // The three oldest, each with its Show button.
    const oldest = view.elements.find((e) => e.kind === 'rows')!;
    expect(oldest.kind === 'rows' && oldest.rows.map((x) => [x.title, x.lines, x.actions])).toEqual(n.backlog.oldest.map((o) => [
      `#${o.id} Ticket ${o.id} printer`, [`Open since ${new Date(o.created).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}`], [{ verb: VERBS.show, title: 'Show', ticketId: o.id }],
    ]));
    // Satisfaction beside the questions answered without a ticket; what could not be counted, said.
    expect(view.fallback).toContain('Average: 3.5/5 from 4 ratings\nAnswered without a ticket: 3\nTickets filed: 8');
    expect(view.fallback).toContain('First response unknown for 2 tickets filed before Mar 6, 2026, when the bot began measuring');
  });

  it('draws 30 days by day and 90 days by week as lines, dates in the reader\'s zone and German words', async () => {
    const month = chartsOf((await report(30)).view.elements)[0];
    expect(month.chart.type).toBe('line');
    const days = (month.chart as { categories: string[] }).categories;
    expect(days).toHaveLength(30);
    // A month of points under one chart: short dates ("11/7"), each one different; the facts spell each day out.
    expect(days.every((d) => /^\d{1,2}\/\d{1,2}$/.test(d))).toBe(true);
    expect(new Set(days).size).toBe(30);
    const quarter = await report(90, 'de', 'Europe/Berlin');
    const weeks = chartsOf(quarter.view.elements)[0];
    expect(weeks.title).toBe('Eröffnet und gelöst pro Woche');
    expect((weeks.chart as { categories: string[] }).categories).toEqual(quarter.data.numbers.volume.buckets.map((b) => new Date(b.start).toLocaleDateString('de-DE', { day: 'numeric', month: 'numeric', timeZone: 'Europe/Berlin' })));
    expect(quarter.view.fallback).toContain(new Date(quarter.data.numbers.volume.buckets[0].start).toLocaleDateString('de-DE', { day: 'numeric', month: 'short', timeZone: 'Europe/Berlin' }));
    expect(series(weeks)).toEqual([quarter.data.numbers.volume.buckets.map((b) => b.opened), quarter.data.numbers.volume.buckets.map((b) => b.resolved)]);
    expect(quarter.view.fallback).toContain('SLA eingehalten');
    expect(quarter.view.fallback).toMatch(/1 von 2 gelösten: 50\s%/u);
  });
});

describe('the report in Teams', () => {
  it.each([[7, 'en'], [30, 'de'], [90, 'en']])('%i days (%s): a 1.5 card whose charts are documented Chart.* elements with the same numbers in their fallbacks, under 28 KB', async (days, locale) => {
    const { data, view } = await report(days, locale);
    const card = renderCard({ type: 'screen', screen: view }) as Json;
    expect(card).toMatchObject({ type: 'AdaptiveCard', version: '1.5' });
    expect(teamsSize(card)).toBeLessThan(SCREEN_CARD_BUDGET);
    const charts = nodes(card.body).filter((x) => typeof x.type === 'string' && x.type.startsWith('Chart.'));
    expect(charts.map((c) => c.type)).toEqual([days === 7 ? 'Chart.VerticalBar.Grouped' : 'Chart.Line', 'Chart.VerticalBar', 'Chart.Donut', 'Chart.Gauge', 'Chart.VerticalBar.Grouped', 'Chart.VerticalBar']);
    for (const c of charts) {
      expect(c.fallback, c.type).toMatchObject({ type: 'Container', items: [{ type: 'TextBlock', text: c.title }, {}] });
      expect(['Table', 'FactSet']).toContain(c.fallback.items[1].type);
    }
    const [volume, ages, , gauge, load] = charts;
    const n = data.numbers;
    expect(volume.data.map((s: Json) => s.values.map((p: Json) => p.y))).toEqual([n.volume.buckets.map((b) => b.opened), n.volume.buckets.map((b) => b.resolved)]);
    // The fallback: one fact per bucket with the same counts.
    const t = translator(locale);
    expect(volume.fallback.items[1].facts.map((f: Json) => f.value)).toEqual(n.volume.buckets.map((b) => t('reports:chart.pairVolume', { opened: b.opened, resolved: b.resolved })));
    expect(load.fallback.items[1].facts.map((f: Json) => f.value)).toEqual(n.load.map((a) => t('reports:chart.pairLoad', { open: a.open, resolved: a.resolved })));
    expect(ages.data.map((p: Json) => p.y)).toEqual(AGE_BUCKETS.map((k) => n.backlog.ages[k]));
    expect(ages.fallback.items[1].facts.map((f: Json) => Number(f.value))).toEqual(AGE_BUCKETS.map((k) => n.backlog.ages[k]));
    expect(gauge).toMatchObject({ value: 50, valueFormat: 'Percentage' });
    expect(load.data.map((s: Json) => s.values.map((p: Json) => p.y))).toEqual([n.load.map((a) => a.open), n.load.map((a) => a.resolved)]);
    // The oldest three have their Show buttons.
    const shows = nodes(card).filter((x) => x.verb === VERBS.show).map((x) => x.data?.ticketId);
    expect(shows).toEqual(n.backlog.oldest.map((o) => o.id));
  });
});

describe('the report in Slack', () => {
  it.each([[7, 'en'], [30, 'de'], [90, 'en']])('%i days (%s): within Block Kit limits, two charts drawn, the rest as a table or lines with every number', async (days, locale) => {
    const { data, view } = await report(days, locale);
    const blocks = renderMessage({ type: 'screen', screen: view }).blocks as Json[];
    expect(blockProblems(blocks, 50)).toEqual([]);
    const drawn = blocks.filter((b) => b.type === 'data_visualization');
    expect(drawn).toHaveLength(CHART_LIMITS.perMessage);
    expect(blocks.filter((b) => b.type === 'table').length).toBeLessThanOrEqual(1);
    for (const b of drawn) {
      expect(b.title.length).toBeLessThanOrEqual(CHART_LIMITS.title);
      const labels: string[] = b.chart.type === 'pie' ? b.chart.segments.map((s: Json) => s.label) : [...b.chart.axis_config.categories, ...b.chart.series.map((s: Json) => s.name)];
      expect(labels.every((l) => l.length >= 1 && l.length <= CHART_LIMITS.label)).toBe(true);
    }
    // Every chart is there: drawn, or its title over its numbers.
    const all = JSON.stringify(blocks);
    for (const c of chartsOf(view.elements)) expect(all, c.title).toContain(c.title);
    const t = translator(locale);
    const n = data.numbers;
    for (const a of n.load) expect(all).toContain(t('reports:chart.pairLoad', { open: a.open, resolved: a.resolved }));
    for (const s of n.backlog.byStatus) expect(all).toMatch(new RegExp(`:\\* ${s.count}`));
    expect(all).toContain(t('reports:chart.slaOf', { met: 1, counted: 2 }));
    if (days === 30) {
      // 30 days are too many categories for Slack's chart: the same counts, a line a day.
      for (const b of n.volume.buckets) expect(all).toContain(t('reports:chart.pairVolume', { opened: b.opened, resolved: b.resolved }));
      expect(drawn.map((b) => b.title)).toEqual([t('reports:chart.ages'), t('reports:chart.statuses')]);
    } else {
      expect(drawn[0].chart.series.map((s: Json) => s.data.map((p: Json) => p.value))).toEqual([n.volume.buckets.map((b) => b.opened), n.volume.buckets.map((b) => b.resolved)]);
    }
  });
});

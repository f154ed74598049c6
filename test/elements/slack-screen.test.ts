/**
 * Screens in Slack: every element kind as Block Kit within its limits, charts as
 * `data_visualization` blocks only when Slack would take them (documented limits, two per
 * message), and otherwise the same numbers as a table or lines.
 */
import { describe, expect, it } from 'vitest';
import { renderMessage } from '../../src/channels/slack/blocks/message';
import { screenMessage } from '../../src/channels/slack/blocks/screen';
import { CHART_LIMITS } from '../../src/channels/slack/blocks/chart';
import { BLOCK_LIMITS } from '../../src/channels/slack/blocks/limits';
import { chart, heading, screen, type ChartElement, type ScreenView } from '../../src/views/elements';
import { renderCard } from '../../src/channels/teams/cards';
import { everyChart, everyElement } from './screen-samples';

type Json = Record<string, any>;
const blocksOf = (s = everyElement()) => renderMessage({ type: 'screen', screen: s }).blocks as Json[];
const texts = (b: Json[]) => JSON.stringify(b);
const charts = (b: Json[]) => b.filter((x) => x.type === 'data_visualization');

/** Every documented Block Kit limit the blocks we build can meet. */
function withinLimits(blocks: Json[]): string[] {
  const bad: string[] = [];
  if (blocks.length > BLOCK_LIMITS.messageBlocks) bad.push(`${blocks.length} blocks`);
  if (blocks.filter((b) => b.type === 'table').length > 1) bad.push('two tables');
  if (charts(blocks).length > CHART_LIMITS.perMessage) bad.push('three charts');
  for (const b of blocks) {
    if (b.type === 'header' && b.text.text.length > BLOCK_LIMITS.headerText) bad.push('header');
    if (b.type === 'section' && (b.text?.text.length ?? 0) > BLOCK_LIMITS.sectionText) bad.push('section');
    if (b.type === 'context' && b.elements.length > BLOCK_LIMITS.contextElements) bad.push('context');
    if (b.type === 'actions') {
      if (b.elements.length > BLOCK_LIMITS.actionsElements) bad.push('actions');
      for (const e of b.elements) if (e.text.text.length > BLOCK_LIMITS.buttonText || e.value.length > BLOCK_LIMITS.buttonValue) bad.push('button');
    }
    if (b.type === 'table' && (b.rows.length > 100 || b.rows.some((r: Json[]) => r.length > 20))) bad.push('table');
    if (b.type === 'data_visualization') {
      const c = b.chart;
      if (b.title.length < 1 || b.title.length > CHART_LIMITS.title) bad.push('chart title');
      const labels = c.type === 'pie' ? c.segments.map((s: Json) => s.label) : [...c.axis_config.categories, ...c.series.map((s: Json) => s.name)];
      if (labels.some((l: string) => l.length < 1 || l.length > CHART_LIMITS.label)) bad.push('chart label');
      if (c.type === 'pie' && (c.segments.length > CHART_LIMITS.segments || c.segments.some((s: Json) => !(s.value > 0)))) bad.push('segments');
      if (c.type !== 'pie' && (c.series.length > CHART_LIMITS.series || c.series.some((s: Json) => s.data.length !== c.axis_config.categories.length))) bad.push('series');
    }
  }
  return bad;
}

describe('a screen as a Slack message', () => {
  it('renders every element kind within Block Kit limits', () => {
    const blocks = blocksOf();
    expect(withinLimits(blocks)).toEqual([]);
    const types = blocks.map((b) => b.type);
    for (const t of ['header', 'section', 'context', 'divider', 'actions', 'table', 'data_visualization']) expect(types, t).toContain(t);
    const all = texts(blocks);
    expect(blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'How the desk is doing — last 7 days', emoji: true } });
    expect(all).toContain(':warning: 3 tickets breached their SLA.');
    expect(all).toContain('<!date^1795356300^{date_short_pretty} {time}|22 Nov 2026 14:05 UTC>');
    expect(all).toContain('*Open:* 12');
    // A row with two buttons: its section, then its actions, each button carrying the ticket and etag seen.
    const claim = blocks.flatMap((b) => (b.type === 'actions' ? b.elements : [])).find((e: Json) => e.text.text === 'Claim');
    expect(JSON.parse(claim.value)).toMatchObject({ ticketId: 12, etag: '"e,1"' });
    // A writing button carries its decision (views/decisions.ts), so two clicks on it act once.
    expect(JSON.parse(claim.value).decision).toMatch(/^[\w-]{12}$/);
    // A choice is a button carrying every choice as it stands, the current one marked.
    const days = blocks.flatMap((b) => (b.type === 'actions' ? b.elements : [])).filter((e: Json) => /days$/.test(e.text.text));
    expect(days.map((e: Json) => [e.text.text, e.style, JSON.parse(e.value).days])).toEqual([['7 days', 'primary', '7'], ['30 days', undefined, '30'], ['90 days', undefined, '90']]);
    expect(JSON.parse(days[1].value)).toMatchObject({ queue: 'report', days: '30' });
    expect(blocks.find((b) => b.type === 'table')!.rows[0].map((c: Json) => c.text)).toEqual(['Agent', 'Open', 'Resolved']);
  });

  it('draws charts Slack takes as data_visualization blocks, in its documented shape', () => {
    const [pie, bars] = charts(screenMessage(screen([everyChart()[1], everyChart()[3]])).blocks as Json[]);
    expect(pie).toEqual({ type: 'data_visualization', title: 'Backlog by age', chart: { type: 'pie', segments: [{ label: 'Under 1 day', value: 5 }, { label: '1-3 days', value: 3 }, { label: 'Over 7 days', value: 1 }] } });
    expect(bars.chart.type).toBe('bar');
    expect(bars.chart.axis_config).toEqual({ categories: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] });
    expect(bars.chart.series[1]).toEqual({ name: 'Resolved', data: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((label, i) => ({ label, value: [4, 6, 5, 7, 2, 0, 1][i] })) });
  });

  it('a third chart in one message becomes its table, with the same numbers', () => {
    const [, , one, two, , , , three] = everyChart();
    const blocks = screenMessage(screen([one, two, three])).blocks as Json[];
    expect(withinLimits(blocks)).toEqual([]);
    expect(charts(blocks).map((c) => c.title)).toEqual(['Opened per day', 'Opened and resolved']);
    const table = blocks.find((b) => b.type === 'table')!;
    expect(table.rows.map((r: Json[]) => r.map((c) => c.text))).toEqual([
      [' ', 'Median', '90th percentile'], ['Mon', '1.5', '4'], ['Tue', '2', '6'], ['Wed', '1.25', '3.5'], ['Thu', '3', '8'], ['Fri', '2.5', '7'], ['Sat', '0', '0'], ['Sun', '0', '0'],
    ]);
    expect(texts(blocks)).toContain('*First response (hours)*');
  });

  it('a chart over a documented limit is never posted as a chart: its numbers come as a table or lines', () => {
    const over: ChartElement[] = [
      chart('x'.repeat(CHART_LIMITS.title + 1), { type: 'pie', segments: [{ label: 'A', value: 1 }] }),
      chart('Seven slices', { type: 'pie', segments: Array.from({ length: 7 }, (_, i) => ({ label: `S${i}`, value: i + 1 })) }),
      chart('A long label', { type: 'bar', orientation: 'vertical', layout: 'grouped', categories: ['A category name over twenty'], series: [{ name: 'N', values: [3] }] }),
      chart('Seven series', { type: 'line', categories: ['Mon'], series: Array.from({ length: 7 }, (_, i) => ({ name: `S${i}`, values: [i] })) }),
      chart('A zero slice', { type: 'pie', segments: [{ label: 'None', value: 0 }, { label: 'Some', value: 2 }] }),
      chart('SLA met', { type: 'gauge', value: 80, min: 0, max: 100, format: 'percent' }),
    ];
    for (const c of over) {
      const blocks = screenMessage(screen([heading('Report'), c])).blocks as Json[];
      expect(charts(blocks), c.title).toEqual([]);
      expect(withinLimits(blocks), c.title).toEqual([]);
    }
    const seven = texts(screenMessage(screen([over[1]])).blocks as Json[]);
    for (let i = 0; i < 7; i++) expect(seven).toContain(`*S${i}:* ${i + 1}`);
    const series = screenMessage(screen([over[3]])).blocks as Json[];
    expect(series.find((b) => b.type === 'table')!.rows[0].map((c: Json) => c.text)).toEqual([' ', 'S0', 'S1', 'S2', 'S3', 'S4', 'S5', 'S6']);
  });

  it('shows every chart as its numbers for a workspace that refuses the chart block', () => {
    const blocks = screenMessage(screen(everyChart()), { charts: false }).blocks as Json[];
    expect(charts(blocks)).toEqual([]);
    expect(withinLimits(blocks)).toEqual([]);
    expect(texts(blocks)).toContain('*Open tickets by status*');
    expect(texts(blocks)).toContain('*SLA met:* 87.5%');
  });

  it('a summary kept in the outbox from before screens were elements still posts its text on both platforms', () => {
    const old = { id: 's1', title: '12 tickets changed at once', fallback: '12 tickets changed at once: New 12.' } as unknown as ScreenView;
    expect(texts(screenMessage(old).blocks as Json[])).toContain('12 tickets changed at once: New 12.');
    expect(JSON.stringify(renderCard({ type: 'screen', screen: old }))).toContain('12 tickets changed at once: New 12.');
  });
});

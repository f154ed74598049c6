/**
 * Screens in Teams: every element kind as Adaptive Card 1.5 elements, every chart as the Teams
 * `Chart.*` element Microsoft documents (the Teams card schema), each with a fallback holding the
 * same numbers, and every card under 28 KB.
 */
import { describe, expect, it } from 'vitest';
import { renderCard } from '../../src/channels/teams/cards';
import { teamsSize } from '../../src/channels/teams/fit';
import { SCREEN_CARD_BUDGET } from '../../src/channels/teams/screen-card';
import { chart, rows, row, screen } from '../../src/views/elements';
import { VERBS } from '../../src/core/verbs';
import { everyChart, everyElement } from './screen-samples';

type Json = Record<string, any>;
const card = (s = everyElement()) => renderCard({ type: 'screen', screen: s }) as Json;
function nodes(v: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(v)) v.forEach((x) => nodes(x, out));
  else if (v && typeof v === 'object') {
    out.push(v as Json);
    Object.values(v).forEach((x) => nodes(x, out));
  }
  return out;
}
const charts = (c: Json) => nodes(c.body).filter((n) => typeof n.type === 'string' && n.type.startsWith('Chart.'));

/** The properties each chart element may have, as the Teams card schema lists them (@microsoft/teams.cards 2.1, core.d.ts). */
const COMMON = ['type', 'id', 'title', 'showTitle', 'colorSet', 'maxWidth', 'showLegend', 'fallback', 'spacing', 'separator', 'height', 'horizontalAlignment', 'isVisible'];
const AXES = ['xAxisTitle', 'yAxisTitle', 'color'];
const DOCUMENTED: Record<string, { props: string[]; point: (d: Json) => boolean }> = {
  'Chart.Pie': { props: ['data'], point: (d) => typeof d.legend === 'string' && typeof d.value === 'number' },
  'Chart.Donut': { props: ['data', 'value', 'valueColor', 'thickness', 'showOutlines'], point: (d) => typeof d.legend === 'string' && typeof d.value === 'number' },
  'Chart.VerticalBar': { props: [...AXES, 'data', 'showBarValues', 'yMin', 'yMax'], point: (d) => typeof d.x === 'string' && typeof d.y === 'number' },
  'Chart.HorizontalBar': { props: [...AXES, 'data', 'displayMode'], point: (d) => typeof d.x === 'string' && typeof d.y === 'number' },
  'Chart.VerticalBar.Grouped': {
    props: [...AXES, 'stacked', 'data', 'showBarValues', 'yMin', 'yMax'],
    point: (d) => typeof d.legend === 'string' && d.values.every((v: Json) => typeof v.x === 'string' && typeof v.y === 'number'),
  },
  'Chart.HorizontalBar.Stacked': {
    props: [...AXES, 'data'],
    point: (d) => typeof d.title === 'string' && d.data.every((v: Json) => typeof v.legend === 'string' && typeof v.value === 'number'),
  },
  'Chart.Line': { props: [...AXES, 'data', 'yMin', 'yMax'], point: (d) => typeof d.legend === 'string' && d.values.every((v: Json) => typeof v.x === 'string' && typeof v.y === 'number') },
  'Chart.Gauge': { props: ['min', 'max', 'subLabel', 'showMinMax', 'showNeedle', 'showOutlines', 'segments', 'value', 'valueFormat'], point: () => true },
};

describe('a screen as an Adaptive Card', () => {
  it('renders every element kind into a 1.5 card with no template expression left over', () => {
    const c = card();
    expect(c.type).toBe('AdaptiveCard');
    expect(c.version).toBe('1.5');
    const text = JSON.stringify(c);
    expect(text).not.toMatch(/\$\{/);
    const types = new Set(nodes(c.body).map((n) => n.type));
    for (const t of ['TextBlock', 'FactSet', 'Container', 'ColumnSet', 'ActionSet', 'Input.ChoiceSet', 'Table']) expect(types, t).toContain(t);
    // The heading, a warning marked, a muted note, a row's title escaped for markdown and its date as Teams' own token.
    expect(c.body[0]).toMatchObject({ type: 'TextBlock', text: 'How the desk is doing — last 7 days', size: 'Medium', weight: 'Bolder' });
    expect(text).toContain('⚠️ 3 tickets breached their SLA.');
    expect(nodes(c.body).find((n) => n.text === 'Counted in business hours.')).toMatchObject({ isSubtle: true, size: 'Small' });
    expect(text).toContain('#12 Printer on 3rd floor jams \\\\[again\\\\]');
    expect(text).toContain('{{DATE(2026-11-22T14:05:00Z, SHORT)}} {{TIME(2026-11-22T14:05:00Z)}}');
    expect(text).toContain('and 3 more');
    // Every button carries what its handler needs; the last actions element is the card's own row.
    const claim = nodes(c.body).find((n) => n.verb === VERBS.claim && n.title === 'Claim');
    expect(claim).toMatchObject({ type: 'Action.Execute', data: { ticketId: 12, etag: '"e,1"' } });
    expect(c.actions).toEqual([{ type: 'Action.Execute', title: 'List all', verb: VERBS.queue, style: 'default', data: { queue: 'all' } }]);
    expect(nodes(c.body).find((n) => n.type === 'Input.ChoiceSet')).toMatchObject({ id: 'days', value: '7', label: 'Period' });
    const merge = nodes(c.body).find((n) => n.title === 'Merge');
    expect(merge).toMatchObject({ style: 'destructive', data: { ticketId: 12 } });
    const tableNode = nodes(c.body).find((n) => n.type === 'Table' && JSON.stringify(n).includes('Dana'))!;
    expect(tableNode.rows).toHaveLength(3);
    expect(charts(c).map((d) => d.type)).toEqual(['Chart.Pie', 'Chart.Donut']);
    expect(teamsSize(c)).toBeLessThan(SCREEN_CARD_BUDGET);
    expect(tableNode.firstRowAsHeader).toBe(true);
  });

  it('draws every chart as the documented Teams Chart.* element, each with a fallback', () => {
    const c = card(screen(everyChart()));
    const drawn = charts(c);
    expect(new Set(drawn.map((d) => d.type))).toEqual(new Set(Object.keys(DOCUMENTED)));
    for (const d of drawn) {
      const spec = DOCUMENTED[d.type];
      expect(Object.keys(d).filter((k) => !COMMON.includes(k) && !spec.props.includes(k)), d.type).toEqual([]);
      expect(d.title, d.type).toBeTruthy();
      expect(d.showTitle).toBe(true);
      expect(d.fallback, d.type).toMatchObject({ type: 'Container', items: [{ type: 'TextBlock', text: d.title, weight: 'Bolder' }, {}] });
      expect(['Table', 'FactSet'], d.type).toContain(d.fallback.items[1].type);
      if (d.type === 'Chart.Gauge') {
        expect(d).toMatchObject({ value: 87.5, min: 0, max: 100, valueFormat: 'Percentage' });
        expect(d.segments).toEqual([{ legend: 'Missed', size: 80, color: 'attention' }, { legend: 'Met', size: 20, color: 'good' }]);
      } else {
        expect(d.data.length, d.type).toBeGreaterThan(0);
        expect(d.data.every(spec.point), d.type).toBe(true);
      }
    }
    expect(teamsSize(c)).toBeLessThan(SCREEN_CARD_BUDGET);
  });

  it('gives each chart a fallback with the same numbers', () => {
    const [pie, , bars, grouped] = charts(card(screen(everyChart())));
    expect(pie.fallback.items[1].facts).toEqual([{ title: 'New', value: '4' }, { title: 'In Progress', value: '6' }, { title: 'Waiting', value: '2' }]);
    expect(bars.fallback.items[1].facts.map((f: Json) => Number(f.value))).toEqual(bars.data.map((p: Json) => p.y));
    const cells = grouped.fallback.items[1].rows.map((r: Json) => r.cells.map((cell: Json) => cell.items[0].text));
    expect(cells[0]).toEqual(['', 'Opened', 'Resolved']);
    expect(cells.slice(1).map((r: string[]) => r.slice(1).map(Number))).toEqual(grouped.data[0].values.map((p: Json, i: number) => [p.y, grouped.data[1].values[i].y]));
    // German numbers in a German screen's fallback.
    const de = charts(renderCard({ type: 'screen', screen: screen(everyChart('de')) }) as Json);
    expect(JSON.stringify(de.find((d) => d.type === 'Chart.Line')!.fallback)).toContain('1,5');
    expect(JSON.stringify(de.find((d) => d.type === 'Chart.Gauge')!.fallback)).toMatch(/87,5\s%/u);
  });

  it('keeps a screen too big for Teams under 28 KB: charts become their tables first, then rows are cut, then the last elements', () => {
    const many = Array.from({ length: 8 }, (_, i) => chart(`Chart ${i}`, { type: 'line', categories: Array.from({ length: 20 }, (_, d) => `Day ${d + 1}`), series: Array.from({ length: 6 }, (_, s) => ({ name: `Series ${s}`, values: Array.from({ length: 20 }, (_, d) => d * s) })) }));
    const big = screen([...many, rows(Array.from({ length: 200 }, (_, i) => row(`#${i} A ticket with a long enough title to take room`, ['New · Normal · unassigned'], [{ verb: VERBS.show, title: 'Show', ticketId: i }])), 'and more')]);
    const c = card(big);
    expect(teamsSize(c)).toBeLessThanOrEqual(SCREEN_CARD_BUDGET);
    expect(charts(c)).toHaveLength(0);
    expect(JSON.stringify(c)).toContain('Chart 0');
    expect(JSON.stringify(c)).toContain('Day 1');
  });
});

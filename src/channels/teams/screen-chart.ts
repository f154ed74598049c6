/**
 * A chart element as a Teams `Chart.*` element (Adaptive Cards in Teams, card version 1.5), its
 * shape as Microsoft documents it (the Teams card schema's IDonutChart, IVerticalBarChart, …), and
 * its fallback: the same numbers as a Table or FactSet, which every client without charts (Teams
 * on iOS, older clients, the official renderer) shows instead.
 */
import type { BandTone, ChartElement } from '../../views/elements';

type Json = Record<string, unknown>;

/** The Teams chart element types this renderer writes. */
export const TEAMS_CHART_TYPES = [
  'Chart.Pie', 'Chart.Donut', 'Chart.VerticalBar', 'Chart.VerticalBar.Grouped', 'Chart.HorizontalBar', 'Chart.HorizontalBar.Stacked', 'Chart.Line', 'Chart.Gauge',
] as const;

const BAND_COLORS: Record<BandTone, string> = { good: 'good', warning: 'warning', attention: 'attention', neutral: 'neutral' };

/** The chart's own properties (its data), by the Teams element that draws it best. */
function chartBody(e: ChartElement): Json {
  const c = e.chart;
  switch (c.type) {
    case 'pie':
    case 'donut': {
      const out: Json = { type: c.type === 'pie' ? 'Chart.Pie' : 'Chart.Donut', showLegend: true, data: c.segments.map((s) => ({ legend: s.label, value: s.value })) };
      if (c.type === 'donut' && c.centre) out.value = c.centre;
      return out;
    }
    case 'gauge': {
      const out: Json = { type: 'Chart.Gauge', value: c.value, min: c.min, max: c.max, valueFormat: c.format === 'percent' ? 'Percentage' : 'Fraction', showMinMax: true };
      if (c.label) out.subLabel = c.label;
      if (c.bands?.length) out.segments = c.bands.map((b) => ({ legend: b.label, size: b.size, color: BAND_COLORS[b.tone] }));
      return out;
    }
    case 'line':
    case 'area':
      // Teams draws no area chart: a line over the same points says the same.
      return { type: 'Chart.Line', ...axes(c), data: c.series.map((s) => ({ legend: s.name, values: c.categories.map((x, i) => ({ x, y: s.values[i] ?? 0 })) })) };
    case 'bar': {
      const single = c.series.length === 1 && c.layout === 'grouped';
      if (c.orientation === 'horizontal' && single) return { type: 'Chart.HorizontalBar', ...axes(c), data: c.categories.map((x, i) => ({ x, y: c.series[0].values[i] ?? 0 })) };
      if (c.orientation === 'horizontal' && c.layout === 'stacked') {
        return { type: 'Chart.HorizontalBar.Stacked', ...axes(c), data: c.categories.map((x, i) => ({ title: x, data: c.series.map((s) => ({ legend: s.name, value: s.values[i] ?? 0 })) })) };
      }
      if (single) return { type: 'Chart.VerticalBar', ...axes(c), showBarValues: true, data: c.categories.map((x, i) => ({ x, y: c.series[0].values[i] ?? 0 })) };
      // Grouped lying bars have no Teams element: standing groups show the same numbers.
      return {
        type: 'Chart.VerticalBar.Grouped', ...axes(c), stacked: c.layout === 'stacked', showLegend: true,
        data: c.series.map((s) => ({ legend: s.name, values: c.categories.map((x, i) => ({ x, y: s.values[i] ?? 0 })) })),
      };
    }
  }
}

function axes(c: { xLabel?: string; yLabel?: string }): Json {
  const out: Json = {};
  if (c.xLabel) out.xAxisTitle = c.xLabel;
  if (c.yLabel) out.yAxisTitle = c.yLabel;
  return out;
}

/** The chart as one Teams element, titled, with `fallback` (the rendered table or facts) for clients that cannot draw it. */
export function teamsChart(e: ChartElement, fallback: Json): Json {
  return { ...chartBody(e), title: e.title, showTitle: true, fallback };
}

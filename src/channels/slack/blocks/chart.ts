/**
 * A chart element as Slack's `data_visualization` block (Block Kit, June 2026), checked against
 * the documented limits first: Slack refuses a whole message (`invalid_blocks`) for one bad chart,
 * so a chart over a limit, a gauge (Slack draws none) or a third chart in one message is shown as
 * its fallback instead: the same numbers as a table or facts.
 * Reference: https://docs.slack.dev/reference/block-kit/blocks/data-visualization-block
 */
import type { Block } from './elements';
import type { ChartDefinition, ChartElement } from '../../../views/elements';

/** The limits a chart is checked against before it is posted. */
export const CHART_LIMITS = {
  /** Documented: the title, at most 50 characters. */
  title: 50,
  /** Documented: a pie's segments, 1 to 6. */
  segments: 6,
  /** Documented: series of a bar, area or line chart, 1 to 6, names unique. */
  series: 6,
  /** Documented: each segment, series and category label, 1 to 20 characters. */
  label: 20,
  /** Documented: axis titles, at most 50 characters. */
  axisLabel: 50,
  /** Categories on the x axis (vercel/chat's adapter keeps to 20). */
  categories: 20,
  /** Undocumented but enforced (vercel/chat#696): two data_visualization blocks per message. */
  perMessage: 2,
} as const;

const label = (text: string) => text.length >= 1 && text.length <= CHART_LIMITS.label;
const unique = (texts: string[]) => new Set(texts).size === texts.length;

/** Slack's chart payload for a definition within the limits; undefined when Slack would refuse it or draws no such chart. */
function slackChart(c: ChartDefinition): Record<string, unknown> | undefined {
  if (c.type === 'gauge') return undefined;
  if (c.type === 'pie' || c.type === 'donut') {
    const ok = c.segments.length >= 1 && c.segments.length <= CHART_LIMITS.segments && c.segments.every((s) => label(s.label) && Number.isFinite(s.value) && s.value > 0);
    return ok ? { type: 'pie', segments: c.segments.map((s) => ({ label: s.label, value: s.value })) } : undefined;
  }
  const ok =
    c.categories.length >= 1 && c.categories.length <= CHART_LIMITS.categories && c.categories.every(label) && unique(c.categories) &&
    c.series.length >= 1 && c.series.length <= CHART_LIMITS.series && c.series.every((s) => label(s.name)) && unique(c.series.map((s) => s.name)) &&
    c.series.every((s) => s.values.length === c.categories.length && s.values.every(Number.isFinite)) &&
    (c.xLabel ?? '').length <= CHART_LIMITS.axisLabel && (c.yLabel ?? '').length <= CHART_LIMITS.axisLabel;
  if (!ok) return undefined;
  const axis: Record<string, unknown> = { categories: c.categories };
  if (c.xLabel) axis.x_label = c.xLabel;
  if (c.yLabel) axis.y_label = c.yLabel;
  // Slack's bars are one kind: standing and grouped by category; stacked or lying bars show the same numbers so.
  const type = c.type === 'bar' ? 'bar' : c.type;
  return { type, series: c.series.map((s) => ({ name: s.name, data: c.categories.map((x, i) => ({ label: x, value: s.values[i] })) })), axis_config: axis };
}

/** How many charts a message holds so far. */
export interface ChartCount {
  charts: number;
}

/**
 * The `data_visualization` block for a chart, or undefined when it must be shown as its fallback
 * (over a limit, a kind Slack draws none of, or the message already holds two charts).
 */
export function dataVisualization(e: ChartElement, count: ChartCount): Block | undefined {
  if (count.charts >= CHART_LIMITS.perMessage || e.title.length < 1 || e.title.length > CHART_LIMITS.title) return undefined;
  const chart = slackChart(e.chart);
  if (!chart) return undefined;
  count.charts += 1;
  // @slack/types 3.2 does not know this block yet; its shape is the reference's above.
  return { type: 'data_visualization', title: e.title, chart } as unknown as Block;
}

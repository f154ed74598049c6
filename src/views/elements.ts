/**
 * The neutral elements every screen is made of (docs/design.md rule 5): a feature composes its
 * screens from these in its own folder, and each channel renders them once (Teams:
 * src/channels/teams/screen-card.ts, Slack: src/channels/slack/blocks/screen.ts). The vocabulary is
 * small and closed; screens are open. Modelled on vercel/chat's `CardChild`.
 *
 * Every text is finished (the reader's language, plain text, never markdown): renderers escape and
 * lay out, they never translate or format. A date inside a text is marked (`dates`): the text
 * spells it out in UTC, and a platform with a date token shows it in each reader's own zone.
 */
import type { NoticeTone } from '../core';
import type { Choice } from './form-types';
import type { ActionView, ConfirmationSection } from './types';

/** A date written in a text as `text` (UTC spelled out), with its ISO instant. */
export interface DateMark {
  text: string;
  iso: string;
}

/** The screen's title. */
export interface HeadingElement {
  kind: 'heading';
  text: string;
}

/** Lines of text, each on its own; coloured by the outcome's tone; `muted` for a note under what it follows. */
export interface LinesElement {
  kind: 'lines';
  lines: string[];
  tone?: NoticeTone;
  muted?: boolean;
  dates?: DateMark[];
}

/** Label and value pairs ("Status: New 100 · Active 20"). */
export interface FactsElement {
  kind: 'facts';
  facts: { label: string; value: string }[];
  dates?: DateMark[];
}

/** One row of a list: its title (shown bold), its lines under it, and the buttons about this row alone. */
export interface RowView {
  title: string;
  lines: string[];
  dates?: DateMark[];
  actions: ActionView[];
}

/** A list of rows with a button (or two) each; `more` says what the list leaves out ("and 115 more"). */
export interface RowsElement {
  kind: 'rows';
  rows: RowView[];
  more?: string;
}

/** Buttons; a screen's last element of this kind is its own button row (Teams: the card's actions). */
export interface ActionsElement {
  kind: 'actions';
  actions: ActionView[];
}

/** A part of a screen: a heading, its lines and its own buttons (the confirmation view's sections, as an element). */
export interface SectionElement extends ConfirmationSection {
  kind: 'section';
}

/** One choice a person makes before submitting (text and long inputs are forms: FormView). */
export interface ChoiceInput {
  /** The key its value is sent under, next to the submit button's own data. */
  id: string;
  label: string;
  choices: Choice[];
  /** The choice made now (the first when none is). */
  value?: string;
}

/** Choices and the button that sends them: `{ ...submit.data, [input.id]: chosen value }` reaches the verb. */
export interface InputsElement {
  kind: 'inputs';
  inputs: ChoiceInput[];
  submit: ActionView;
}

/** A question and its answer buttons ("Merge #12 into #10?" Merge / Cancel). */
export interface ConfirmElement {
  kind: 'confirm';
  text: string;
  tone?: NoticeTone;
  confirm: ActionView;
  cancel?: ActionView;
}

/** A table: header cells, then rows of as many cells. */
export interface TableElement {
  kind: 'table';
  /** What the table shows, for screen readers and platforms that title tables. */
  caption?: string;
  headers: string[];
  rows: string[][];
}

/** A colour a gauge's band takes, by what it means. */
export type BandTone = 'good' | 'warning' | 'attention' | 'neutral';

/** One named series of a bar, line or area chart: one value per category, in the categories' order. */
export interface ChartSeries {
  /** Legend label (Slack: 1-20 characters, unique in the chart). */
  name: string;
  values: number[];
}

/** One part of a pie or donut. */
export interface ChartSegment {
  label: string;
  value: number;
}

/** Axes of a bar, line or area chart. */
interface AxisChart {
  /** X-axis labels in display order (Slack: 1-20 of them, 1-20 characters each, unique). */
  categories: string[];
  /** Slack: 1-6 series. */
  series: ChartSeries[];
  /** Axis titles (Slack: at most 50 characters). */
  xLabel?: string;
  yLabel?: string;
}

/** What a chart draws, by its type. */
export type ChartDefinition =
  /** Parts of a whole (Slack: 1-6 segments, each label 1-20 characters, each value above 0). */
  | { type: 'pie'; segments: ChartSegment[] }
  /** A pie with a hole, which may say the total in the middle (Slack draws it as a pie). */
  | { type: 'donut'; segments: ChartSegment[]; centre?: string }
  /** Bars side by side (grouped) or on top of each other (stacked), standing or lying. */
  | ({ type: 'bar'; orientation: 'vertical' | 'horizontal'; layout: 'grouped' | 'stacked' } & AxisChart)
  | ({ type: 'line' | 'area' } & AxisChart)
  /** One value on a scale (SLA met as a share): `format` says how the value reads. */
  | { type: 'gauge'; value: number; min: number; max: number; format: 'percent' | 'fraction'; label?: string; bands?: { label: string; size: number; tone: BandTone }[] };

/** A titled chart and its fallback: the same numbers as a table or facts, for any client that cannot draw it. */
export interface ChartElement {
  kind: 'chart';
  /** Slack: 1-50 characters. */
  title: string;
  chart: ChartDefinition;
  fallback: TableElement | FactsElement;
}

/** Everything a screen can be made of. */
export type Element =
  | HeadingElement
  | LinesElement
  | FactsElement
  | RowsElement
  | ActionsElement
  | SectionElement
  | InputsElement
  | ConfirmElement
  | TableElement
  | ChartElement;

/** A screen: what a channel gets to render (the `screen` view), every word finished. */
export interface ScreenView {
  /** The catalog language of the texts ('en', 'de'). */
  locale?: string;
  elements: Element[];
  /** The whole screen as plain text: the notification, and what a client that cannot lay it out shows. */
  fallback: string;
  /**
   * Posted where many read it (a channel's summary): a click on one of its rows answers the clicker
   * alone, and never replaces the screen for everyone.
   */
  shared?: boolean;
}

export const heading = (text: string): HeadingElement => ({ kind: 'heading', text });

export const lines = (texts: string[], opts: { tone?: NoticeTone; muted?: boolean; dates?: DateMark[] } = {}): LinesElement => ({ kind: 'lines', lines: texts, ...opts });

export const facts = (pairs: { label: string; value: string }[], dates?: DateMark[]): FactsElement => ({ kind: 'facts', facts: pairs, ...(dates ? { dates } : {}) });

export const row = (title: string, texts: string[], actions: ActionView[], dates?: DateMark[]): RowView => ({ title, lines: texts, actions, ...(dates ? { dates } : {}) });

export const rows = (items: RowView[], more?: string): RowsElement => ({ kind: 'rows', rows: items, ...(more ? { more } : {}) });

export const actions = (buttons: ActionView[]): ActionsElement => ({ kind: 'actions', actions: buttons });

export const section = (title: string, texts: string[], buttons: ActionView[] = []): SectionElement => ({ kind: 'section', heading: title, lines: texts, actions: buttons });

export const inputs = (fields: ChoiceInput[], submit: ActionView): InputsElement => ({ kind: 'inputs', inputs: fields, submit });

export const confirm = (text: string, yes: ActionView, no?: ActionView, tone?: NoticeTone): ConfirmElement => ({ kind: 'confirm', text, confirm: yes, ...(no ? { cancel: no } : {}), ...(tone ? { tone } : {}) });

export const table = (headers: string[], body: string[][], caption?: string): TableElement => ({ kind: 'table', headers, rows: body, ...(caption ? { caption } : {}) });

/** Numbers as the reader writes them (1,234.5 / 1.234,5). */
function numberFormat(locale: string | undefined): (n: number) => string {
  const f = new Intl.NumberFormat(locale ?? 'en', { maximumFractionDigits: 2 });
  return (n) => f.format(n);
}

/** The same numbers as the chart draws, as a table or facts (made once here, so no renderer formats). */
export function chartFallback(title: string, chart: ChartDefinition, locale?: string): TableElement | FactsElement {
  const n = numberFormat(locale);
  switch (chart.type) {
    case 'pie':
    case 'donut':
      return facts(chart.segments.map((s) => ({ label: s.label, value: n(s.value) })));
    case 'gauge': {
      const share = new Intl.NumberFormat(locale ?? 'en', { style: 'percent', maximumFractionDigits: 1 });
      const value = chart.format === 'percent' ? share.format((chart.value - chart.min) / (chart.max - chart.min || 1)) : `${n(chart.value)} / ${n(chart.max)}`;
      return facts([{ label: chart.label || title, value }]);
    }
    default:
      // One series reads as facts (smaller on every platform); several need a table's columns.
      if (chart.series.length === 1) return facts(chart.categories.map((c, i) => ({ label: c, value: n(chart.series[0].values[i] ?? 0) })));
      return table([chart.xLabel ?? '', ...chart.series.map((s) => s.name)], chart.categories.map((c, i) => [c, ...chart.series.map((s) => n(s.values[i] ?? 0))]), title);
  }
}

/** A chart with its fallback made from the same numbers. */
export function chart(title: string, definition: ChartDefinition, locale?: string): ChartElement {
  return { kind: 'chart', title, chart: definition, fallback: chartFallback(title, definition, locale) };
}

/** The plain text of elements: each text on its own line (the fallback a screen gets unless it words its own). */
export function elementsText(elements: readonly Element[]): string {
  const out: string[] = [];
  for (const e of elements) {
    switch (e.kind) {
      case 'heading':
        out.push(e.text);
        break;
      case 'lines':
        out.push(...e.lines);
        break;
      case 'facts':
        out.push(...e.facts.map((f) => `${f.label}: ${f.value}`));
        break;
      case 'rows':
        out.push(...e.rows.flatMap((r) => [r.title, ...r.lines]), ...(e.more ? [e.more] : []));
        break;
      case 'section':
        out.push(e.heading, ...e.lines);
        break;
      case 'confirm':
        out.push(e.text);
        break;
      case 'table':
        out.push(...[e.headers, ...e.rows].map((cells) => cells.join(' · ')));
        break;
      case 'chart':
        out.push(e.title, ...elementsText([e.fallback]).split('\n'));
        break;
      case 'inputs':
        out.push(...e.inputs.map((i) => i.label));
        break;
      case 'actions':
        break;
    }
  }
  return out.filter((line) => line !== '').join('\n');
}

/**
 * Puts a platform's date token (made by `token` from the ISO instant and the text) in place of each
 * marked date in `text`, which a renderer has already escaped (a date's text needs no escaping).
 */
export function placeDateMarks(text: string, dates: readonly DateMark[] | undefined, token: (iso: string, fallback: string) => string): string {
  if (!dates?.length) return text;
  const byText = new Map(dates.filter((d) => d.text).map((d) => [d.text, d.iso]));
  if (byText.size === 0) return text;
  const pattern = new RegExp([...byText.keys()].map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return text.replace(pattern, (m) => token(byText.get(m)!, m));
}

/** A screen of `elements`; its plain text is made from them unless `fallback` words it. */
export function screen(elements: Element[], opts: { locale?: string; fallback?: string; shared?: boolean } = {}): ScreenView {
  const view: ScreenView = { elements, fallback: opts.fallback ?? elementsText(elements) };
  if (opts.locale) view.locale = opts.locale;
  if (opts.shared) view.shared = true;
  return view;
}

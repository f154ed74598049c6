/**
 * A screen (src/views/elements.ts) as an Adaptive Card, version 1.5: each element kind has its
 * template in cards/elements/ (charts are built by screen-chart.ts), expanded with
 * adaptivecards-templating and placed into cards/screen.json. Every text is escaped for Teams
 * markdown, every marked date becomes DATE()/TIME(); nothing here translates or formats.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ACData from 'adaptivecards-templating';
import { CardFactory, MessageFactory, type Activity } from 'botbuilder';
import { placeDateMarks, type DateMark, type Element, type ScreenView } from '../../views/elements';
import type { ActionView } from '../../views/types';
import { cardDateTime, literal } from './card-text';
import { teamsSize } from './fit';
import { teamsChart } from './screen-chart';
import { toneStyle } from './tone';

type Json = Record<string, unknown>;

const CARDS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../cards');

/** A screen card stays under 28 KB as Teams counts a message (UTF-16), so it posts wherever a card may. */
export const SCREEN_CARD_BUDGET = 28 * 1024;

/** Teams shows a handful of buttons per action set; more go on another row. */
const BUTTONS_PER_ROW = 4;

const templates = new Map<string, ACData.Template>();
function expand(name: string, data: object): Json {
  let t = templates.get(name);
  if (!t) templates.set(name, (t = new ACData.Template(JSON.parse(readFileSync(path.join(CARDS_DIR, `${name}.json`), 'utf8')))));
  return t.expand({ $root: data }) as Json;
}

function action(a: ActionView) {
  const data: Record<string, unknown> = { ...a.data };
  if (a.ticketId !== undefined) data.ticketId = a.ticketId;
  if (a.etag !== undefined) data.etag = a.etag;
  return { title: a.title, verb: a.verb, style: a.style ?? 'default', data };
}

/** A text escaped for Teams markdown, its marked dates as Teams' own date tokens. */
const text = (value: string, dates?: DateMark[]) => placeDateMarks(literal(value), dates, cardDateTime);

/** A column is right-aligned when every cell under its header is a number. */
function numeric(rows: string[][], column: number): boolean {
  return rows.length > 0 && rows.every((r) => /^[-+]?[\d.,\s%/]+$/.test((r[column] ?? '').trim()));
}

/** The template data of one element (charts excepted). */
function data(e: Exclude<Element, { kind: 'chart' }>): object {
  switch (e.kind) {
    case 'heading':
      return { text: literal(e.text) };
    case 'lines': {
      const style = toneStyle(e.tone);
      // Lines after the first sit close under it: one note, one answer.
      const shown = e.lines.filter((line) => line.trim() !== '').map((line, i) => ({ text: `${i === 0 && e.tone ? style.mark : ''}${text(line, e.dates)}`, spacing: i === 0 ? 'Default' : 'Small' }));
      return { lines: shown, color: style.color, weight: e.tone ? style.weight : 'Default', muted: Boolean(e.muted), size: e.muted ? 'Small' : 'Default' };
    }
    case 'facts':
      return { facts: e.facts.map((f) => ({ label: literal(f.label), value: text(f.value, e.dates) })) };
    case 'rows':
      return {
        rows: e.rows.map((r) => ({ title: literal(r.title), lines: r.lines.map((line) => ({ text: text(line, r.dates) })), actions: r.actions.map(action) })),
        more: literal(e.more ?? ''),
      };
    case 'actions': {
      const all = e.actions.map(action);
      const rows = [];
      for (let i = 0; i < all.length; i += BUTTONS_PER_ROW) rows.push({ actions: all.slice(i, i + BUTTONS_PER_ROW) });
      return { rows };
    }
    case 'section':
      return { heading: literal(e.heading), lines: e.lines.filter((line) => line.trim() !== '').map((line) => ({ text: literal(line) })), actions: e.actions.map(action) };
    case 'confirm': {
      const style = toneStyle(e.tone);
      return { text: `${style.mark}${literal(e.text)}`, color: style.color, weight: style.weight, actions: [e.confirm, ...(e.cancel ? [e.cancel] : [])].map(action) };
    }
    case 'inputs':
      return {
        inputs: e.inputs.map((i) => ({ id: i.id, label: i.label, value: i.value ?? i.choices[0]?.value ?? '', choices: i.choices })),
        submit: action(e.submit),
      };
    case 'table': {
      const align = e.headers.map((_, c) => (c > 0 && numeric(e.rows, c) ? 'Right' : 'Left'));
      const row = (cells: string[], weight: string) => ({ cells: e.headers.map((_, c) => ({ text: literal(cells[c] ?? ''), weight, align: align[c] })) });
      return { columns: e.headers.map(() => ({ width: 1 })), rows: [row(e.headers, 'Bolder'), ...e.rows.map((r) => row(r, 'Default'))] };
    }
  }
}

/** One element as the card elements that show it. */
function elementItems(e: Element, charts: boolean): Json[] {
  if (e.kind === 'chart') {
    // The numbers under the chart's title: what a client without charts (or a card too big for them) shows.
    const fallback = { type: 'Container', items: [{ type: 'TextBlock', text: literal(e.title), weight: 'Bolder', wrap: true }, ...elementItems(e.fallback, charts)] };
    return charts ? [teamsChart(e, fallback)] : [fallback];
  }
  return (expand(`elements/${e.kind}`, data(e)).items as Json[] | undefined) ?? [];
}

/** The card: body from the elements; a last `actions` element becomes the card's own buttons. */
function build(view: ScreenView, charts: boolean): Json {
  // A screen kept from before it was made of elements has only its text (card data is never trusted to be current).
  const elements: Element[] = Array.isArray(view.elements) ? view.elements : [{ kind: 'lines', lines: [view.fallback ?? ''] }];
  const last = elements[elements.length - 1];
  const body = last?.kind === 'actions' ? elements.slice(0, -1) : elements;
  const actions = last?.kind === 'actions' ? last.actions.map(action) : [];
  return expand('screen', { body: body.flatMap((e) => elementItems(e, charts)), actions });
}

/** Keeps the first `n` rows of each list, table and facts (a chart's fallback too), for a screen that would not fit. */
function cut(e: Element, n: number): Element {
  switch (e.kind) {
    case 'rows':
    case 'table':
      return { ...e, rows: e.rows.slice(0, n) } as Element;
    case 'facts':
      return { ...e, facts: e.facts.slice(0, n) };
    case 'chart':
      return { ...e, fallback: cut(e.fallback, n) as typeof e.fallback };
    default:
      return e;
  }
}

const lengthOf = (e: Element): number => (e.kind === 'rows' || e.kind === 'table' ? e.rows.length : e.kind === 'facts' ? e.facts.length : e.kind === 'chart' ? lengthOf(e.fallback) : 0);

/**
 * The Adaptive Card for a screen, within SCREEN_CARD_BUDGET: a card that would be bigger shows its
 * charts as their tables, then fewer rows (the screen's `more` lines still say what is left out),
 * then its last elements.
 * A screen is meant to be a message's worth (a report sends a few charts per message).
 */
export function screenCard(view: ScreenView): Json {
  let card = build(view, true);
  if (teamsSize(card) <= SCREEN_CARD_BUDGET) return card;
  card = build(view, false);
  const longest = Math.max(0, ...view.elements.map(lengthOf));
  let elements = view.elements;
  for (let n = Math.floor(longest / 2); teamsSize(card) > SCREEN_CARD_BUDGET && n >= 1; n = Math.floor(n / 2)) {
    elements = view.elements.map((e) => cut(e, n));
    card = build({ ...view, elements }, false);
  }
  // Still too big: the last elements give way (the closing buttons stay), as a card Teams refuses shows nothing.
  const closing = elements[elements.length - 1]?.kind === 'actions' ? elements.slice(-1) : [];
  let body = closing.length ? elements.slice(0, -1) : elements;
  while (teamsSize(card) > SCREEN_CARD_BUDGET && body.length > 1) {
    body = body.slice(0, -1);
    card = build({ ...view, elements: [...body, ...closing] }, false);
  }
  return card;
}

/** A message with the screen's card; its plain text is what notifications and old clients show. */
export function screenActivity(view: ScreenView): Partial<Activity> {
  return MessageFactory.attachment(CardFactory.adaptiveCard(screenCard(view)), view.fallback);
}

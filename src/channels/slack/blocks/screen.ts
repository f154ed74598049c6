/**
 * A screen (src/views/elements.ts) as one Slack message in Block Kit, within its limits: charts as
 * `data_visualization` blocks (chart.ts) or their fallback, tables as a `table` block (one per
 * message) or lines, and marked dates as Slack's date tokens. Every word comes from the screen.
 */
import type { TableBlock } from '@slack/types';
import type { NoticeTone } from '../../../core';
import { placeDateMarks, type DateMark, type Element, type ScreenView, type TableElement } from '../../../views/elements';
import type { ActionView } from '../../../views/types';
import { dataVisualization, type ChartCount } from './chart';
import { slackDate } from './dates';
import { actionsBlocks, button, type Block } from './elements';
import { BLOCK_LIMITS, escapeMrkdwn, mrkdwn, plain, truncate, userText } from './limits';
import type { SlackMessage } from './message';

/** The block_id prefix of a shared screen: a click on one of its rows answers the clicker alone (list-rows.ts). */
export const SHARED_BLOCK = 'shared-';

/** Slack's table block: at most 100 rows of at most 20 cells, and one table per message. */
const TABLE_ROWS = 100;
const TABLE_CELLS = 20;

/** The mark in front of lines by their tone: only good news is ticked; information reads plainly. */
const TONE_MARKS: Record<NoticeTone, string> = { success: ':white_check_mark: ', info: '', warning: ':warning: ', error: ':x: ' };

/** What one message has used of the blocks Slack allows only a few of. */
interface Budget extends ChartCount {
  table: boolean;
  /** False renders every chart as its fallback (a workspace that refused the chart block). */
  drawCharts: boolean;
}

const text = (value: string, max: number, dates?: DateMark[]) => placeDateMarks(userText(value, max), dates, slackDate);

/** Lines joined into as few sections as the section limit allows, none cut. */
function sections(lines: string[]): Block[] {
  const out: Block[] = [];
  let current = '';
  for (const line of lines.map((l) => truncate(l, BLOCK_LIMITS.sectionText))) {
    if (current && current.length + 1 + line.length > BLOCK_LIMITS.sectionText) {
      out.push({ type: 'section', text: mrkdwn(current) });
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current) out.push({ type: 'section', text: mrkdwn(current) });
  return out;
}

const bold = (value: string, max = 500) => `*${userText(value, max).replace(/\*/g, '∗')}*`;

function rowBlocks(title: string, lines: string[], actions: ActionView[], dates?: DateMark[]): Block[] {
  const body = [`*${userText(title, 500)}*`, ...lines.map((l) => text(l, 1000, dates))].join('\n');
  const section: Block = { type: 'section', text: mrkdwn(body) };
  if (actions.length === 1) return [{ ...section, accessory: button(actions[0]) }];
  return actions.length === 0 ? [section] : [section, ...actionsBlocks(actions)];
}

function tableBlocks(e: TableElement, budget: Budget): Block[] {
  const all = [e.headers, ...e.rows];
  if (!budget.table && all.length <= TABLE_ROWS && e.headers.length <= TABLE_CELLS) {
    budget.table = true;
    const rows = all.map((cells) => e.headers.map((_, c) => ({ type: 'raw_text' as const, text: cells[c] || ' ' })));
    const table: TableBlock = { type: 'table', rows, column_settings: e.headers.map(() => ({ is_wrapped: true })) };
    return [table];
  }
  // A second table, or one too big for the block: its rows as lines, the header bold.
  return sections([e.headers.map((h) => bold(h, 200)).join(' · '), ...e.rows.map((r) => r.map((c) => userText(c, 200)).join(' · '))]);
}

function elementBlocks(e: Element, budget: Budget): Block[] {
  switch (e.kind) {
    case 'heading':
      return [{ type: 'header', text: plain(e.text, BLOCK_LIMITS.headerText) }];
    case 'lines': {
      const shown = e.lines.filter((l) => l.trim() !== '').map((l, i) => `${i === 0 && e.tone ? TONE_MARKS[e.tone] : ''}${text(l, 1000, e.dates)}`);
      if (shown.length === 0) return [];
      return e.muted ? [{ type: 'context', elements: [mrkdwn(shown.join('\n'))] }] : sections(shown);
    }
    case 'facts':
      return sections(e.facts.map((f) => `*${escapeMrkdwn(f.label)}:* ${text(f.value, 1000, e.dates)}`));
    case 'rows': {
      const blocks: Block[] = [{ type: 'divider' }, ...e.rows.flatMap((r) => rowBlocks(r.title, r.lines, r.actions, r.dates))];
      if (e.more) blocks.push({ type: 'context', elements: [mrkdwn(userText(e.more, 500))] });
      return blocks;
    }
    case 'actions':
      return actionsBlocks(e.actions);
    case 'section':
      return [...sections([bold(e.heading), ...e.lines.filter((l) => l.trim() !== '').map(escapeMrkdwn)]), ...actionsBlocks(e.actions)];
    case 'confirm':
      return [{ type: 'section', text: mrkdwn(`${TONE_MARKS[e.tone ?? 'info']}${userText(e.text, 2500)}`) }, ...actionsBlocks([e.confirm, ...(e.cancel ? [e.cancel] : [])])];
    case 'inputs':
      // A message holds no inputs that send together: each choice is a button carrying the others as they stand.
      return e.inputs.flatMap((input) => {
        const current = Object.fromEntries(e.inputs.map((i) => [i.id, i.value ?? i.choices[0]?.value ?? '']));
        const choices: ActionView[] = input.choices.map((c) => ({
          ...e.submit, title: c.title, style: c.value === current[input.id] ? 'positive' : undefined, data: { ...e.submit.data, ...current, [input.id]: c.value },
        }));
        return [{ type: 'section', text: mrkdwn(bold(input.label, 300)) } as Block, ...actionsBlocks(choices)];
      });
    case 'table':
      return tableBlocks(e, budget);
    case 'chart': {
      const drawn = budget.drawCharts ? dataVisualization(e, budget) : undefined;
      return drawn ? [drawn] : [{ type: 'section', text: mrkdwn(bold(e.title)) }, ...elementBlocks(e.fallback, budget)];
    }
  }
}

/** Notes that follow each other (a list's "and 115 more", then a muted line) read as one note. */
function joinNotes(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    const prev = out[out.length - 1];
    const single = (x: Block | undefined) => x?.type === 'context' && x.elements.length === 1 && x.elements[0].type === 'mrkdwn';
    if (single(prev) && single(b) && prev!.type === 'context' && b.type === 'context') {
      const joined = `${(prev.elements[0] as { text: string }).text}\n${(b.elements[0] as { text: string }).text}`;
      out[out.length - 1] = { type: 'context', elements: [mrkdwn(joined)] };
    } else out.push(b);
  }
  return out;
}

/**
 * The screen as a message; `charts: false` shows every chart as its fallback (for a workspace that
 * refuses the chart block). A shared screen's last block row is marked so row clicks answer privately.
 */
export function screenMessage(view: ScreenView, opts: { charts?: boolean } = {}): SlackMessage {
  const budget: Budget = { charts: 0, table: false, drawCharts: opts.charts !== false };
  // A screen kept from before it was made of elements has only its text.
  const elements: Element[] = Array.isArray(view.elements) ? view.elements : [{ kind: 'lines', lines: [view.fallback ?? ''] }];
  const blocks = joinNotes(elements.flatMap((e) => elementBlocks(e, budget))).slice(0, BLOCK_LIMITS.messageBlocks);
  if (view.shared && blocks.length > 0) blocks[blocks.length - 1] = { ...blocks[blocks.length - 1], block_id: `${SHARED_BLOCK}0` };
  return { text: truncate(escapeMrkdwn(view.fallback ?? ''), BLOCK_LIMITS.fallbackText), blocks };
}

/**
 * What the bot showed on Slack, read back from the fake Web API's calls: each surface (a channel
 * or DM message, an ephemeral or response_url answer, a modal, the App Home), what can be clicked
 * on it, the kind of each clickable thing (its verb and a stable label: the tour's coverage), and
 * whether an answer is an error or a usage text.
 */
import type { TourPerson } from './slack-stack';

export type Where = 'channel' | 'dm' | 'ephemeral' | 'modal' | 'home';

/** One place the bot showed something a person can act on. */
export interface Surface {
  where: Where;
  /** Who sees it, and so who clicks it. */
  viewer: TourPerson;
  blocks: any[];
  /** Messages and ephemerals: the conversation; messages: the ts. */
  channel?: string;
  ts?: string;
  /** Modals and App Home: the view as the bot last sent it, its id and version. */
  view?: any;
  viewId?: string;
  version?: number;
  /** What made it, for the report. */
  origin: string;
}

/** One thing on a surface a person can click, choose or submit. */
export interface Clickable {
  kind: string;
  surface: Surface;
  /** The element as the block carries it; undefined for a modal's submit. */
  element?: any;
  blockId?: string;
  submit?: boolean;
}

/** A button label without what changes from ticket to ticket (numbers, titles, names). */
export function stableLabel(label: string): string {
  return label
    .replace(/#\d+/g, '#N')
    .replace(/Sam Requester|Dana Agent|Lee Agent/g, 'someone')
    .replace(/(?<=\D)\b\d+\b/g, 'N')
    .replace(/:\s.*$/s, ': …')
    .replace(/“[^”]*”/g, '“…”')
    .trim();
}

/** The verb of an action id (a `#n` suffix only keeps ids unique in a block). */
const verbOf = (actionId: string) => actionId.replace(/#\d+$/, '');

/** The kind of one element: its verb (action id) and a stable label. */
export function kindOf(element: any): string {
  if (element.type === 'button') return `${verbOf(element.action_id)} "${stableLabel(element.text?.text ?? '')}"`;
  return `${element.action_id} (${element.type})`;
}

/** The private metadata of one of our forms, when the view is one. */
export function formOf(view: any): { verb: string; form: string } | undefined {
  if (!view?.callback_id || typeof view.private_metadata !== 'string') return undefined;
  try {
    const m = JSON.parse(view.private_metadata);
    return typeof m?.form === 'string' ? { verb: m.verb, form: m.form } : undefined;
  } catch {
    // Not our form's metadata: a view without a submit of ours.
    return undefined;
  }
}

/** Everything on a surface that can be acted on, in the order a person reads it; a form's submit comes last. */
export function clickables(surface: Surface): Clickable[] {
  const out: Clickable[] = [];
  surface.blocks.forEach((block: any, i: number) => {
    const blockId = block.block_id ?? `tour-block-${i}`;
    const elements = block.type === 'actions' ? block.elements : block.type === 'section' && block.accessory ? [block.accessory] : [];
    for (const element of elements) {
      if (element.type === 'image') continue;
      out.push({ kind: kindOf(element), surface, element, blockId });
    }
    // An input whose change is sent at once would be a click too.
    if (block.type === 'input' && block.dispatch_action) out.push({ kind: kindOf(block.element), surface, element: block.element, blockId });
  });
  const form = surface.where === 'modal' ? formOf(surface.view) : undefined;
  if (form) out.push({ kind: `submit ${form.form} (${form.verb})`, surface, submit: true });
  return out;
}

/** All the text a Slack call shows (fallback text, blocks, a view's blocks). */
export function shownText(body: Record<string, any>): string {
  const parts: string[] = [];
  const walk = (x: unknown) => {
    if (typeof x === 'string') parts.push(x);
    else if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') for (const [k, v] of Object.entries(x)) if (k === 'text' || k === 'blocks' || k === 'elements' || k === 'fields' || k === 'view' || k === 'accessory') walk(v);
  };
  walk(body.text);
  walk(body.blocks);
  walk(body.view?.blocks);
  return parts.join('\n');
}

/** Words that mean the click failed: an error view, a usage text, the failure or hand-back messages. */
const FAILURE_WORDS: [RegExp, string][] = [
  [/(^|\n):x: /, 'an error (:x:)'],
  [/Usage:/, 'a usage text'],
  [/something went wrong/i, 'the failure message'],
  [/older version of this app/, 'an old-button answer'],
  [/Your form was not sent/, 'a form handed back'],
  [/This form is out of date/, 'an out-of-date form'],
  [/Say which ticket/, 'a usage text'],
];

/** Why a shown text is a failure, or undefined. A help view lists usages on purpose and is left out. */
export function failureIn(body: Record<string, any>): string | undefined {
  const text = shownText(body);
  if (/^`\/helpdesk [^`]+` — /m.test(text)) return undefined;
  const hit = FAILURE_WORDS.find(([re]) => re.test(text));
  return hit ? `${hit[1]}: ${text.replace(/\s+/g, ' ').slice(0, 200)}` : undefined;
}

const TEXTS: Record<string, string> = {
  title: 'Printer on floor 2 jams',
  description: 'It jams on every second page since Monday.',
  comment: 'Any news on this one?',
  note: 'Cleaned the rollers; it prints again.',
  reason: 'It jams again since this morning.',
  body: 'Open tray 2, take out the stuck sheet and close it firmly.',
  phrases: 'printer jams\npaper stuck in printer',
};

let names = 0;

/** A plausible value for a text input, by its block id. */
function textFor(blockId: string): string | undefined {
  const id = blockId.replace(/~\d+$/, '');
  if (id === 'name') return `tour-${++names}`;
  return TEXTS[id];
}

/**
 * The state Slack sends with a modal: each input as it shows, required ones filled with plausible
 * values from the modal's own options (a choice's first option, an agent for a person picker).
 */
export function stateOf(view: any, agentId: string, typed: Record<string, string> = {}): Record<string, Record<string, any>> {
  const values: Record<string, Record<string, any>> = {};
  for (const block of view?.blocks ?? []) {
    if (block.type !== 'input') continue;
    const e = block.element;
    const required = !block.optional;
    let v: any;
    switch (e.type) {
      case 'plain_text_input': {
        const text = typed[block.block_id.replace(/~\d+$/, '')] ?? e.initial_value ?? textFor(block.block_id) ?? (required ? 'Tour text' : undefined);
        v = { type: e.type, value: text ?? null };
        break;
      }
      case 'static_select':
        v = { type: e.type, selected_option: e.initial_option ?? (e.options?.[0] ?? null) };
        break;
      case 'checkboxes':
        v = { type: e.type, selected_options: e.initial_options ?? [] };
        break;
      case 'users_select':
        v = { type: e.type, selected_user: e.initial_user ?? agentId };
        break;
      case 'number_input':
        v = { type: e.type, value: e.initial_value ?? (required ? '1' : null) };
        break;
      case 'datepicker':
        v = { type: e.type, selected_date: e.initial_date ?? (required ? '2026-03-02' : null) };
        break;
      default:
        throw new Error(`the tour cannot fill an input of type ${e.type} (block ${block.block_id})`);
    }
    values[block.block_id] = { [e.action_id]: v };
  }
  return values;
}

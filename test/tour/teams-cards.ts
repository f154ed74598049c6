/**
 * What a person sees of a Teams card, read as Teams reads it: its buttons (Action.Execute,
 * Action.Submit, the actions inside an Action.ShowCard, the Universal Actions refresh), the inputs
 * each button sends, and the values a person would put in them. Also: whether a card or a text is
 * the bot saying it could not do something.
 */
import { isUsageText, stableLabel, type ButtonKind } from './coverage';
import { DEMO_AGENTS } from '../../src/emulator';
import { PEOPLE } from './teams-scene';

/** People's names a label may carry ("Take over from Megan Bowen"): the tour's people and the site's agents. */
const NAMES = [...new Set([...Object.values(PEOPLE).map((p) => p.name), ...DEMO_AGENTS.map((a) => a.name)])];

export const ADAPTIVE = 'application/vnd.microsoft.card.adaptive';

/** One input of a card, as the card declares it. */
export interface CardInput {
  id: string;
  type: string;
  value?: string;
  required: boolean;
  choices: string[];
  valueOff?: string;
  multiline: boolean;
  /** Its choices come from a search invoke (Data.Query) of this dataset. */
  dataset?: string;
}

/** A button on a card: its kind, what it sends, and which inputs go with it. */
export interface CardButton extends ButtonKind {
  title: string;
  /** execute: an adaptiveCard/action invoke; submit: a dialog's Action.Submit (composeExtension/submitAction); refresh: Teams' automatic refresh. */
  how: 'execute' | 'submit' | 'refresh';
  data: Record<string, unknown>;
  inputs: CardInput[];
  /** It sits in the card's body next to an input (a picker's own button), not among the card's actions. */
  inBody: boolean;
}

function inputsIn(node: unknown, into: CardInput[] = []): CardInput[] {
  if (Array.isArray(node)) node.forEach((n) => inputsIn(n, into));
  else if (node && typeof node === 'object') {
    const n = node as Record<string, any>;
    if (typeof n.type === 'string' && n.type.startsWith('Input.') && typeof n.id === 'string') {
      into.push({
        id: n.id,
        type: n.type,
        value: n.value === undefined || n.value === null ? undefined : String(n.value),
        required: n.isRequired === true || n.isRequired === 'true',
        choices: Array.isArray(n.choices) ? n.choices.map((c: any) => String(c.value)) : [],
        valueOff: n.valueOff,
        multiline: n.isMultiline === true,
        dataset: n['choices.data']?.type === 'Data.Query' ? n['choices.data'].dataset : undefined,
      });
    }
    // An Action.ShowCard's card has its own inputs, sent only by its own buttons.
    for (const [k, v] of Object.entries(n)) if (!(n.type === 'Action.ShowCard' && k === 'card')) inputsIn(v, into);
  }
  return into;
}

/** Every button a card carries (a dialog card's Action.Submit too), with the inputs it sends. */
export function buttonsOf(card: unknown, dialog = false): CardButton[] {
  const out: CardButton[] = [];
  const walk = (node: unknown, inputs: CardInput[], inBody: boolean) => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, inputs, inBody));
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, any>;
    if (n.type === 'Action.ShowCard' && n.card) {
      walk(n.card, [...inputs, ...inputsIn(n.card)], false);
      return;
    }
    if (n.type === 'Action.Execute' || n.type === 'Action.Submit') {
      const data = (n.data && typeof n.data === 'object' ? n.data : {}) as Record<string, unknown>;
      const verb = String(n.type === 'Action.Execute' ? n.verb : (data.verb ?? data.msteams ?? 'submit'));
      const title = String(n.title ?? '');
      out.push({
        verb, title, label: `${stableLabel(title, NAMES)}${dialog ? ' (dialog)' : ''}`, data,
        how: n.type === 'Action.Submit' || dialog ? 'submit' : 'execute',
        inputs: n.associatedInputs === 'none' ? [] : inputs,
        inBody,
      });
      return;
    }
    for (const [k, v] of Object.entries(n)) if (k !== 'refresh') walk(v, inputs, inBody || k === 'body');
  };
  walk(card, inputsIn(card), false);
  const refresh = (card as any)?.refresh?.action;
  if (refresh?.type === 'Action.Execute') {
    out.push({ verb: refresh.verb, title: '(refresh)', label: '(automatic refresh)', data: refresh.data ?? {}, how: 'refresh', inputs: [], inBody: false });
  }
  return out;
}

/** The adaptive card an activity carries, if any. */
export const cardIn = (activity: Record<string, any> | undefined): Record<string, any> | undefined =>
  activity?.attachments?.find((a: any) => a.contentType === ADAPTIVE)?.content;

/** The keys of a card element that hold words a person reads. */
const WORDS = new Set(['text', 'title', 'label', 'value', 'placeholder', 'fallbackText', 'errorMessage']);

/** Every string a person reads on a card. */
export function textOf(node: unknown): string {
  const out: string[] = [];
  const walk = (n: unknown, key: string) => {
    if (typeof n === 'string') {
      if (WORDS.has(key)) out.push(n);
    } else if (Array.isArray(n)) n.forEach((x) => walk(x, key));
    else if (n && typeof n === 'object') for (const [k, v] of Object.entries(n)) walk(v, k);
  };
  walk(node, 'text');
  return out.join(' ');
}

/** The error view (cards/error.json): an attention container first. */
function errorCardText(card: Record<string, any>): string | undefined {
  const first = card.body?.[0];
  if (first?.type === 'Container' && first.style === 'attention') return textOf(first);
  return undefined;
}

/** The red lines a form shows when it comes back refusing what was sent. */
function formErrors(card: Record<string, any>): string | undefined {
  if (inputsIn(card).length === 0) return undefined;
  const red: string[] = [];
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      if (n.type === 'TextBlock' && n.color === 'Attention' && typeof n.text === 'string' && n.text.trim()) red.push(n.text);
      Object.values(n).forEach(walk);
    }
  };
  walk(card.body);
  return red.length ? red.join(' / ') : undefined;
}

/** What is wrong with a card a click or a message brought, or undefined when it is a result. */
export function cardProblem(card: Record<string, any>, afterSubmit: boolean): string | undefined {
  const error = errorCardText(card);
  if (error) return `error card: ${error}`;
  const text = textOf(card.body);
  if (isUsageText(text)) return `usage text: ${text.slice(0, 200)}`;
  const refused = afterSubmit ? formErrors(card) : undefined;
  if (refused) return `the form came back refused: ${refused}`;
  return undefined;
}

/** What is wrong with a plain message the bot sent, or undefined. */
export function textProblem(text: string): string | undefined {
  return isUsageText(text) ? `usage text: ${text.slice(0, 200)}` : undefined;
}

/** A plausible value a person types into a required field with nothing in it. */
function typed(input: CardInput): string {
  switch (input.type) {
    case 'Input.Number':
      return '1';
    case 'Input.Date':
      return '2026-12-01';
    case 'Input.Time':
      return '09:00';
    case 'Input.Toggle':
      return input.valueOff ?? 'false';
    case 'Input.ChoiceSet':
      return input.choices[0] ?? '';
    default:
      if (/name/i.test(input.id)) return `tour-${input.id.toLowerCase()}`;
      return `Written on the tour in ${input.id}.`;
  }
}

/**
 * What Teams sends for a button's inputs once a person filled the form: what the card holds, the
 * required fields filled with plausible values (a choice from the card's own choices), the big
 * text box written in, and for a picker's own button the picker's first choice (its typeahead's
 * first result, `search`, when the choices come from one). The form's submit leaves the picker be.
 */
export async function filledInputs(button: CardButton, search: (dataset: string) => Promise<string | undefined>): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const input of button.inputs) {
    let value = input.value ?? '';
    if (!value && input.dataset && button.inBody) value = input.choices[0] ?? (await search(input.dataset)) ?? '';
    if (!value && input.type === 'Input.Toggle') value = input.valueOff ?? 'false';
    if (!value && (input.required || (input.multiline && !button.inBody))) value = typed(input);
    values[input.id] = value;
  }
  return values;
}

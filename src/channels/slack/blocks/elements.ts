/** Buttons and small shared pieces built from view models; buttons carry `{ ticketId, etag, ...data }`. */
import type { ActionsBlock, Button, KnownBlock } from '@slack/types';
import type { ActionView } from '../../../views/types';
import { actsOnce } from '../../../commands/registry';
import { DECISION_KEY } from '../../../core/decisions';
import { decidedAction } from '../../../views/decisions';
import { BLOCK_LIMITS, plain, truncate } from './limits';

/** A Block Kit block, typed by @slack/types (limits are still checked by the tests). */
export type Block = KnownBlock;

/** What a button click sends back, decoded from the button's `value`. */
export interface ButtonValue {
  ticketId?: number;
  etag?: string;
  [key: string]: string | number | undefined;
}

/** Encodes the button value; data values are cut (to `perValue`) so the JSON always fits Slack's 2000 characters. */
export function encodeButtonValue(view: ActionView, perValue = 300): string {
  // A writing button carries its decision, so two clicks on it act once (views/decisions.ts).
  const action = decidedAction(view, actsOnce);
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries(action.data ?? {})) data[k] = truncate(String(v), perValue);
  const value: ButtonValue = { ...data };
  if (action.ticketId !== undefined) value.ticketId = action.ticketId;
  if (action.etag !== undefined) value.etag = action.etag;
  const json = JSON.stringify(value);
  return json.length <= BLOCK_LIMITS.buttonValue ? json : JSON.stringify({ ticketId: action.ticketId, etag: action.etag, [DECISION_KEY]: action.data?.[DECISION_KEY] });
}

/** The value carrying as much of `action.data` as fits (a form handed back keeps most of what was typed). */
export function roomyButtonValue(action: ActionView): string {
  if (!action.data || Object.keys(action.data).length === 0) return encodeButtonValue(action);
  for (const perValue of [1900, 1400, 1000, 700, 500, 300]) {
    const json = encodeButtonValue(action, perValue);
    if (Object.keys(decodeButtonValue(json)).some((k) => k !== 'ticketId' && k !== 'etag')) return json;
  }
  return encodeButtonValue(action);
}

/** Decodes a button value; anything malformed becomes an empty object (payloads are untrusted). */
export function decodeButtonValue(raw: string | undefined): ButtonValue {
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    // A value that is not JSON is untrusted input with nothing a verb can use.
    return {};
  }
}

/** The verb named by an action_id; a `#n` suffix only keeps action ids unique inside one block. */
export function verbOfActionId(actionId: string): string {
  const hash = actionId.indexOf('#');
  return hash < 0 ? actionId : actionId.slice(0, hash);
}

/** One button for an action; `used` keeps action ids unique within the containing block. */
export function button(action: ActionView, used: Set<string> = new Set(), roomy = false): Button {
  let actionId: string = action.verb;
  for (let n = 2; used.has(actionId); n += 1) actionId = `${action.verb}#${n}`;
  used.add(actionId);
  const b: Button = {
    type: 'button',
    action_id: actionId,
    text: plain(action.title, BLOCK_LIMITS.buttonText),
    value: roomy ? roomyButtonValue(action) : encodeButtonValue(action),
  };
  if (action.style === 'positive') b.style = 'primary';
  if (action.style === 'destructive') b.style = 'danger';
  return b;
}

/** Actions blocks for a row of buttons, split at Slack's 25 elements per block. */
export function actionsBlocks(actions: ActionView[], blockIdPrefix?: string): Block[] {
  const blocks: Block[] = [];
  for (let i = 0; i < actions.length; i += BLOCK_LIMITS.actionsElements) {
    const used = new Set<string>();
    const block: ActionsBlock = { type: 'actions', elements: actions.slice(i, i + BLOCK_LIMITS.actionsElements).map((a) => button(a, used)) };
    if (blockIdPrefix) block.block_id = `${blockIdPrefix}-${i / BLOCK_LIMITS.actionsElements}`;
    blocks.push(block);
  }
  return blocks;
}

/**
 * Inputs from cards, modals and buttons are untrusted: before a handler sees one, its id must be
 * a real ticket number, its text and values plain strings, and no key may reach an object's
 * prototype. A bad input gets a plain error naming what was wrong, never "something went wrong".
 */
import { english, type Translate } from '../i18n';
import { errorReply } from './respond';
import type { CommandInput, Reply } from './types';

/** Ticket numbers are SharePoint item ids: positive integers, never above this. */
export const MAX_TICKET_ID = 999_999_999;

/** Keys that would reach Object.prototype when used as a property name. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function describe(value: unknown): string {
  if (typeof value === 'string') return `“${value}”`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // Not serialisable (a cycle, a BigInt): shown as String() gives it, only to name what was wrong.
    return String(value);
  }
}

/** The input with only what handlers may read, or an error reply naming the first thing that was wrong. */
export function checkInput(input: CommandInput, t: Translate = english): CommandInput | Reply {
  if (typeof input.verb !== 'string') return errorReply(t('commands:input.notAnAction', { value: describe(input.verb) }));
  const id: unknown = input.ticketId;
  if (id !== undefined && !(typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id <= MAX_TICKET_ID)) {
    return errorReply(t('commands:input.badTicketNumber', { value: describe(id), max: MAX_TICKET_ID }));
  }
  const text: unknown = input.text;
  if (text !== undefined && typeof text !== 'string') return errorReply(t('commands:input.textNotText', { value: describe(text) }));
  const etag: unknown = input.etag;
  const out: CommandInput = { verb: input.verb };
  if (id !== undefined) out.ticketId = id as number;
  if (typeof etag === 'string' && etag) out.etag = etag;
  if (text !== undefined) out.text = text as string;
  if (input.values !== undefined) {
    if (!input.values || typeof input.values !== 'object' || Array.isArray(input.values)) {
      return errorReply(t('commands:input.valuesNotFields', { value: describe(input.values) }));
    }
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(input.values as Record<string, unknown>)) {
      if (PROTOTYPE_KEYS.has(key) || value === undefined || value === null) continue;
      if (typeof value !== 'string') return errorReply(t('commands:input.fieldNotText', { field: key, value: describe(value) }));
      values[key] = value;
    }
    out.values = values;
  }
  return out;
}

/** Keys of an action's data that are the input's own fields, never one of its values. */
const RESERVED = new Set(['verb', 'ticketId', 'etag', 'text', 'msteams']);

/**
 * The one cleaner of untrusted action data (a Teams card's Action.Execute data, a Slack button's
 * value, a Teams dialog's inputs) into a CommandInput: scalar values as strings under ordinary
 * names, a numeric-string ticket number as a number. Anything else is passed on as it came, so
 * checkInput (run by dispatch) names what was wrong instead of it being silently dropped.
 */
export function actionInput(verb: string, data: unknown): CommandInput {
  const d = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(d)) {
    if (RESERVED.has(k) || PROTOTYPE_KEYS.has(k) || v === null || v === undefined || typeof v === 'object') continue;
    values[k] = String(v);
  }
  // Teams often sends numbers as strings; an empty one means no ticket.
  const rawId = Object.hasOwn(d, 'ticketId') ? d.ticketId : undefined;
  const ticketId = typeof rawId === 'string' && /^\d+$/.test(rawId.trim()) ? Number(rawId) : rawId === '' || rawId === null ? undefined : rawId;
  const input: CommandInput = { verb };
  if (ticketId !== undefined) input.ticketId = ticketId as number;
  if (typeof d.etag === 'string' && d.etag) input.etag = d.etag;
  if (Object.hasOwn(d, 'text') && d.text !== undefined) input.text = d.text as string;
  if (Object.keys(values).length) input.values = values;
  return input;
}

/** A field value looked up in a fixed table, never through the table's prototype. */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

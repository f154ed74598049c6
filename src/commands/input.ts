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

/** A field value looked up in a fixed table, never through the table's prototype. */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

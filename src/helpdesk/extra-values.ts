/**
 * Values of the site's extra ticket columns: checked and converted to the column's type before
 * a write (so SharePoint never refuses one), and read back from a list item for cards.
 */
import { matchValue, sameText } from '../core/vocabulary';
import { errorOf, say } from './error-messages';
import type { ExtraColumn, TicketSchema } from './ticket-schema';
import { HelpdeskError, LIMITS } from './types';

/** An extra column's value as a ticket carries it: text (also choices and ISO dates), a number or yes/no. */
export type ExtraValue = string | number | boolean;

const TEXT_MAX = 255;
const YES = ['true', 'yes', 'y', '1', 'on'];
const NO = ['false', 'no', 'n', '0', 'off'];

function invalid(column: ExtraColumn, key: string, vars: Record<string, unknown> = {}): HelpdeskError {
  return errorOf('invalid', say(key, { ...vars, label: column.label, field: column.name }), { field: column.name });
}

/** An empty value: left out on create, cleared on edit. */
const empty = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');

/** The value in the column's type, or a HelpdeskError naming the column. */
function convert(column: ExtraColumn, value: unknown): ExtraValue {
  switch (column.type) {
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
      if (!Number.isFinite(n)) throw invalid(column, 'mustBeNumber');
      return n;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const word = typeof value === 'string' ? value.trim().toLowerCase() : '';
      if (YES.includes(word)) return true;
      if (NO.includes(word)) return false;
      throw invalid(column, 'mustBeYesNo');
    }
    case 'dateTime': {
      const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value.trim() : '';
      // A date alone is that day at midnight UTC, as SharePoint stores a date-only column.
      const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
      if (!text || Number.isNaN(ms)) throw invalid(column, 'mustBeDate');
      return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    }
    case 'choice': {
      const choices = column.choices ?? [];
      const hit = typeof value === 'string' ? matchValue(choices, value) : undefined;
      if (hit === undefined) throw invalid(column, typeof value === 'string' ? 'notAllowed' : 'notAllowedValue', { value, choices: choices.join(', ') });
      return hit;
    }
    default: {
      if (typeof value !== 'string') throw invalid(column, 'mustBeText');
      const text = value.trim();
      const max = column.type === 'note' ? LIMITS.description : TEXT_MAX;
      if (text.length > max) throw invalid(column, 'tooLong', { length: text.length, max });
      return text;
    }
  }
}

/**
 * Checks extra values against the schema and converts each to its column's type; `null` clears a
 * column on an edit. On create, every required extra column must have a value.
 */
export function checkExtra(schema: TicketSchema, input: Record<string, unknown> | undefined, creating: boolean): Record<string, ExtraValue | null> {
  const out: Record<string, ExtraValue | null> = {};
  for (const [name, value] of Object.entries(input ?? {})) {
    if (value === undefined) continue;
    const column = schema.extra.find((c) => c.name === name);
    if (!column) throw errorOf('invalid', say('notAColumn', { field: name }), { field: name });
    if (empty(value)) {
      if (!creating) out[name] = null;
      continue;
    }
    out[name] = convert(column, value);
  }
  if (creating) {
    const missing = schema.extra.find((c) => c.required && out[c.name] === undefined);
    if (missing) throw invalid(missing, 'required');
  }
  return out;
}

/** True when the input names an extra column or a choice the schema lacks: the site may have added it since it was read. */
export function unknownExtra(schema: TicketSchema, input: Record<string, unknown> | undefined): boolean {
  return Object.entries(input ?? {}).some(([name, value]) => {
    const column = schema.extra.find((c) => c.name === name);
    if (!column) return true;
    return column.type === 'choice' && typeof value === 'string' && value.trim() !== '' && matchValue(column.choices ?? [], value) === undefined;
  });
}

/** A list item's values of the schema's extra columns; undefined when it has none. */
export function extraOf(schema: Pick<TicketSchema, 'extra'>, fields: Record<string, unknown>): Record<string, ExtraValue> | undefined {
  let out: Record<string, ExtraValue> | undefined;
  for (const column of schema.extra) {
    const v = fields[column.name];
    if (v === undefined || v === null || v === '') continue;
    // A value the column's current type does not fit (its type changed) is still shown as it is.
    const value: ExtraValue = typeof v === 'object' ? JSON.stringify(v) : column.type === 'boolean' && typeof v === 'string' ? yesNo(v) : (v as ExtraValue);
    (out ??= {})[column.name] = value;
  }
  return out;
}

function yesNo(v: string): ExtraValue {
  if (YES.some((w) => sameText(w, v))) return true;
  if (NO.some((w) => sameText(w, v))) return false;
  return v;
}

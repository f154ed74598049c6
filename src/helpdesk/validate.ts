/** Input checks with messages a person can act on: each names the field and what is allowed. */
import { sameText } from '../core/vocabulary';
import { checkExtra } from './extra-values';
import { errorOf, say } from './error-messages';
import type { TicketSchema } from './ticket-schema';
import { HelpdeskError, LIMITS, type Vocabulary } from './types';

/** Fields with a label in the catalog (`helpdesk:field.*`); any other field is named as it is. */
const LABELLED = new Set(['title', 'description', 'priority', 'category', 'status', 'comment', 'note', 'reason', 'limit', 'tag', 'assetTag', 'type', 'assignedTo', 'serialNumber', 'manufacturer', 'model']);

/** An 'invalid' error naming the field; the reader's language fills in the field's label. */
function invalid(field: string, key: string, vars: Record<string, unknown> = {}): HelpdeskError {
  const label = LABELLED.has(field) ? { labelKey: `helpdesk:field.${field}` } : { label: field };
  return errorOf('invalid', say(key, { ...vars, ...label, field }), { field });
}

/** Trims text and enforces required/length; returns the trimmed value. */
export function text(field: string, value: unknown, opts: { required?: boolean; max: number }): string | undefined {
  if (value === undefined || value === null) {
    if (opts.required) throw invalid(field, 'required');
    return undefined;
  }
  if (typeof value !== 'string') throw invalid(field, 'mustBeText');
  const trimmed = value.trim();
  if (opts.required && trimmed === '') throw invalid(field, 'required');
  if (trimmed.length > opts.max) throw invalid(field, 'tooLong', { length: trimmed.length, max: opts.max });
  return trimmed;
}

/** The allowed value matching `value` case-insensitively, in its configured spelling. */
export function oneOf(field: string, value: unknown, allowed: readonly string[]): string {
  const hit = typeof value === 'string' ? allowed.find((a) => sameText(a, value)) : undefined;
  if (hit === undefined) {
    const choices = allowed.join(', ');
    throw typeof value === 'string' ? invalid(field, 'notAllowed', { value, choices }) : invalid(field, 'notAllowedValue', { choices });
  }
  return hit;
}

/** 'Normal' when the vocabulary has it, otherwise the middle priority. */
export function defaultPriority(v: Vocabulary): string {
  return v.priorities.find((p) => p.toLowerCase() === 'normal') ?? v.priorities[Math.floor((v.priorities.length - 1) / 2)];
}

/** Page size for lists: a whole number from 1 to 5000 (default 20). */
export function limit(value: number | undefined): number {
  if (value === undefined) return 20;
  if (!Number.isInteger(value) || value < 1 || value > 5000) {
    throw invalid('limit', 'badLimit', { value });
  }
  return value;
}

type TicketInput = { title?: unknown; description?: unknown; priority?: unknown; category?: unknown; extra?: Record<string, unknown> };

const blank = (v: unknown) => v === undefined || v === '';

/**
 * Checks and normalises a new ticket's fields. With the site's schema, the columns it requires
 * must be filled and extra column values are converted to their column's type.
 */
export function newTicket(v: Vocabulary, input: TicketInput, schema?: TicketSchema) {
  const required = (field: 'description' | 'category') => schema?.fields[field].required === true;
  const title = text('title', input.title, { required: true, max: LIMITS.title }) as string;
  const description = text('description', input.description, { max: LIMITS.description, required: required('description') });
  if (required('category') && blank(input.category)) throw invalid('category', 'required');
  return {
    title,
    description,
    priority: blank(input.priority) ? defaultPriority(v) : oneOf('priority', input.priority, v.priorities),
    category: blank(input.category) ? undefined : oneOf('category', input.category, v.categories),
    extra: extraValues(schema, input.extra, true),
  };
}

/** Checks the fields of a ticket edit; only fields present are checked and returned. */
export function ticketEdit(v: Vocabulary, changes: TicketInput, schema?: TicketSchema) {
  return {
    title: changes.title === undefined ? undefined : text('title', changes.title, { required: true, max: LIMITS.title }),
    description: text('description', changes.description, { max: LIMITS.description }),
    priority: changes.priority === undefined ? undefined : oneOf('priority', changes.priority, v.priorities),
    category: changes.category === undefined ? undefined : oneOf('category', changes.category, v.categories),
    extra: extraValues(schema, changes.extra, false),
  };
}

/** Extra column values in their columns' types; without a schema there are no extra columns to fill. */
function extraValues(schema: TicketSchema | undefined, extra: Record<string, unknown> | undefined, creating: boolean) {
  const given = Object.entries(extra ?? {}).filter(([, x]) => x !== undefined);
  if (!schema) {
    if (given.length) throw errorOf('invalid', say('notAColumn', { field: given[0][0] }), { field: given[0][0] });
    return {};
  }
  return checkExtra(schema, extra, creating);
}

// Addresses are compared in one place (src/core/vocabulary.ts).
export { sameAddress } from '../core/vocabulary';

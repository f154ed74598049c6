/** Input checks with messages a person can act on: each names the field and what is allowed. */
import { sameText } from '../core/vocabulary';
import { HelpdeskError, LIMITS, type Vocabulary } from './types';

/** Label used in messages for each checked field. */
const LABEL: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  priority: 'Priority',
  category: 'Category',
  status: 'Status',
  comment: 'Comment',
  note: 'Resolution note',
  reason: 'Reason',
  limit: 'Limit',
  tag: 'Asset tag or serial number',
  assetTag: 'Asset tag',
  type: 'Asset type',
  assignedTo: 'Holder',
  serialNumber: 'Serial number',
  manufacturer: 'Manufacturer',
  model: 'Model',
};

function invalid(field: string, message: string): HelpdeskError {
  return new HelpdeskError('invalid', message, { field });
}

/** Trims text and enforces required/length; returns the trimmed value. */
export function text(field: string, value: unknown, opts: { required?: boolean; max: number }): string | undefined {
  const label = LABEL[field] ?? field;
  if (value === undefined || value === null) {
    if (opts.required) throw invalid(field, `${label} is required.`);
    return undefined;
  }
  if (typeof value !== 'string') throw invalid(field, `${label} must be text.`);
  const trimmed = value.trim();
  if (opts.required && trimmed === '') throw invalid(field, `${label} is required.`);
  if (trimmed.length > opts.max) {
    throw invalid(field, `${label} is too long: ${trimmed.length} characters, the limit is ${opts.max}.`);
  }
  return trimmed;
}

/** The allowed value matching `value` case-insensitively, in its configured spelling. */
export function oneOf(field: string, value: unknown, allowed: readonly string[]): string {
  const label = LABEL[field] ?? field;
  const hit = typeof value === 'string' ? allowed.find((a) => sameText(a, value)) : undefined;
  if (hit === undefined) {
    const shown = typeof value === 'string' ? `"${value}"` : 'That value';
    throw invalid(field, `${label} ${shown} is not allowed; choose one of: ${allowed.join(', ')}.`);
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
    throw invalid('limit', `Limit must be a whole number from 1 to 5000 (got ${value}).`);
  }
  return value;
}

/** Checks and normalises a new ticket's fields. */
export function newTicket(v: Vocabulary, input: { title?: unknown; description?: unknown; priority?: unknown; category?: unknown }) {
  return {
    title: text('title', input.title, { required: true, max: LIMITS.title }) as string,
    description: text('description', input.description, { max: LIMITS.description }),
    priority: input.priority === undefined || input.priority === '' ? defaultPriority(v) : oneOf('priority', input.priority, v.priorities),
    category: input.category === undefined || input.category === '' ? undefined : oneOf('category', input.category, v.categories),
  };
}

/** Checks the fields of a ticket edit; only fields present are checked and returned. */
export function ticketEdit(v: Vocabulary, changes: { title?: unknown; description?: unknown; priority?: unknown; category?: unknown }) {
  return {
    title: changes.title === undefined ? undefined : text('title', changes.title, { required: true, max: LIMITS.title }),
    description: text('description', changes.description, { max: LIMITS.description }),
    priority: changes.priority === undefined ? undefined : oneOf('priority', changes.priority, v.priorities),
    category: changes.category === undefined ? undefined : oneOf('category', changes.category, v.categories),
  };
}

// Addresses are compared in one place (src/core/vocabulary.ts).
export { sameAddress } from '../core/vocabulary';

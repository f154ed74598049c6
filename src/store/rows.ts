/** Values both engines store the same way: filters in two columns, addresses as keys, ticket times in epoch seconds. */
import { addressKey } from '../core/vocabulary';
import type { SubscriptionFilter } from './types';

/** The filter's value column ('' for filters without one). */
export const filterValue = (f: SubscriptionFilter): string => ('value' in f ? f.value : '');

/** Rebuilds a filter from its two columns. */
export function toFilter(kind: string, value: string): SubscriptionFilter {
  switch (kind) {
    case 'all':
    case 'high':
      return { kind };
    case 'space':
    case 'category':
    case 'status':
    case 'sla':
      return { kind, value };
    default:
      // A kind a newer build wrote: kept as it is, so it is listed (and can be removed) rather than lost.
      return { kind, value } as unknown as SubscriptionFilter;
  }
}

/** Emails are keys: trimmed and lower-cased everywhere (src/core/vocabulary.ts). */
export const email = addressKey;

/** ISO 8601 -> epoch seconds (ticket states are kept narrow). */
export const epoch = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** Epoch seconds -> ISO 8601 UTC without milliseconds, as Graph writes them. */
export const iso = (secs: number): string => new Date(secs * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A started send's claim when the caller names none: well beyond any send's own time limit. */
export const DEFAULT_CLAIM_MS = 120_000;

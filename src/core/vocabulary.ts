/**
 * The help desk's value sets and what each value means. Statuses and priorities are configured
 * (HELPDESK_STATUSES and friends); this module is the one place that says which statuses are
 * new, being worked on, resolved or done, which priorities are high, and how typed values and
 * addresses are compared. Views, change detection, cards and the ticket service all ask here.
 */

/** Value sets the spec does not show, from configuration (defaults in src/config.ts). */
export interface Vocabulary {
  priorities: readonly string[];
  categories: readonly string[];
  statuses: readonly string[];
  openStatuses: readonly string[];
  highPriorities: readonly string[];
}

/** The spec's own status words; the vocabulary may spell them differently. */
export const SPEC_STATUS = { new: 'New', assigned: 'Assigned', working: 'In Progress', resolved: 'Resolved' } as const;

/** What a status means: filed and untouched, someone on it, finished, or anything else (e.g. Waiting). */
export type StatusRole = 'new' | 'working' | 'done' | 'other';

/** Finished statuses: agents get "Reopen" instead of "Resolve" on them. */
const DONE = ['resolved', 'closed', 'cancelled', 'canceled', 'done'];
/** Finished statuses that tell the requester their ticket was resolved. */
const RESOLVED = ['resolved', 'closed'];
const WORKING = ['assigned', 'in progress'];

const norm = (s: string) => s.trim().toLowerCase();

/** Same text, ignoring case and surrounding spaces. */
export function sameText(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && norm(a) === norm(b);
}

/** An address as a key for maps, stores and indexes: the form sameAddress compares. */
export function addressKey(address: string): string {
  return norm(address);
}

/** Same email address, ignoring case and surrounding spaces; an empty address matches nothing. */
export function sameAddress(a: string | undefined, b: string | undefined): boolean {
  return !!a && !!b && addressKey(a) === addressKey(b);
}

/** Case- and space-insensitive match of typed text against a value set; returns the canonical value. */
export function matchValue(values: readonly string[], typed: string): string | undefined {
  const loose = (s: string) => s.trim().replace(/[\s_-]+/g, ' ').toLowerCase();
  const want = loose(typed);
  return values.find((v) => loose(v) === want);
}

/** The role of a status. */
export function statusRole(status: string): StatusRole {
  const s = norm(status);
  if (DONE.includes(s)) return 'done';
  if (s === 'new') return 'new';
  if (WORKING.includes(s)) return 'working';
  return 'other';
}

/** True when the ticket is finished (Resolved/Closed/…). */
export function isDone(status: string): boolean {
  return statusRole(status) === 'done';
}

/** True when moving to this status means the ticket was resolved (the requester is told so). */
export function isResolved(status: string, resolvedStatuses: readonly string[] = RESOLVED): boolean {
  return resolvedStatuses.some((s) => sameText(s, status));
}

/** The configured statuses that count as resolved, for change detection. */
export function resolvedStatuses(vocabulary: Pick<Vocabulary, 'statuses'>): string[] {
  return vocabulary.statuses.filter((s) => RESOLVED.includes(norm(s)));
}

/** The configured spelling of a spec status word, or the spec's own word if the vocabulary lacks it. */
export function statusNamed(vocabulary: Pick<Vocabulary, 'statuses'>, word: string): string {
  return vocabulary.statuses.find((s) => sameText(s, word)) ?? word;
}

/** The status meaning "being worked on", if the vocabulary has one. */
export function workingStatus(vocabulary: Vocabulary): string | undefined {
  return matchValue(vocabulary.statuses, SPEC_STATUS.working);
}

/** The status `resolve` sets and `mine` lists as recently finished. */
export function resolvedStatus(vocabulary: Vocabulary): string {
  return matchValue(vocabulary.statuses, SPEC_STATUS.resolved) ?? SPEC_STATUS.resolved;
}

/** The status a resolved ticket goes back to: "In Progress" when someone holds it, else "New". */
export function reopenStatus(vocabulary: Vocabulary, assigned: boolean): string {
  const wanted = assigned ? SPEC_STATUS.working : SPEC_STATUS.new;
  return matchValue(vocabulary.statuses, wanted) ?? vocabulary.openStatuses[0] ?? wanted;
}

/** True for a high priority (High, Urgent by default). */
export function isHighPriority(vocabulary: Vocabulary, priority: string): boolean {
  return vocabulary.highPriorities.some((p) => sameText(p, priority));
}

/**
 * Why a vocabulary's roles do not fit together, or undefined when they do: open statuses and
 * high priorities must be configured values, and an open status cannot also be a finished one.
 * Returns the variable to name and the problem.
 */
export function vocabularyProblem(v: Vocabulary): { variable: string; message: string } | undefined {
  for (const s of v.openStatuses) {
    if (!v.statuses.includes(s)) return { variable: 'HELPDESK_OPEN_STATUSES', message: `"${s}" is not one of HELPDESK_STATUSES` };
    if (isDone(s)) return { variable: 'HELPDESK_OPEN_STATUSES', message: `"${s}" means the ticket is finished, so it cannot be open` };
  }
  for (const p of v.highPriorities) {
    if (!v.priorities.includes(p)) return { variable: 'HELPDESK_HIGH_PRIORITIES', message: `"${p}" is not one of HELPDESK_PRIORITIES` };
  }
  return undefined;
}

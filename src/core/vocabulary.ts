/**
 * The help desk's value sets and what each value means. Statuses and priorities are configured
 * (HELPDESK_STATUSES and friends), and so is what each status means (HELPDESK_STATUS_NEW,
 * _WORKING, _WAITING, _DONE); this module is the one place that answers with them which role a
 * status has, which priorities are high, and how typed values and
 * addresses are compared. Views, change detection, cards and the ticket service all ask here.
 */

/** What a status means: filed and untouched, someone on it, waiting on someone else (SLA clocks pause), finished. */
export const STATUS_ROLES = ['new', 'working', 'waiting', 'done'] as const;
export type StatusRole = (typeof STATUS_ROLES)[number];

/** The statuses each role names, as configured (HELPDESK_STATUS_NEW, …); a status has at most one role. */
export type StatusRoles = Readonly<Record<StatusRole, readonly string[]>>;

/** The roles of the default statuses (src/settings/groups.ts DEFAULT_STATUSES). */
export const DEFAULT_STATUS_ROLES: StatusRoles = {
  new: ['New'],
  working: ['Assigned', 'In Progress'],
  waiting: ['Waiting'],
  done: ['Resolved', 'Closed'],
};

/** Value sets the spec does not show, from configuration (defaults in src/config.ts). */
export interface Vocabulary {
  priorities: readonly string[];
  categories: readonly string[];
  statuses: readonly string[];
  openStatuses: readonly string[];
  highPriorities: readonly string[];
  /** Which status means what; absent = DEFAULT_STATUS_ROLES. Names the statuses lack are ignored. */
  statusRoles?: StatusRoles;
  /** What the site's ticket columns add, once read: the fields it requires and its extra columns. Absent: the settings alone. */
  site?: SiteFields;
}

/** A ticket column the site has beyond those the bot knows: a field of the ticket forms and a line on an agent's card. */
export interface SiteColumn {
  /** The list column's internal name. */
  name: string;
  /** The site's display name. */
  label: string;
  /** `note` is multi-line text. */
  type: 'text' | 'note' | 'choice' | 'number' | 'boolean' | 'dateTime';
  required: boolean;
  /** A choice column's values, in the site's order. */
  choices?: readonly string[];
}

/** What the site's columns say beyond the value sets. */
export interface SiteFields {
  /** The known fields (description, priority, category) the site requires besides the title. */
  required: readonly ('description' | 'priority' | 'category')[];
  extra: readonly SiteColumn[];
}

/** What role lookups read: the current statuses and the configured roles. */
export type RoleVocabulary = Pick<Vocabulary, 'statuses' | 'statusRoles'>;

/** The default desk's statuses and roles, for views built where no settings reach (the default statuses, in order). */
export const DEFAULT_ROLE_VOCABULARY: RoleVocabulary = { statuses: STATUS_ROLES.flatMap((r) => DEFAULT_STATUS_ROLES[r]), statusRoles: DEFAULT_STATUS_ROLES };

/** The spec's own status words; the bot prefers them, within a role, for the status it writes. */
export const SPEC_STATUS = { new: 'New', assigned: 'Assigned', working: 'In Progress', resolved: 'Resolved' } as const;

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

/**
 * The role of a status, read from the configured roles against the current status list (which
 * may change at run time): undefined for a status the list lacks or no role names.
 */
export function roleOf(vocabulary: RoleVocabulary, status: string): StatusRole | undefined {
  const current = vocabulary.statuses.find((s) => sameText(s, status));
  if (current === undefined) return undefined;
  const roles = vocabulary.statusRoles ?? DEFAULT_STATUS_ROLES;
  return STATUS_ROLES.find((role) => roles[role].some((named) => sameText(named, current)));
}

/** The current statuses that have `role`, in the status list's order and spelling. */
export function statusesWithRole(vocabulary: RoleVocabulary, role: StatusRole): string[] {
  return vocabulary.statuses.filter((s) => roleOf(vocabulary, s) === role);
}

/** The status the bot writes to put a ticket in `role`: the spec's word when it has that role, else the role's first status. */
export function statusFor(vocabulary: RoleVocabulary, role: StatusRole, specWord?: string): string | undefined {
  const candidates = statusesWithRole(vocabulary, role);
  return candidates.find((s) => specWord !== undefined && sameText(s, specWord)) ?? candidates[0];
}

/** True when the ticket is finished (a `done` status): agents get "Reopen" instead of "Resolve". */
export function isDone(vocabulary: RoleVocabulary, status: string): boolean {
  return roleOf(vocabulary, status) === 'done';
}

/** True when moving to this status means the ticket was resolved (the requester is told so). */
export function isResolved(status: string, resolvedStatuses: readonly string[] = DEFAULT_STATUS_ROLES.done): boolean {
  return resolvedStatuses.some((s) => sameText(s, status));
}

/** The configured statuses that count as resolved, for change detection: the `done` ones. */
export function resolvedStatuses(vocabulary: RoleVocabulary): string[] {
  return statusesWithRole(vocabulary, 'done');
}

/** The status meaning "being worked on" (the Start button), if the vocabulary has one. */
export function workingStatus(vocabulary: RoleVocabulary): string | undefined {
  return statusFor(vocabulary, 'working', SPEC_STATUS.working);
}

/** The status `resolve` sets and `mine` lists as recently finished. */
export function resolvedStatus(vocabulary: RoleVocabulary): string {
  return statusFor(vocabulary, 'done', SPEC_STATUS.resolved) ?? SPEC_STATUS.resolved;
}

/** The status a new ticket gets. */
export function newStatus(vocabulary: RoleVocabulary): string {
  return statusFor(vocabulary, 'new', SPEC_STATUS.new) ?? SPEC_STATUS.new;
}

/** The status a claimed or assigned ticket gets. */
export function assignedStatus(vocabulary: RoleVocabulary): string {
  return statusFor(vocabulary, 'working', SPEC_STATUS.assigned) ?? SPEC_STATUS.assigned;
}

/** The status a resolved ticket goes back to: a working one when someone holds it, else a new one. */
export function reopenStatus(vocabulary: Vocabulary, assigned: boolean): string {
  const wanted = assigned ? statusFor(vocabulary, 'working', SPEC_STATUS.working) : statusFor(vocabulary, 'new', SPEC_STATUS.new);
  return wanted ?? vocabulary.openStatuses[0] ?? (assigned ? SPEC_STATUS.working : SPEC_STATUS.new);
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
    if (isDone(v, s)) return { variable: 'HELPDESK_OPEN_STATUSES', message: `"${s}" means the ticket is finished, so it cannot be open` };
  }
  for (const p of v.highPriorities) {
    if (!v.priorities.includes(p)) return { variable: 'HELPDESK_HIGH_PRIORITIES', message: `"${p}" is not one of HELPDESK_PRIORITIES` };
  }
  return undefined;
}

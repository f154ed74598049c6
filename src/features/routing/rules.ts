/**
 * The routing rules file named by HELPDESK_ROUTING_FILE: parsed and checked as a whole, so an admin
 * sees every mistake at once, each named by file, JSON path and what is wrong (as the SLA policy is).
 */
import { readSettingsFile } from '../../settings/watched-file';
import { addressKey } from '../../core/vocabulary';

/** How a group picks its assignee. */
export const METHODS = ['round-robin', 'least-busy', 'manual'] as const;
export type Method = (typeof METHODS)[number];

/** Which sources may say an agent of the group is away (their own `away` always counts). */
export interface AvailabilityRules {
  /** Graph presence (Presence.Read.All): Away, BeRightBack and (with `offlineIsAway`) Offline mean away. */
  teamsPresence: boolean;
  /** Whether Teams' `Offline` counts as away: many agents never open the desktop app. */
  offlineIsAway: boolean;
  /** Graph presence's outOfOfficeSettings.isOutOfOffice (same request as the presence). */
  outOfOffice: boolean;
  /** mailboxSettings' automaticRepliesSetting (MailboxSettings.Read): an automatic reply in force means away. */
  mailboxAutoReplies: boolean;
  /** Slack users.getPresence `away`. */
  slackPresence: boolean;
  /** Slack Do Not Disturb (dnd.teamInfo) in force. */
  slackDnd: boolean;
  /** Slack status texts or emoji that mean away (compared without case; an emoji as ":palm_tree:" or 🌴). */
  slackAwayStatuses: readonly string[];
  /** Outside the SLA policy's business hours and holidays new tickets wait. */
  businessHours: boolean;
}

/** A group: its agents, what it takes, how it picks, where it sends what it cannot place. */
export interface Group {
  name: string;
  /** Agents' addresses as keys (addressKey), in the file's order (round robin's order). */
  agents: readonly string[];
  /** What it takes; a list left out matches anything. `undefined`: the group takes nothing by matching (a default or a fallback). */
  match?: { categories?: readonly string[]; spaces?: readonly string[]; priorities?: readonly string[] };
  method: Method;
  /** Another group's name, 'unassigned' (leave it and say so), or 'wait' (the queue; the default). */
  fallback: { group: string } | 'unassigned' | 'wait';
  availability: AvailabilityRules;
  /** Minutes before an unanswered routed ticket moves on (default: half the SLA first-response target), and how many moves. */
  escalation: { minutes?: number; hops: number };
}

/** Checked rules, ready for decisions. */
export interface RoutingRules {
  file: string;
  groups: readonly Group[];
  /** The group that catches what no group matches; undefined: such a ticket is left unassigned. */
  defaultGroup?: string;
  /** Open tickets an agent may hold: a default (undefined: no cap) and overrides by address key. */
  caps: { default?: number; agents: ReadonlyMap<string, number> };
}

/** Rules, or every error found in the file. */
export type RulesResult = { ok: true; rules: RoutingRules } | { ok: false; errors: string[] };

const TOP_KEYS = ['groups', 'default', 'caps'];
const GROUP_KEYS = ['name', 'agents', 'match', 'method', 'fallback', 'availability', 'escalation'];
const MATCH_KEYS = ['categories', 'spaces', 'priorities'] as const;
const AVAILABILITY_DEFAULTS: AvailabilityRules = {
  teamsPresence: false, offlineIsAway: false, outOfOffice: false, mailboxAutoReplies: false, slackPresence: false, slackDnd: false, slackAwayStatuses: [], businessHours: false,
};
const FLAGS = ['teamsPresence', 'offlineIsAway', 'outOfOffice', 'mailboxAutoReplies', 'slackPresence', 'slackDnd', 'businessHours'] as const;
const ADDRESS = /^[^\s@]+@[^\s@]+$/;

type Json = unknown;
type Fail = (path: string, what: string) => void;
const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
const unknownKeys = (raw: Record<string, Json>, known: readonly string[], path: string, fail: Fail) => {
  for (const key of Object.keys(raw)) if (!known.includes(key)) fail(path ? `${path}.${key}` : key, `unknown key (known: ${known.join(', ')})`);
};

function wholeNumber(raw: Json, path: string, fail: Fail, min: number): number | undefined {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= min) return raw;
  fail(path, `must be a whole number of at least ${min}, got ${JSON.stringify(raw)}`);
  return undefined;
}

function textList(raw: Json, path: string, fail: Fail): string[] | undefined {
  if (!Array.isArray(raw) || raw.some((v) => typeof v !== 'string' || v.trim() === '')) {
    fail(path, `must be a list of non-empty texts, got ${JSON.stringify(raw)}`);
    return undefined;
  }
  return raw.map((v: string) => v.trim());
}

function parseAvailability(raw: Json, path: string, fail: Fail): AvailabilityRules {
  if (raw === undefined) return AVAILABILITY_DEFAULTS;
  if (!isObject(raw)) {
    fail(path, 'must be an object of sources (teamsPresence, offlineIsAway, outOfOffice, mailboxAutoReplies, slackPresence, slackDnd, slackAwayStatuses, businessHours)');
    return AVAILABILITY_DEFAULTS;
  }
  unknownKeys(raw, [...FLAGS, 'slackAwayStatuses'], path, fail);
  const out: AvailabilityRules = { ...AVAILABILITY_DEFAULTS };
  for (const flag of FLAGS) {
    if (raw[flag] === undefined) continue;
    if (typeof raw[flag] === 'boolean') out[flag] = raw[flag] as boolean;
    else fail(`${path}.${flag}`, `must be true or false, got ${JSON.stringify(raw[flag])}`);
  }
  if (raw.slackAwayStatuses !== undefined) out.slackAwayStatuses = textList(raw.slackAwayStatuses, `${path}.slackAwayStatuses`, fail) ?? [];
  return out;
}

function parseGroup(raw: Json, path: string, fail: Fail): Group | undefined {
  if (!isObject(raw)) {
    fail(path, 'must be an object { name, agents, match?, method, fallback?, availability?, escalation? }');
    return undefined;
  }
  unknownKeys(raw, GROUP_KEYS, path, fail);
  const name = typeof raw.name === 'string' && raw.name.trim() ? raw.name.trim() : undefined;
  if (!name) fail(`${path}.name`, `must be a non-empty text, got ${JSON.stringify(raw.name)}`);
  const agents = textList(raw.agents, `${path}.agents`, fail) ?? [];
  agents.forEach((a, i) => {
    if (!ADDRESS.test(a)) fail(`${path}.agents[${i}]`, `must be an email address, got ${JSON.stringify(a)}`);
  });
  const keys = agents.map(addressKey);
  keys.forEach((k, i) => {
    if (keys.indexOf(k) !== i) fail(`${path}.agents[${i}]`, `${agents[i]} is listed twice`);
  });
  let match: Group['match'];
  if (raw.match !== undefined) {
    if (!isObject(raw.match)) fail(`${path}.match`, 'must be an object { categories?, spaces?, priorities? }');
    else {
      unknownKeys(raw.match, MATCH_KEYS, `${path}.match`, fail);
      const m: Record<string, string[]> = {};
      for (const key of MATCH_KEYS) {
        if (raw.match[key] === undefined) continue;
        const list = textList(raw.match[key], `${path}.match.${key}`, fail);
        if (list) m[key] = list;
      }
      match = m;
    }
  }
  const method = raw.method;
  if (!(METHODS as readonly Json[]).includes(method)) fail(`${path}.method`, `must be one of ${METHODS.join(', ')}, got ${JSON.stringify(method)}`);
  let fallback: Group['fallback'] = 'wait';
  if (raw.fallback !== undefined) {
    if (raw.fallback === 'unassigned' || raw.fallback === 'wait') fallback = raw.fallback;
    else if (isObject(raw.fallback) && typeof raw.fallback.group === 'string' && Object.keys(raw.fallback).length === 1) fallback = { group: raw.fallback.group };
    else fail(`${path}.fallback`, `must be "wait", "unassigned" or { "group": "<name>" }, got ${JSON.stringify(raw.fallback)}`);
  }
  const availability = parseAvailability(raw.availability, `${path}.availability`, fail);
  const escalation: Group['escalation'] = { hops: 1 };
  if (raw.escalation !== undefined) {
    if (!isObject(raw.escalation)) fail(`${path}.escalation`, 'must be an object { minutes?, hops? }');
    else {
      unknownKeys(raw.escalation, ['minutes', 'hops'], `${path}.escalation`, fail);
      if (raw.escalation.minutes !== undefined) escalation.minutes = wholeNumber(raw.escalation.minutes, `${path}.escalation.minutes`, fail, 1);
      if (raw.escalation.hops !== undefined) escalation.hops = wholeNumber(raw.escalation.hops, `${path}.escalation.hops`, fail, 0) ?? 1;
    }
  }
  if (!name || method === undefined) return undefined;
  if (method !== 'manual' && agents.length === 0) fail(`${path}.agents`, `a ${String(method)} group needs at least one agent`);
  return { name, agents: keys, ...(match ? { match } : {}), method: method as Method, fallback, availability, escalation };
}

function parseCaps(raw: Json, fail: Fail): RoutingRules['caps'] {
  const agents = new Map<string, number>();
  if (raw === undefined) return { agents };
  if (!isObject(raw)) {
    fail('caps', 'must be an object { default?, agents? }');
    return { agents };
  }
  unknownKeys(raw, ['default', 'agents'], 'caps', fail);
  const byDefault = raw.default === undefined ? undefined : wholeNumber(raw.default, 'caps.default', fail, 0);
  if (raw.agents !== undefined) {
    if (!isObject(raw.agents)) fail('caps.agents', 'must be an object of addresses to whole numbers');
    else {
      for (const [address, cap] of Object.entries(raw.agents)) {
        if (!ADDRESS.test(address)) fail(`caps.agents.${address}`, 'must be an email address');
        const n = wholeNumber(cap, `caps.agents.${address}`, fail, 0);
        if (n !== undefined) agents.set(addressKey(address), n);
      }
    }
  }
  return byDefault === undefined ? { agents } : { default: byDefault, agents };
}

/** Checks the rules' JSON text; `file` only names it in messages. */
export function parseRules(text: string, file: string): RulesResult {
  const errors: string[] = [];
  const fail: Fail = (path, what) => errors.push(`${file}: ${path}: ${what}`);
  let raw: Json;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    // JSON.parse's message says where the text stops being JSON.
    return { ok: false, errors: [`${file}: not valid JSON: ${(e as Error).message}`] };
  }
  if (!isObject(raw)) return { ok: false, errors: [`${file}: (root): must be an object { groups, default?, caps? }`] };
  unknownKeys(raw, TOP_KEYS, '', fail);
  const groups: Group[] = [];
  if (!Array.isArray(raw.groups) || raw.groups.length === 0) fail('groups', 'must be a non-empty list of groups');
  else raw.groups.forEach((g: Json, i) => {
    const group = parseGroup(g, `groups[${i}]`, fail);
    if (!group) return;
    if (groups.some((other) => other.name.toLowerCase() === group.name.toLowerCase())) fail(`groups[${i}].name`, `"${group.name}" names two groups`);
    groups.push(group);
  });
  const named = (name: string) => groups.find((g) => g.name.toLowerCase() === name.toLowerCase());
  groups.forEach((g, i) => {
    if (typeof g.fallback === 'object' && !named(g.fallback.group)) fail(`groups[${i}].fallback.group`, `no group is named "${g.fallback.group}"`);
    if (typeof g.fallback === 'object' && named(g.fallback.group) === g) fail(`groups[${i}].fallback.group`, 'a group cannot fall back on itself');
  });
  let defaultGroup: string | undefined;
  if (raw.default !== undefined) {
    if (typeof raw.default !== 'string' || !named(raw.default)) fail('default', `must name one of the groups (${groups.map((g) => g.name).join(', ')}), got ${JSON.stringify(raw.default)}`);
    else defaultGroup = named(raw.default)!.name;
  }
  const caps = parseCaps(raw.caps, fail);
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, rules: { file, groups, ...(defaultGroup ? { defaultGroup } : {}), caps } };
}

/** Reads and checks the rules file at `path` (the value of HELPDESK_ROUTING_FILE). */
export async function loadRules(path: string): Promise<RulesResult> {
  const read = await readSettingsFile(path);
  return read.ok ? parseRules(read.text, path) : read;
}

/** The cap of one agent (undefined: none). */
export const capOf = (rules: RoutingRules, agent: string): number | undefined => rules.caps.agents.get(agent) ?? rules.caps.default;

/** The group a name names, whatever its case. */
export const groupNamed = (rules: RoutingRules, name: string): Group | undefined => rules.groups.find((g) => g.name.toLowerCase() === name.toLowerCase());

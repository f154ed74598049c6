/**
 * Configuration: read and validated once at start. A missing or malformed value stops start-up
 * with a message naming the variable (ConfigError). Every setting is documented in .env.example.
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { ticketUrlPatternProblem } from './core/search';
import { vocabularyProblem } from './core/vocabulary';
import { isKnownLocale, LOCALES, normalizeLocale } from './i18n';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './log';

/** Where the help-desk data lives: a real tenant, or the embedded site started in-process. */
export type HelpdeskTarget =
  | {
      kind: 'tenant';
      tenantId: string;
      clientId: string;
      /** Either an inline secret or a file that is re-read when the identity provider rejects it. */
      secret: { kind: 'inline'; value: string } | { kind: 'file'; path: string };
      siteId: string;
    }
  | { kind: 'embedded' };

export interface HelpdeskSettings {
  target: HelpdeskTarget;
  graphUrl: string;
  authUrl: string;
  /** Agent list field that holds the agent's address (the spec does not show it). */
  agentEmailField: string;
  /** Space (product 1.5+) this deployment is bound to; undefined = no space filter. */
  spaceId?: string;
  /** The portal's ticket URL with `{id}`; links matching it (and SharePoint item links) are unfurled. */
  ticketUrlPattern?: string;
  priorities: readonly string[];
  categories: readonly string[];
  statuses: readonly string[];
  openStatuses: readonly string[];
  highPriorities: readonly string[];
}

export interface TeamsSettings {
  /** Undefined = local use: the server binds to loopback and accepts unauthenticated requests. */
  appId?: string;
  appPassword?: string;
  appTenantId?: string;
  appType: 'MultiTenant' | 'SingleTenant' | 'UserAssignedMSI';
}

export interface SlackSettings {
  botToken: string;
  signingSecret: string;
  appToken?: string;
  apiUrl?: string;
}

/** How the process logs: LOG_LEVEL and LOG_FORMAT. */
export interface LogSettings {
  level: LogLevel;
  format: LogFormat;
}

export interface Config {
  port: number;
  /** Interface the HTTP server listens on (HOST, default 127.0.0.1). */
  host: string;
  /** NODE_ENV=production: the embedded demo site is refused and the doctor is strict. */
  production: boolean;
  log: LogSettings;
  dataDir: string;
  helpdesk: HelpdeskSettings;
  teams: TeamsSettings;
  /** Undefined when Slack settings are absent: the Slack channel is off. */
  slack?: SlackSettings;
  pollSeconds: number;
  /** On first start, also announce tickets changed this many minutes before now (0 = none). */
  backfillMinutes: number;
  /** DATABASE_URL: the shared PostgreSQL store for several replicas; undefined = SQLite under dataDir. */
  databaseUrl?: string;
  /** HELPDESK_LOCALE: the language of channel cards whose channel has no `language` set (default en). */
  locale: string;
}

/** Thrown for a missing or malformed setting; the message names the variable. */
export class ConfigError extends Error {
  constructor(readonly variable: string, problem: string) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SITE_ID = /^[^,\s]+,[0-9a-f-]{36},[0-9a-f-]{36}$/i;

/** Default value sets for what the spec calls "not shown"; override with the HELPDESK_* lists. */
export const DEFAULT_PRIORITIES = ['Low', 'Normal', 'High', 'Urgent'] as const;
export const DEFAULT_CATEGORIES = ['Hardware', 'Software', 'Access', 'Network', 'Facilities', 'Other'] as const;
export const DEFAULT_STATUSES = ['New', 'Assigned', 'In Progress', 'Waiting', 'Resolved', 'Closed'] as const;
export const DEFAULT_OPEN_STATUSES = ['New', 'Assigned', 'In Progress'] as const;
export const DEFAULT_HIGH_PRIORITIES = ['High', 'Urgent'] as const;

function value(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

function required(env: Env, name: string, why: string): string {
  const v = value(env, name);
  if (v === undefined) throw new ConfigError(name, `is required ${why}`);
  return v;
}

function httpsUrl(env: Env, name: string, fallback: string): string {
  const raw = value(env, name) ?? fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `"${raw}" is not a URL (expected e.g. ${fallback})`);
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new ConfigError(name, `must be an https URL (got "${raw}")`);
  }
  return raw.replace(/\/+$/, '');
}

function ticketUrlPattern(env: Env): string | undefined {
  const raw = value(env, 'HELPDESK_TICKET_URL_PATTERN');
  const problem = raw === undefined ? undefined : ticketUrlPatternProblem(raw);
  if (problem) throw new ConfigError('HELPDESK_TICKET_URL_PATTERN', problem);
  return raw;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

/** One of a fixed set of values; the message names the variable and every accepted value. */
export function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')} (got "${raw}")`);
  }
  return raw as T;
}

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

function host(env: Env): string {
  const raw = value(env, 'HOST') ?? '127.0.0.1';
  if (!isIP(raw) && !HOST_NAME.test(raw)) {
    throw new ConfigError('HOST', `must be an IP address or host name to listen on, e.g. 127.0.0.1 or 0.0.0.0 (got "${raw}")`);
  }
  return raw;
}

/** True when NODE_ENV is production. */
export function isProduction(env: Env): boolean {
  return value(env, 'NODE_ENV') === 'production';
}

function list(env: Env, name: string, fallback: readonly string[]): readonly string[] {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const items = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) throw new ConfigError(name, 'must list at least one value, comma-separated');
  return items;
}

function guid(env: Env, name: string): string {
  const v = required(env, name, 'when HELPDESK_SITE_ID is set');
  if (!GUID.test(v)) throw new ConfigError(name, `must be a GUID (got "${v}")`);
  return v;
}

function readTarget(env: Env): HelpdeskTarget {
  const siteId = value(env, 'HELPDESK_SITE_ID');
  if (siteId === undefined) return { kind: 'embedded' };
  if (!SITE_ID.test(siteId)) {
    throw new ConfigError('HELPDESK_SITE_ID', `must look like "<host>,<guid>,<guid>" (got "${siteId}")`);
  }
  const tenantId = guid(env, 'HELPDESK_TENANT_ID');
  const clientId = guid(env, 'HELPDESK_CLIENT_ID');
  const inline = value(env, 'HELPDESK_CLIENT_SECRET');
  const file = value(env, 'HELPDESK_CLIENT_SECRET_FILE');
  if (inline && file) {
    throw new ConfigError('HELPDESK_CLIENT_SECRET', 'set either HELPDESK_CLIENT_SECRET or HELPDESK_CLIENT_SECRET_FILE, not both');
  }
  if (file) {
    try {
      readFileSync(file, 'utf8');
    } catch (err) {
      throw new ConfigError('HELPDESK_CLIENT_SECRET_FILE', `cannot read "${file}" (${(err as NodeJS.ErrnoException).code})`);
    }
    return { kind: 'tenant', tenantId, clientId, siteId, secret: { kind: 'file', path: file } };
  }
  if (!inline) {
    throw new ConfigError('HELPDESK_CLIENT_SECRET', 'or HELPDESK_CLIENT_SECRET_FILE is required when HELPDESK_SITE_ID is set');
  }
  return { kind: 'tenant', tenantId, clientId, siteId, secret: { kind: 'inline', value: inline } };
}

function readSlack(env: Env): SlackSettings | undefined {
  const botToken = value(env, 'SLACK_BOT_TOKEN');
  const signingSecret = value(env, 'SLACK_SIGNING_SECRET');
  const appToken = value(env, 'SLACK_APP_TOKEN');
  if (!botToken && !signingSecret && !appToken) return undefined;
  if (!botToken) throw new ConfigError('SLACK_BOT_TOKEN', 'is required when any SLACK_* setting is present');
  if (!botToken.startsWith('xoxb-')) throw new ConfigError('SLACK_BOT_TOKEN', 'must be a bot token starting with "xoxb-"');
  if (!signingSecret) throw new ConfigError('SLACK_SIGNING_SECRET', 'is required when SLACK_BOT_TOKEN is set');
  if (appToken && !appToken.startsWith('xapp-')) throw new ConfigError('SLACK_APP_TOKEN', 'must be an app-level token starting with "xapp-"');
  const apiUrl = value(env, 'SLACK_API_URL');
  if (apiUrl !== undefined) httpsUrl(env, 'SLACK_API_URL', apiUrl);
  return { botToken, signingSecret, appToken, apiUrl: apiUrl && (apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`) };
}

const APP_TYPES = ['MultiTenant', 'SingleTenant', 'UserAssignedMSI'] as const;

function readTeams(env: Env): TeamsSettings {
  const appType = oneOf(env, 'MicrosoftAppType', APP_TYPES, 'MultiTenant');
  const appId = value(env, 'MicrosoftAppId');
  const appPassword = value(env, 'MicrosoftAppPassword');
  const appTenantId = value(env, 'MicrosoftAppTenantId');
  if (appId && appType !== 'UserAssignedMSI' && !appPassword) {
    throw new ConfigError('MicrosoftAppPassword', 'is required when MicrosoftAppId is set');
  }
  if (appId && appType === 'SingleTenant' && !appTenantId) {
    throw new ConfigError('MicrosoftAppTenantId', 'is required when MicrosoftAppType is SingleTenant');
  }
  return { appId, appPassword, appTenantId, appType };
}

function databaseUrl(env: Env): string | undefined {
  const raw = value(env, 'DATABASE_URL');
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  // The message never repeats the value: it usually carries a password.
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')) {
    throw new ConfigError('DATABASE_URL', 'must be a PostgreSQL URL like postgres://user:password@host:5432/helpdesk');
  }
  return raw;
}

/** Reads and validates the whole configuration once; throws ConfigError naming the variable. */
export function loadConfig(env: Env = process.env): Readonly<Config> {
  const log: LogSettings = {
    level: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    format: oneOf(env, 'LOG_FORMAT', LOG_FORMATS, 'json'),
  };
  const production = isProduction(env);
  const target = readTarget(env);
  if (production && target.kind === 'embedded') {
    throw new ConfigError('HELPDESK_SITE_ID', 'is required when NODE_ENV=production: without it the bot would serve the embedded demo site');
  }
  const openStatuses = list(env, 'HELPDESK_OPEN_STATUSES', DEFAULT_OPEN_STATUSES);
  const statuses = list(env, 'HELPDESK_STATUSES', DEFAULT_STATUSES);
  const priorities = list(env, 'HELPDESK_PRIORITIES', DEFAULT_PRIORITIES);
  const highPriorities = list(env, 'HELPDESK_HIGH_PRIORITIES', DEFAULT_HIGH_PRIORITIES);
  // The roles (open, finished, high) are defined once, in src/core/vocabulary.ts.
  const problem = vocabularyProblem({ statuses, openStatuses, priorities, highPriorities, categories: [] });
  if (problem) throw new ConfigError(problem.variable, problem.message);
  const config: Config = {
    port: integer(env, 'PORT', 3978, 0, 65535),
    host: host(env),
    production,
    log,
    dataDir: path.resolve(value(env, 'HELPDESK_DATA_DIR') ?? './.data'),
    helpdesk: {
      target,
      graphUrl: httpsUrl(env, 'HELPDESK_GRAPH_URL', 'https://graph.microsoft.com'),
      authUrl: httpsUrl(env, 'HELPDESK_AUTH_URL', 'https://login.microsoftonline.com'),
      agentEmailField: value(env, 'HELPDESK_AGENT_EMAIL_FIELD') ?? 'SD_Email',
      spaceId: value(env, 'HELPDESK_SPACE_ID'),
      ticketUrlPattern: ticketUrlPattern(env),
      priorities,
      categories: list(env, 'HELPDESK_CATEGORIES', DEFAULT_CATEGORIES),
      statuses,
      openStatuses,
      highPriorities,
    },
    teams: readTeams(env),
    slack: readSlack(env),
    pollSeconds: integer(env, 'HELPDESK_POLL_SECONDS', 15, 1, 3600),
    backfillMinutes: integer(env, 'HELPDESK_BACKFILL_MINUTES', 0, 0, 60 * 24 * 30),
    databaseUrl: databaseUrl(env),
    locale: helpdeskLocale(env),
  };
  return deepFreeze(config);
}

function helpdeskLocale(env: Env): string {
  const raw = value(env, 'HELPDESK_LOCALE');
  if (raw !== undefined && !isKnownLocale(raw)) throw new ConfigError('HELPDESK_LOCALE', `"${raw}" has no message catalog (one of: ${LOCALES.join(', ')})`);
  return normalizeLocale(raw);
}

function deepFreeze<T>(obj: T): T {
  if (obj && typeof obj === 'object') {
    for (const v of Object.values(obj)) deepFreeze(v);
    Object.freeze(obj);
  }
  return obj;
}

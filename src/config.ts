/**
 * Configuration: read and validated once at start. A missing or malformed value stops start-up
 * with a message naming the variable (ConfigError). Every setting is documented in .env.example.
 * The readers live in src/settings (one variable's shape in read.ts, groups in groups.ts).
 */
import path from 'node:path';
import { isKnownLocale, LOCALES, normalizeLocale } from './i18n';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './log';
import {
  readDatabaseUrl,
  readHost,
  readSlack,
  readTarget,
  readTeams,
  readTicketUrlPattern,
  readCategories,
  readRoles,
  type HelpdeskTarget,
  type SlackSettings,
  type TeamsSettings,
  type VocabularySettings,
} from './settings/groups';
import { ConfigError, httpsUrl, integer, isProduction, oneOf, value, type Env } from './settings/read';

export { ConfigError, isProduction, oneOf } from './settings/read';
export {
  DEFAULT_CATEGORIES,
  DEFAULT_HIGH_PRIORITIES,
  DEFAULT_OPEN_STATUSES,
  DEFAULT_PRIORITIES,
  DEFAULT_STATUSES,
  DEFAULT_VOCABULARY,
  type HelpdeskTarget,
  type SlackSettings,
  type TeamsSettings,
} from './settings/groups';

/** Everything the help-desk service needs: where the site is, how to reach it, its vocabulary. */
export interface HelpdeskSettings extends VocabularySettings {
  target: HelpdeskTarget;
  graphUrl: string;
  authUrl: string;
  /** Agent list field that holds the agent's address (the spec does not show it). */
  agentEmailField: string;
  /** Space (product 1.5+) this deployment is bound to; undefined = no space filter. */
  spaceId?: string;
  /** The portal's ticket URL with `{id}`; links matching it (and SharePoint item links) are unfurled. */
  ticketUrlPattern?: string;
}

/** How the process logs: LOG_LEVEL and LOG_FORMAT. */
export interface LogSettings {
  level: LogLevel;
  format: LogFormat;
}

/** The whole configuration, frozen. */
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
  /** HELPDESK_SLA_FILE: the SLA policy (src/sla); undefined = no clocks. */
  slaFile?: string;
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
  const roles = readRoles(env);
  const config: Config = {
    port: integer(env, 'PORT', 3978, 0, 65535),
    host: readHost(env),
    production,
    log,
    dataDir: path.resolve(value(env, 'HELPDESK_DATA_DIR') ?? './.data'),
    helpdesk: {
      target,
      graphUrl: httpsUrl(env, 'HELPDESK_GRAPH_URL', 'https://graph.microsoft.com'),
      authUrl: httpsUrl(env, 'HELPDESK_AUTH_URL', 'https://login.microsoftonline.com'),
      agentEmailField: value(env, 'HELPDESK_AGENT_EMAIL_FIELD') ?? 'SD_Email',
      spaceId: value(env, 'HELPDESK_SPACE_ID'),
      ticketUrlPattern: readTicketUrlPattern(env),
      priorities: roles.priorities,
      categories: readCategories(env),
      statuses: roles.statuses,
      openStatuses: roles.openStatuses,
      highPriorities: roles.highPriorities,
    },
    teams: readTeams(env),
    slack: readSlack(env),
    pollSeconds: integer(env, 'HELPDESK_POLL_SECONDS', 15, 1, 3600),
    backfillMinutes: integer(env, 'HELPDESK_BACKFILL_MINUTES', 0, 0, 60 * 24 * 30),
    databaseUrl: readDatabaseUrl(env),
    locale: helpdeskLocale(env),
    slaFile: value(env, 'HELPDESK_SLA_FILE') ? path.resolve(value(env, 'HELPDESK_SLA_FILE')!) : undefined,
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

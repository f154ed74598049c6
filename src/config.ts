/**
 * Configuration: read and validated once at start. Missing or malformed values stop start-up
 * with a message naming every such variable at once (ConfigError, ConfigErrors). Every setting is documented in .env.example.
 * The readers live in src/settings (one variable's shape in read.ts, groups in groups.ts).
 */
import path from 'node:path';
import { IANAZone } from 'luxon';
import { isKnownLocale, LOCALES, normalizeLocale } from './i18n';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './log';
import { readFilesSettings, type FilesSettings } from './features/files/settings';
import {
  readDatabaseUrl,
  readHost,
  readSlack,
  readTarget,
  readTeams,
  readTicketUrlPattern,
  readCategories,
  readRoles,
  DEFAULT_CATEGORIES,
  DEFAULT_VOCABULARY,
  type HelpdeskTarget,
  type SlackSettings,
  type TeamsSettings,
  type VocabularySettings,
} from './settings/groups';
import { ConfigError, httpsUrl, integer, isProduction, oneOf, problems, value, type Env } from './settings/read';
import { readSiteSchema, type SiteSchemaSettings } from './settings/site-schema';
import type { SurveyScale } from './core/satisfaction';

export { ConfigError, ConfigErrors, isProduction, oneOf } from './settings/read';
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
export interface HelpdeskSettings extends VocabularySettings, SiteSchemaSettings {
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
  /** Absolute; from HELPDESK_DATA_DIR (default ./.data, relative to the working directory). */
  dataDir: string;
  /** HELPDESK_DATA_DIR as given, for messages that name it; undefined when unset. */
  dataDirSetting?: string;
  helpdesk: HelpdeskSettings;
  teams: TeamsSettings;
  /** Undefined when Slack settings are absent: the Slack channel is off. */
  slack?: SlackSettings;
  pollSeconds: number;
  /** On first start, also announce tickets changed this many minutes before now (0 = none). */
  backfillMinutes: number;
  /** HELPDESK_STORM_THRESHOLD: more than this many of one channel's tickets changed in one poll cycle get one summary message. */
  stormThreshold: number;
  /** DATABASE_URL: the shared PostgreSQL store for several replicas; undefined = SQLite under dataDir. */
  databaseUrl?: string;
  /** HELPDESK_LOCALE: the language of channel cards whose channel has no `language` set (default en). */
  locale: string;
  /** HELPDESK_SLA_FILE: the SLA policy (src/features/sla); undefined = no clocks. */
  slaFile?: string;
  /** HELPDESK_ROUTING_FILE: the routing rules (src/features/routing); undefined = agents claim, as always. */
  routingFile?: string;
  /** HELPDESK_CSAT (on|off, default on) and HELPDESK_CSAT_SCALE (5|thumbs, default 5): the survey a requester gets when their ticket is resolved. */
  csat: { enabled: boolean; scale: SurveyScale };
  /** HELPDESK_TIME_ZONE: IANA zone of digests set without one when no SLA policy names one (default UTC). */
  timeZone: string;
  /** HELPDESK_ATTACHMENT_MAX_MB (default 25) and HELPDESK_ATTACHMENTS_FOLDER (default SD_Attachments): files on tickets. */
  files: FilesSettings;
}

/** Options for loadConfig. */
export interface LoadOptions {
  /**
   * Apply the production rules whatever NODE_ENV says, and name this as the reason in messages
   * (the doctor's `--production`). Default: NODE_ENV=production decides.
   */
  productionBy?: string;
}

/**
 * Reads and validates the whole configuration once. Every missing or malformed setting is named
 * at once: one ConfigError, or ConfigErrors listing each, so an admin fixes them in one pass.
 * A new setting is one line below: `name: found.read(() => reader(env), fallback)`.
 */
export function loadConfig(env: Env = process.env, options: LoadOptions = {}): Readonly<Config> {
  const found = problems();
  const log: LogSettings = {
    level: found.read(() => oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'), 'info'),
    format: found.read(() => oneOf(env, 'LOG_FORMAT', LOG_FORMATS, 'json'), 'json'),
  };
  const production = options.productionBy !== undefined || isProduction(env);
  const target = found.read(() => readTarget(env), { kind: 'embedded' } as HelpdeskTarget);
  if (production && value(env, 'HELPDESK_SITE_ID') === undefined) {
    const why = options.productionBy ?? 'NODE_ENV=production';
    found.add(new ConfigError('HELPDESK_SITE_ID', `is required in production (${why}): without it the bot would serve the embedded demo site`));
  }
  const roles = found.read(() => readRoles(env), DEFAULT_VOCABULARY);
  const config: Config = {
    port: found.read(() => integer(env, 'PORT', 3978, 0, 65535), 3978),
    host: found.read(() => readHost(env), '127.0.0.1'),
    production,
    log,
    dataDir: path.resolve(value(env, 'HELPDESK_DATA_DIR') ?? './.data'),
    dataDirSetting: value(env, 'HELPDESK_DATA_DIR'),
    helpdesk: {
      target,
      graphUrl: found.read(() => httpsUrl(env, 'HELPDESK_GRAPH_URL', 'https://graph.microsoft.com'), ''),
      authUrl: found.read(() => httpsUrl(env, 'HELPDESK_AUTH_URL', 'https://login.microsoftonline.com'), ''),
      agentEmailField: value(env, 'HELPDESK_AGENT_EMAIL_FIELD') ?? 'SD_Email',
      spaceId: value(env, 'HELPDESK_SPACE_ID'),
      ticketUrlPattern: found.read(() => readTicketUrlPattern(env), undefined),
      priorities: roles.priorities,
      categories: found.read(() => readCategories(env), DEFAULT_CATEGORIES),
      statuses: roles.statuses,
      openStatuses: roles.openStatuses,
      highPriorities: roles.highPriorities,
      statusRoles: roles.statusRoles,
      ...readSiteSchema(env),
    },
    teams: found.read(() => readTeams(env), { appType: 'SingleTenant' }),
    slack: found.read(() => readSlack(env), undefined),
    pollSeconds: found.read(() => integer(env, 'HELPDESK_POLL_SECONDS', 15, 1, 3600), 15),
    backfillMinutes: found.read(() => integer(env, 'HELPDESK_BACKFILL_MINUTES', 0, 0, 60 * 24 * 30), 0),
    stormThreshold: found.read(() => integer(env, 'HELPDESK_STORM_THRESHOLD', 10, 1, 10_000), 10),
    databaseUrl: found.read(() => readDatabaseUrl(env), undefined),
    locale: found.read(() => helpdeskLocale(env), 'en'),
    slaFile: found.read(() => (value(env, 'HELPDESK_SLA_FILE') ? path.resolve(value(env, 'HELPDESK_SLA_FILE')!) : undefined), undefined),
    routingFile: found.read(() => (value(env, 'HELPDESK_ROUTING_FILE') ? path.resolve(value(env, 'HELPDESK_ROUTING_FILE')!) : undefined), undefined),
    csat: {
      enabled: found.read(() => oneOf(env, 'HELPDESK_CSAT', ['on', 'off'], 'on'), 'on') === 'on',
      scale: found.read(() => oneOf(env, 'HELPDESK_CSAT_SCALE', ['5', 'thumbs'], '5'), '5') === 'thumbs' ? 'thumbs' : 'five',
    },
    timeZone: found.read(() => helpdeskTimeZone(env), 'UTC'),
    files: found.read(() => readFilesSettings(env), { maxBytes: 25 * 1024 * 1024, folder: 'SD_Attachments' }),
  };
  found.done();
  return deepFreeze(config);
}

function helpdeskLocale(env: Env): string {
  const raw = value(env, 'HELPDESK_LOCALE');
  if (raw !== undefined && !isKnownLocale(raw)) throw new ConfigError('HELPDESK_LOCALE', `"${raw}" has no message catalog (one of: ${LOCALES.join(', ')})`);
  return normalizeLocale(raw);
}

function helpdeskTimeZone(env: Env): string {
  const raw = value(env, 'HELPDESK_TIME_ZONE');
  if (raw === undefined) return 'UTC';
  if (!IANAZone.isValidZone(raw)) throw new ConfigError('HELPDESK_TIME_ZONE', `"${raw}" is not an IANA time zone (e.g. Europe/Berlin, America/New_York, UTC)`);
  return new Intl.DateTimeFormat('en', { timeZone: raw }).resolvedOptions().timeZone;
}

function deepFreeze<T>(obj: T): T {
  if (obj && typeof obj === 'object') {
    for (const v of Object.values(obj)) deepFreeze(v);
    Object.freeze(obj);
  }
  return obj;
}
